import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { userConfigDir } from '../config/user-catalog.js';

/**
 * A stdio server's `sandbox` as written: `true`, `"required"`, or what it may reach.
 * `false` (or none) runs it with all of the person's rights, as before.
 */
export interface SandboxEntry {
  /** Hosts it may reach by name (`api.github.com`, `*.example.com`, `localhost`); none: no network. */
  network?: string[];
  /** Paths it may read besides the system's own files (the home folder is hidden but for these). */
  read?: string[];
  /** Paths it may write besides its private temp folder and its roots. */
  write?: string[];
  /** Variables of mcpdeck's environment it is given, by name (its `env` map is given anyway). */
  env?: string[];
  /** Refuse to run it where the platform cannot sandbox, rather than run it unsandboxed. */
  required?: boolean;
}

/** The sandbox of a server about to start: paths absolute, `~` and `${VAR}` filled in. */
export interface SandboxSettings {
  network: string[];
  read: string[];
  write: string[];
  /** What it is given of mcpdeck's environment: the variables it names and those a runtime needs. */
  env: Record<string, string>;
  required: boolean;
  /** Never readable, whatever `read` says: mcpdeck's own files and the usual secret places. */
  deny: string[];
  /** The home folder hidden from it (read back only where `read`, `write`, roots or `cwd` name it). */
  home: string;
}

/** The entry's `sandbox` as the launch plan keeps it (normal form), or undefined when it runs unsandboxed. */
export function sandboxEntryOf(value: unknown): SandboxEntry | undefined {
  if (value === true) return {};
  if (value === 'required') return { required: true };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as SandboxEntry;
  return {
    ...(v.network?.length && { network: [...v.network] }),
    ...(v.read?.length && { read: [...v.read] }),
    ...(v.write?.length && { write: [...v.write] }),
    ...(v.env?.length && { env: [...v.env] }),
    ...(v.required && { required: true }),
  };
}

/**
 * Where the usual secrets live under a home folder: keys, cloud credentials, browser
 * profiles (cookies), package-registry and git tokens. Never readable by a sandboxed
 * server, even when a `read` path covers them (`"read": ["~"]`).
 */
const SECRET_PLACES = [
  '.ssh', '.gnupg', '.aws', '.azure', '.config/gcloud', '.kube', '.docker/config.json',
  '.npmrc', '.yarnrc', '.yarnrc.yml', '.pypirc', '.netrc', '.git-credentials', '.config/gh', '.config/hub',
  '.mozilla', '.config/google-chrome', '.config/chromium', '.config/BraveSoftware', '.config/microsoft-edge',
  'Library/Application Support/Google/Chrome', 'Library/Application Support/Firefox', 'Library/Cookies', 'Library/Keychains',
  '.claude.json', '.claude/.credentials.json', '.codex/auth.json', '.config/op', '.password-store', '.local/share/keyrings',
];

/** What a program needs of the environment to run at all, besides the SDK's defaults (PATH, HOME, USER, SHELL, TERM). */
const RUNTIME_VARIABLES = ['LANG', 'LC_ALL', 'LC_CTYPE', 'TZ'];

/** mcpdeck's own files (catalog, approvals, secrets, tokens) and the secret places of `home`. */
function deniedPaths(home: string, env: NodeJS.ProcessEnv): string[] {
  const own = [userConfigDir(env), ...(env.XDG_RUNTIME_DIR ? [join(env.XDG_RUNTIME_DIR, 'mcpdeck')] : [])];
  return [...new Set([...own, ...SECRET_PLACES.map((p) => join(home, p))])];
}

/**
 * The settings a server starts with. `fill` expands `${VAR}` (as every other value of
 * the entry), `~` is the home folder, and a relative path is from the entry's file.
 */
export function sandboxSettings(entry: SandboxEntry, fill: (text: string) => string, base: string, env: NodeJS.ProcessEnv): SandboxSettings {
  const home = env.HOME || homedir();
  const path = (p: string) => {
    const filled = fill(p);
    return resolve(base, filled === '~' || filled.startsWith('~/') ? join(home, filled.slice(1)) : filled);
  };
  return {
    network: (entry.network ?? []).map(fill),
    read: (entry.read ?? []).map(path),
    write: (entry.write ?? []).map(path),
    env: Object.fromEntries([...RUNTIME_VARIABLES, ...(entry.env ?? [])].flatMap((n) => (env[n] !== undefined ? [[n, env[n]!]] : []))),
    required: entry.required ?? false,
    deny: deniedPaths(home, env),
    home,
  };
}
