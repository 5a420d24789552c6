import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, sandbox, type CliResult } from '../../integration/helpers/cli.js';
import { until as untilHolds } from '../../helpers/until.js';

export interface AuthSandbox {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Everything every run printed, to prove no token ever appears. */
  printed: string[];
  run: (args: string[], options?: { stdin?: (write: (text: string) => void, output: () => string) => void }) => Promise<CliResult>;
  /** The saved sign-ins file (the file store: this machine has no keychain). */
  secretsFile: string;
  secrets: () => Record<string, Record<string, unknown>>;
  /**
   * Changes a saved sign-in as another process or time would (its tokens, its expiry): the
   * next run reads it as saved. A sign-in made due this way is refreshed as one that
   * expired by the clock is, with no test waiting for the clock.
   */
  edit: (key: string, change: (record: Record<string, unknown>) => Record<string, unknown>) => void;
  mode: () => number;
}

/** A private config folder and the test browser; each run is mcpdeck as a user runs it. */
export function authSandbox(browser: Record<string, string>, extra: Record<string, string> = {}): AuthSandbox {
  const box = sandbox();
  const env = { ...box.env, ...browser, MCPDECK_OAUTH_CALLBACK_PORT: '0', ...extra };
  const printed: string[] = [];
  const secretsFile = join(String(env.MCPDECK_CONFIG_DIR), 'secrets.json');
  const run: AuthSandbox['run'] = (args, options = {}) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: box.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d));
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      options.stdin?.((text) => child.stdin.write(text), () => stdout + stderr);
      child.once('error', reject);
      child.once('close', (code) => {
        printed.push(stdout, stderr);
        resolve({ code, stdout, stderr });
      });
    });
  const secrets = () => {
    const file = JSON.parse(readFileSync(secretsFile, 'utf8')) as { secrets: Record<string, string> };
    return Object.fromEntries(Object.entries(file.secrets).map(([k, v]) => [k, JSON.parse(v) as Record<string, unknown>]));
  };
  const edit: AuthSandbox['edit'] = (key, change) => {
    const file = JSON.parse(readFileSync(secretsFile, 'utf8')) as { secrets: Record<string, string> };
    file.secrets[key] = JSON.stringify(change(JSON.parse(file.secrets[key]!) as Record<string, unknown>));
    writeFileSync(secretsFile, JSON.stringify(file), { mode: 0o600 });
  };
  return { cwd: box.cwd, env, printed, run, secretsFile, secrets, edit, mode: () => statSync(secretsFile).mode & 0o777 };
}

/** Every token and secret value in the saved sign-ins: none may be printed anywhere. */
export function secretValues(saved: Record<string, Record<string, unknown>>): string[] {
  return Object.values(saved).flatMap((record) => {
    const tokens = (record.tokens ?? {}) as Record<string, unknown>;
    const client = (record.client ?? {}) as Record<string, unknown>;
    return [tokens.access_token, tokens.refresh_token, tokens.id_token, client.client_secret].filter((v): v is string => typeof v === 'string');
  });
}

/** Waits for the output to show `what` (a paste test pastes only once the link is up). */
export async function until(output: () => string, what: RegExp, ms = 30_000): Promise<string> {
  await untilHolds(() => what.test(output()), () => `${what}; output:\n${output()}`, { ms, every: 50 });
  return output();
}
