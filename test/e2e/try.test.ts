// `mcpdeck try` in a real terminal: the deck on one ad hoc server, sandboxed with no
// network; a call it is refused shows in the Info tab, `w` allows it for this run, and
// `a` adds the server to the user catalog with what it needed.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { fixture, localhostPage } from '../helpers/servers.js';

const page = localhostPage('hello from localhost');

async function callFetch(term: Terminal): Promise<void> {
  await term.keys('1', '/');
  await term.type('fetch_url');
  await term.keys('Enter');
  await term.waitFor(/› .*fetch.url/i);
  await term.keys('Enter');
  await term.waitFor('[ call ]');
  await term.type(page.url);
  await term.keys('C-s');
}

describe('mcpdeck try', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('lists and calls a sandboxed server; what it was refused is listed, w allows it, a adds it with it', async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'mcpdeck-try-')));
    mkdirSync(join(base, 'home'));
    term = openTerminal({}, { config: false, cwd: base, columns: 120, rows: 36, env: { HOME: join(base, 'home') }, args: ['try', '--', process.execPath, fixture('sandbox-probe.mjs')] });
    const dashboard = await term.waitFor('✓ connected');
    expect(dashboard).toMatch(/adhoc\s+✓ connected\s+stdio ⛨\s+5/);
    expect(dashboard).toContain('a add');

    await term.keys('Enter');
    await term.waitFor(/1 Tools \(5\)/);
    await callFetch(term);
    await term.waitFor(/fetch failed/);
    await term.keys('Escape', 'Escape');
    await term.keys('5');
    const info = await term.waitFor('Blocked by the sandbox');
    expect(info).toMatch(/Sandbox\s+⛨ 1 blocked/);
    expect(info).toMatch(new RegExp(`→ network localhost:\\d+ · \\d\\d:\\d\\d:\\d\\d\\.\\d+ · during fetch_url · refused by the proxy`));
    expect(info).toContain('w allows the host localhost');
    // The dashboard counts it beside the server.
    await term.keys('Escape');
    // (The Info tab says "⛨ 1 blocked" too: wait for the dashboard's row itself.)
    await term.waitFor(/adhoc\s+✓ connected\s+stdio ⛨\s+5\s+(\d+\s+)?⛨ 1 blocked/);
    await term.keys('Enter', '5');
    await term.waitFor('Blocked by the sandbox');

    await term.keys('w');
    await term.waitFor('allowed localhost for adhoc in this run');
    await term.waitFor(/network localhost; nothing of your home folder/);
    await term.waitFor('✓ connected');
    await callFetch(term);
    await term.waitFor('hello from localhost');

    await term.keys('Escape', 'Escape', 'Escape', 'Escape');
    await term.waitFor('a add');
    await term.keys('a');
    await term.waitFor(/added sandbox-probe to the user catalog/);
    const catalog = JSON.parse(readFileSync(join(term.dir, 'config', 'servers.json'), 'utf8')) as { mcpServers: Record<string, { sandbox: unknown; args: string[] }> };
    expect(catalog.mcpServers['sandbox-probe']).toMatchObject({ sandbox: { network: ['localhost'] }, args: [fixture('sandbox-probe.mjs')] });
  });
});
