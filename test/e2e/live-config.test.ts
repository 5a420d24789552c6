import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openTerminal, type Terminal } from './helpers/tmux.js';

const BIN = fileURLToPath(new URL('../../bin/mcpdeck.js', import.meta.url));
const HEALTHY = fileURLToPath(new URL('../fixtures/servers/healthy.mjs', import.meta.url));

/** A project folder and a home of its own: the deck reads only what the test writes. */
function place() {
  const cwd = mkdtempSync(join(tmpdir(), 'mcpdeck-e2e-live-'));
  const home = join(cwd, '.home');
  mkdirSync(home);
  return { cwd, home };
}

describe('live configuration in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('a server added by `mcpdeck add` in another process appears in the running deck and connects', async () => {
    const { cwd, home } = place();
    term = openTerminal({}, { config: false, cwd, env: { HOME: home }, columns: 120, rows: 30 });
    await term.waitFor(/demo\s+✓ connected/);
    const env = { ...process.env, HOME: home, MCPDECK_CONFIG_DIR: join(term.dir, 'config') };
    delete env.XDG_CONFIG_HOME;
    execFileSync(process.execPath, [BIN, 'add', 'healthy', '--', process.execPath, HEALTHY], { cwd, env });
    const screen = await term.waitFor((s) => /healthy\s+✓ connected/.test(s) && s.includes('config reloaded: +1 −1 ~0'));
    expect(screen).toContain('↻ config reloaded');
    // The demo stood in only while nothing was configured.
    expect(screen).not.toMatch(/demo\s+✓/);

    execFileSync(process.execPath, [BIN, 'remove', 'healthy'], { cwd, env });
    await term.waitFor((s) => !/healthy\s+✓/.test(s) && /demo\s+✓ connected/.test(s));
  });

  it('adds a server through the deck’s form: it is written to the user catalog and connects', async () => {
    const { cwd, home } = place();
    term = openTerminal({}, { config: false, cwd, env: { HOME: home }, columns: 120, rows: 30 });
    await term.waitFor(/demo\s+✓ connected/);
    await term.keys('n');
    await term.waitFor('[ add ]');
    await term.type('echo');
    await term.keys('Down', 'Down');
    await term.waitFor(/› Command/);
    await term.type(process.execPath);
    await term.keys('Down');
    await term.waitFor(/› Arguments/);
    await term.keys('C-n');
    await term.type(HEALTHY);
    await term.keys('C-s');
    await term.waitFor((s) => /echo\s+✓ connected/.test(s) && !s.includes('[ add ]'));
    const catalog = JSON.parse(readFileSync(join(term.dir, 'config', 'servers.json'), 'utf8'));
    expect(catalog.mcpServers.echo).toEqual({ command: process.execPath, args: [HEALTHY] });
  });
});
