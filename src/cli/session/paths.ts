import { lstatSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Where a session listens, written so that the session's client loads nothing but Node
// itself (src/cli/session/client.ts runs before the bundle on every headless command).

/** What makes one configuration: the same answers mean the same session. */
export interface SessionKeyParts {
  cwd: string;
  /** --config files as given (resolved against cwd here). */
  configs?: readonly string[];
  strict?: boolean;
  demo?: boolean;
  env: NodeJS.ProcessEnv;
}

/** The environment that moves where configuration is read from. */
const CONFIG_ENV = ['HOME', 'USERPROFILE', 'MCPDECK_CONFIG_DIR', 'XDG_CONFIG_HOME', 'APPDATA', 'CODEX_HOME', 'CLAUDE_CONFIG_DIR'];

/** One session per user and configuration: the folder it reads, its --config files, and where the user's files are. */
export function sessionKey(parts: SessionKeyParts): string {
  const configs = (parts.configs ?? []).map((file) => resolve(parts.cwd, file)).sort();
  const env = CONFIG_ENV.map((name) => parts.env[name] ?? '');
  const text = JSON.stringify([resolve(parts.cwd), configs, Boolean(parts.strict), Boolean(parts.demo), env]);
  return hash64(text);
}

/**
 * 64 bits of FNV-1a over the text's UTF-16 units, in two lanes (no node:crypto: loading it
 * costs a session's client more than the rest of its work). A name, not a secret: the
 * folder's permissions guard the session.
 */
function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (a >>> 7), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

export interface SessionPaths {
  /** The configuration's key (sessionKey). */
  key: string;
  dir: string;
  socket: string;
  /** The session's pid, servers and start time (0600), for `status` and a crashed session's notice. */
  info: string;
  /** What the session process itself writes (its stderr). */
  log: string;
}

/**
 * The user's runtime folder for sessions: $XDG_RUNTIME_DIR/mcpdeck, else a 0700 folder of
 * theirs under the OS temp folder (on Windows, %LOCALAPPDATA%\\Temp: the user's own).
 */
function runtimeDir(env: NodeJS.ProcessEnv): string {
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'mcpdeck');
  const uid = typeof process.getuid === 'function' ? process.getuid() : (env.USERNAME ?? 'user');
  return join(tmpdir(), `mcpdeck-${uid}`);
}

/** Where Windows keeps named pipes; a session's pipe is `mcpdeck-<key>-<random>` there. */
const PIPES = '\\\\.\\pipe\\';
/** A session's pipe: the configuration's key, then `random` (hex, made by the session). */
export const pipeName = (key: string, random: string) => `${PIPES}mcpdeck-${key}-${random}`;

/**
 * Windows has no socket files: a session listens on a named pipe, which anyone could create
 * first under a name they can guess. So its name ends in random bytes and is kept only in
 * the session's note, in the user's own folder: a client reads it there ('' while no session
 * runs), and nobody else can know it in time to take it.
 */
function pipeIn(info: string, key: string): string {
  try {
    const { socket } = JSON.parse(readFileSync(info, 'utf8')) as { socket?: unknown };
    if (typeof socket === 'string' && socket.startsWith(pipeName(key, '')) && !socket.slice(PIPES.length).includes('\\')) return socket;
  } catch {
    // No note (no session), or a half-written one.
  }
  return '';
}

export function sessionPaths(key: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): SessionPaths {
  const dir = runtimeDir(env);
  const info = join(dir, `${key}.json`);
  const socket = platform === 'win32' ? pipeIn(info, key) : join(dir, `${key}.sock`);
  return { key, dir, socket, info, log: join(dir, `${key}.log`) };
}

/** Whether a session's socket is there (it may still be a dead one's). */
export function socketExists(paths: SessionPaths, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32') return paths.socket !== '';
  return lstatSync(paths.socket, { throwIfNoEntry: false }) !== undefined;
}

/** Removes a dead session's socket file (a named pipe goes with its process). */
export function removeSocket(paths: SessionPaths, platform: NodeJS.Platform = process.platform): void {
  if (platform !== 'win32') rmSync(paths.socket, { force: true });
}

/** A folder or socket someone else could reach: it is not ours to use. */
export class UnsafeRuntime extends Error {}

/** Makes the runtime folder (0700) and checks it is the user's own and private: a folder someone else controls is never used. */
export function ensureRuntimeDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkPrivate(dir, 'directory');
}

/** The folder or socket must be this user's, not a link, and closed to group and others. */
export function checkPrivate(path: string, kind: 'directory' | 'socket'): void {
  if (process.platform === 'win32') return;
  const stat = lstatSync(path);
  const right = kind === 'directory' ? stat.isDirectory() : stat.isSocket();
  if (!right) throw new UnsafeRuntime(`${path} is not a ${kind} (a link or a file is never used)`);
  if (stat.uid !== process.getuid!()) throw new UnsafeRuntime(`${path} belongs to another user (uid ${stat.uid})`);
  if (stat.mode & 0o077) throw new UnsafeRuntime(`${path} is open to others (mode ${(stat.mode & 0o777).toString(8)}); it must be ${kind === 'directory' ? '0700' : '0600'}`);
}
