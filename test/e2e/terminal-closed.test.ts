// Closing the terminal the deck runs in: its stdio servers run in process groups of their
// own, so the hangup never reaches them, and one that stays on when its input closes (as
// this fixture and server-everything do) was left running for good. The deck now ends
// them as it goes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { alive } from '../integration/helpers/process.js';
import { until } from '../helpers/until.js';

const LINGERS = fileURLToPath(new URL('../fixtures/servers/lingers.mjs', import.meta.url));

describe('the terminal closes under the deck', () => {
  let term: Terminal | undefined;
  let pid: number | undefined;
  afterEach(() => {
    term?.stop();
    if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it("ends the deck's servers (the hangup does not reach their process groups)", async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'mcpdeck-e2e-hangup-')), 'left');
    term = openTerminal({ slow: { command: process.execPath, args: [LINGERS], env: { LINGER_MARKER: marker } } }, { columns: 120, rows: 30 });
    await term.waitFor(/slow\s+✓ connected/);
    pid = Number(readFileSync(`${marker}.pid`, 'utf8'));
    term.stop();
    const server = pid;
    const ended = await until(() => !alive(server), 'the server gone', { ms: 5_000, every: 50 }).then(() => true, () => false);
    expect(ended).toBe(true);
    // Asked to leave, it left in its own time (the deck waits for it, as on q).
    expect(readFileSync(marker, 'utf8')).toBe('left in its own time');
  });
});
