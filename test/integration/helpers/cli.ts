import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../../bin/mcpdeck.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh working folder and user catalog, so no test sees the machine's own config. */
export function sandbox(): { cwd: string; env: NodeJS.ProcessEnv } {
  const cwd = mkdtempSync(join(tmpdir(), 'mcpdeck-cli-'));
  // A home of its own too: mcpdeck reads other clients' files there (~/.cursor, ~/.claude.json, ...).
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: join(cwd, '.home'), USERPROFILE: join(cwd, '.home'), MCPDECK_CONFIG_DIR: join(cwd, '.user-config'), NO_COLOR: '1' };
  for (const moved of ['XDG_CONFIG_HOME', 'APPDATA', 'CODEX_HOME', 'CLAUDE_CONFIG_DIR']) delete env[moved];
  return { cwd, env };
}

/** Runs bin/mcpdeck.js as a user would; `whileRunning` may act on the process (signals). */
export function runCli(
  args: string[],
  where: { cwd: string; env: NodeJS.ProcessEnv },
  whileRunning?: (child: ReturnType<typeof spawn>, output: { stdout: string; stderr: string }) => void,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: where.cwd, env: where.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (d: Buffer) => (output.stdout += d));
    child.stderr.on('data', (d: Buffer) => (output.stderr += d));
    whileRunning?.(child, output);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, ...output }));
  });
}
