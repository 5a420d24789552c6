import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../helpers/servers.js';
import { runCli } from '../integration/helpers/cli.js';
import { openTerminal, type Terminal } from './helpers/tmux.js';

describe('the deck attached to a session', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-e2e-session-'));
  const run = join(dir, 'run');
  mkdirSync(run, { mode: 0o700 });
  const config = join(dir, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { counter: fixtureServer('counter.mjs'), modern: fixtureServer('modern-server.mjs', 'stdio', 'reject') } }));
  // The deck in tmux and the commands here must name the same configuration: the same folder, files and config dir.
  const vars = { MCPDECK_CONFIG_DIR: join(dir, 'config'), XDG_RUNTIME_DIR: run, TERM: 'xterm-256color' };
  const where = { cwd: dir, env: { ...process.env, ...vars, NO_COLOR: '1' } };
  const cli = (...args: string[]) => runCli([...args, '--strict', '--config', config], where);
  let term: Terminal | undefined;
  afterAll(async () => {
    term?.stop();
    await cli('session', 'stop');
  });

  it("shows the session's servers; a script's call shows in the Log tab, its question in the overlay; quitting leaves the session running", async () => {
    const started = await cli('session', 'start');
    expect(started.code, started.stderr).toBe(0);
    const first = await cli('call', 'counter', 'increment');
    expect(first.stdout).toContain('count 1');
    term = openTerminal({}, { config: false, cwd: dir, env: vars, args: ['--strict', '--config', config] });
    await term.waitFor((shown) => /counter\s+✓ connected/.test(shown) && /modern\s+✓ connected/.test(shown));
    await term.keys('Enter');
    await term.waitFor('4 Log');
    await term.keys('4');
    await term.waitFor('JSON-RPC traffic');
    // `t` goes to the Log tab's next pane, the third is the JSON-RPC traffic: pressed until it shows
    // (the pane names are all on screen whichever is open; a press may land before the tab takes keys).
    for (let i = 0; i < 6 && !/→ tools\/list/.test(term.screen()); i++) {
      await term.keys('t');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    // The call the script made before the deck opened is there, and one made now appears.
    await term.waitFor(/→ tools\/call/);
    const later = await cli('call', 'counter', 'echo', 'text=while-watched');
    expect(later.code, later.stderr).toBe(0);
    const screen = await term.waitFor((s) => (s.match(/→ tools\/call/g) ?? []).length >= 2);
    expect(screen).toMatch(/← tools\/call · result/);
    // A script's call that asks (a 2026 input_required round) waits; the person answers it in the deck.
    const asked = await cli('call', 'modern', 'greet');
    expect(asked.code, asked.stderr).toBe(8);
    const call = /mcpdeck wait (c\d+)/.exec(asked.stderr)![1]!;
    await term.waitFor('modern asks you to fill in a form');
    await term.type('Grace');
    await term.keys('C-s');
    const waited = await cli('wait', call);
    expect(waited).toMatchObject({ code: 0, stdout: 'hello, Grace\n' });
    await term.keys('Escape', 'q');
    await term.waitFor((s) => !s.includes('counter'));
    // The session still holds the same server process: the count goes on.
    const after = await cli('call', 'counter', 'increment');
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('count 2');
  });
});
