import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importServers } from '../../src/core/config/import-servers.js';
import { inputAccount } from '../../src/core/config/inputs.js';
import { clientById } from '../../src/core/config/sources/registry.js';
import { whereFrom } from '../../src/core/config/sources/where.js';
import { openUserCatalog, type UserCatalog } from '../../src/core/config/user-catalog.js';
import { openSecretStore } from '../../src/core/secrets/store.js';
import { machine, type Machine } from './helpers/clients.js';

let box: Machine;
let catalog: UserCatalog;
beforeEach(() => {
  box = machine();
  catalog = openUserCatalog({ MCPDECK_CONFIG_DIR: join(box.root, 'config') });
});
afterEach(() => rmSync(box.root, { recursive: true, force: true }));

const where = () => whereFrom({ env: {}, cwd: box.project, home: box.home, platform: 'linux' });
const secrets = () => openSecretStore({ dir: join(box.root, 'config') });

describe('importServers', () => {
  it('copies a client\'s servers, from all its files, into the user catalog in mcpdeck\'s shape', async () => {
    const result = await importServers({ client: clientById('codex')!, where: where(), catalog });
    expect(result.added).toEqual(['docs', 'figma', 'old']);
    expect(catalog.read().figma).toEqual({
      url: 'https://mcp.figma.com/mcp', type: 'http', headers: { 'X-Figma-Region': 'us-east-1', 'X-Org': '${FIGMA_ORG}', Authorization: 'Bearer ${FIGMA_OAUTH_TOKEN}' },
    });
    const claude = await importServers({ client: clientById('claude-code')!, where: where(), catalog });
    // User, project (.mcp.json) and this folder's local servers; not other folders'.
    expect(claude.added.sort()).toEqual(['airtable', 'helper', 'local-db', 'sentry', 'shared-api']);
    expect(claude.notes).toEqual([{ name: 'helper', note: expect.stringContaining('headersHelper') }]);
  });

  it('--only picks names, and an unknown one is an error that lists what there is', async () => {
    const result = await importServers({ client: clientById('windsurf')!, where: where(), catalog, only: ['git'] });
    expect(result.added).toEqual(['git']);
    expect(Object.keys(catalog.read())).toEqual(['git']);
    await expect(importServers({ client: clientById('windsurf')!, where: where(), catalog, only: ['nope'] })).rejects.toThrow(
      '"nope" not found in Windsurf\'s files; there: userjot, git, ollama',
    );
  });

  it('keeps a different server of the same name unless forced; the same one is left alone', async () => {
    catalog.write({ git: { command: 'mine' } });
    const kept = await importServers({ client: clientById('windsurf')!, where: where(), catalog, only: ['git'] });
    expect(kept.skipped).toEqual([{ name: 'git', why: 'the user catalog has another server of that name (--force replaces it)' }]);
    expect(catalog.read().git).toEqual({ command: 'mine' });
    const forced = await importServers({ client: clientById('windsurf')!, where: where(), catalog, only: ['git'], force: true });
    expect(forced.replaced).toEqual(['git']);
    const again = await importServers({ client: clientById('windsurf')!, where: where(), catalog, only: ['git'] });
    expect(again.same).toEqual(['git']);
  });

  it('copies answers given to VS Code inputs, so nothing is asked twice', async () => {
    const store = await secrets();
    await store.set(inputAccount(box.at('vscode.user.mcp.json'), 'github-token'), 'ghp_given');
    await importServers({ client: clientById('vscode')!, where: where(), catalog, only: ['github'], secrets });
    expect(catalog.read().github).toMatchObject({ headers: { Authorization: 'Bearer ${input:github-token}' } });
    expect(await store.get(inputAccount(catalog.path, 'github-token'))).toBe('ghp_given');
  });

  it('skips a broken file of the client and says so, importing the rest', async () => {
    writeFileSync(box.at('cursor.project.mcp.json'), '{ "mcpServers": ');
    const result = await importServers({ client: clientById('cursor')!, where: where(), catalog });
    expect(result.problems).toEqual([expect.stringContaining(`${box.at('cursor.project.mcp.json')}:1:`)]);
    expect(result.added).toEqual(['context7', 'browser', 'notes', 'oauth-app']);
    expect(readFileSync(box.at('cursor.project.mcp.json'), 'utf8')).toBe('{ "mcpServers": ');
  });
});
