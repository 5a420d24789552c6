// A command ends once it has its answer: its servers get a short grace (EOF, then SIGTERM,
// then SIGKILL, 50 ms in all), never a graceful wait, while the deck still waits for a
// server to leave in its own time. The fixture takes 300 ms to handle SIGTERM and writes
// a marker when it does: the marker says who waited.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deckWith } from './helpers/deck.js';
import { runCli, sandbox } from './helpers/cli.js';
import { alive } from './helpers/process.js';
import { until } from '../helpers/until.js';

const LINGERS = fileURLToPath(new URL('../fixtures/servers/lingers.mjs', import.meta.url));

/** Resolves once the process is gone, so what it wrote on its way out is written. */
const gone = (pid: number) => until(() => !alive(pid), `server ${pid} gone`);

const entry = (marker: string) => ({ command: process.execPath, args: [LINGERS], env: { LINGER_MARKER: marker } });

describe('closing a server that is slow to leave', () => {
  it('mcpdeck call ends it after a short grace instead of waiting', async () => {
    const where = sandbox();
    const marker = join(where.cwd, 'left');
    writeFileSync(join(where.cwd, 'servers.json'), JSON.stringify({ mcpServers: { slow: entry(marker) } }));
    const run = await runCli(['call', '--strict', '--config', join(where.cwd, 'servers.json'), 'slow', 'echo', 'message=hi'], where);
    expect(run.stdout).toContain('Echo: hi');
    expect(run.code).toBe(0);
    await gone(Number(readFileSync(`${marker}.pid`, 'utf8')));
    expect(existsSync(marker)).toBe(false);
  });

  it('the deck gives it the time it takes', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'mcpdeck-linger-')), 'left');
    const deck = await deckWith({ slow: entry(marker) });
    await deck.connectAll();
    await deck.close();
    expect(existsSync(marker)).toBe(true);
  });
});
