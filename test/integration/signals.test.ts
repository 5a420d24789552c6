// mcpdeck's stdio servers run in process groups of their own (their workers end with them),
// so a signal to mcpdeck's group never reaches them: mcpdeck ended by a signal ends its
// servers first. The fixture stays on when its input closes, so it would outlive a
// mcpdeck that just died (as it did when its terminal closed).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox, type CliResult } from './helpers/cli.js';
import { alive } from './helpers/process.js';
import { until } from '../helpers/until.js';

const LINGERS = fileURLToPath(new URL('../fixtures/servers/lingers.mjs', import.meta.url));

/** `mcpdeck status --watch` over the lingering server, sent `signal` once the server is connected. */
async function watchedThen(signal: NodeJS.Signals): Promise<{ run: CliResult; ended: boolean }> {
  const where = sandbox();
  const marker = join(where.cwd, 'left');
  writeFileSync(join(where.cwd, 'servers.json'), JSON.stringify({ mcpServers: { slow: { command: process.execPath, args: [LINGERS], env: { LINGER_MARKER: marker } } } }));
  const run = await runCli(['status', '--watch', '--strict', '--config', 'servers.json'], where, (child, output) => {
    void until(() => output.stdout.includes('slow: connected'), 'the server connected', { ms: 15_000 }).then(
      () => child.kill(signal),
      () => child.kill('SIGKILL'),
    );
  });
  const pid = Number(readFileSync(`${marker}.pid`, 'utf8'));
  try {
    return { run, ended: await until(() => !alive(pid), 'the server gone', { ms: 5_000 }).then(() => true, () => false) };
  } finally {
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
}

describe('mcpdeck ended by a signal', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s: its servers are ended first, then it exits %i', async (signal, code) => {
    const { run, ended } = await watchedThen(signal);
    expect(run.stdout).toContain('slow: connected');
    expect(run.code).toBe(code);
    expect(ended).toBe(true);
  });

  it('SIGINT that a command waits for (status --watch) ends it as usual: exit 0, servers closed', async () => {
    const { run, ended } = await watchedThen('SIGINT');
    expect(run.code).toBe(0);
    expect(ended).toBe(true);
  });
});
