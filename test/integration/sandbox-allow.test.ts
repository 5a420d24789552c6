// Allowing what a sandboxed server was refused (the Info tab's `w` calls deck.sandbox.allow),
// approving a project's server to run sandboxed, and keeping a tried server (`a`).
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { Workspace } from '../../src/core/config/workspace.js';
import { normalizeEntry } from '../../src/core/config/normalize.js';
import { state, waitForStatus } from './helpers/deck.js';
import { fixtureServer, localhostPage } from '../helpers/servers.js';

const page = localhostPage('hello from localhost');

let deck: Deck | undefined;
afterEach(async () => {
  await deck?.close();
  deck = undefined;
});

function place() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'mcpdeck-test-sandbox-allow-')));
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(home);
  mkdirSync(project);
  const env = { ...process.env, HOME: home, MCPDECK_CONFIG_DIR: join(home, '.config', 'mcpdeck') };
  return { home, project, env };
}

const fetchLocal = async (d: Deck, name: string) => (await d.callTool(name, 'fetch_url', { url: page.url })).isError;

describe('allowing what the sandbox refused', () => {
  it("a project's server approved sandboxed: allowing a host writes it to the entry, asks for approval again, then the call succeeds", async () => {
    const { project, env } = place();
    const file = join(project, '.mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { probe: fixtureServer('sandbox-probe.mjs') } }, null, 2));
    const workspace = new Workspace(env, project);
    deck = await createDeck({ cwd: project, env, ...workspace.configStores() });
    expect(state(deck, 'probe').status).toBe('needs-approval');

    await deck.approve('probe', 'server', { sandboxed: true });
    await waitForStatus(deck, 'probe', ['connected']);
    expect(state(deck, 'probe').runs?.sandbox).toContain('approved sandboxed');
    expect(await fetchLocal(deck, 'probe')).toBe(true);
    const [denial] = state(deck, 'probe').sandbox!.denials;
    expect(denial).toMatchObject({ kind: 'network', target: expect.stringMatching(/^localhost:\d+$/), tool: 'fetch_url', allow: { field: 'network', value: 'localhost' } });

    const said = await deck.sandbox.allow('probe', denial!);
    expect(said).toContain(`allowed localhost for probe in ${file}; its launch plan changed, so it waits for your approval again (A)`);
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.probe.sandbox).toEqual({ network: ['localhost'] });
    expect(state(deck, 'probe').status).toBe('needs-approval');

    await deck.approve('probe', 'server');
    await waitForStatus(deck, 'probe', ['connected']);
    expect(state(deck, 'probe').runs?.sandbox).toBe('network localhost; nothing of your home folder');
    expect(await fetchLocal(deck, 'probe')).toBe(false);
  });

  it('a server of a named file: allowing reconnects it with the host, and the next call succeeds', async () => {
    const { project, env } = place();
    const file = join(project, 'servers.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { probe: { ...fixtureServer('sandbox-probe.mjs'), sandbox: true } } }));
    deck = await createDeck({ cwd: project, env, configFiles: [file], strict: true });
    await deck.connectAll();
    await waitForStatus(deck, 'probe', ['connected']);
    expect(await fetchLocal(deck, 'probe')).toBe(true);
    await deck.sandbox.allow('probe', state(deck, 'probe').sandbox!.denials[0]!);
    await waitForStatus(deck, 'probe', ['connected']);
    expect(await fetchLocal(deck, 'probe')).toBe(false);
    // The list goes on across the restart; nothing is left to allow.
    expect(state(deck, 'probe').sandbox).toMatchObject({ blocked: 1, denials: [{ kind: 'network', tool: 'fetch_url' }] });
  });

  it('a tried server is added to the user catalog with the hosts and paths it needed, never a secret place', async () => {
    const { home, project, env } = place();
    const workspace = new Workspace(env, project);
    const adhoc = [normalizeEntry('adhoc', { ...fixtureServer('sandbox-probe.mjs'), sandbox: {} }, { kind: 'adhoc', label: 'command line' }, env)];
    deck = await createDeck({ cwd: project, env, adhoc, userCatalog: workspace.catalog });
    await deck.connectAll();
    await waitForStatus(deck, 'adhoc', ['connected']);
    expect(await fetchLocal(deck, 'adhoc')).toBe(true);
    expect((await deck.callTool('adhoc', 'read_file', { path: join(home, '.ssh', 'id_rsa') })).isError).toBe(true);
    expect((await deck.callTool('adhoc', 'read_file', { path: join(home, 'notes.txt') })).isError).toBe(true);
    expect(deck.sandbox.canKeep).toBe(true);
    const said = await deck.sandbox.keep('adhoc');
    expect(said).toMatch(/^added sandbox-probe to the user catalog .*, sandboxed: network localhost; reads ~\/notes\.txt$/);
    expect(workspace.catalog.read()['sandbox-probe']).toMatchObject({ sandbox: { network: ['localhost'], read: ['~/notes.txt'] } });
  });
});
