// From a registry server's page: `i` installs it into a client's file (the target picked,
// the values asked in the deck's form, secrets masked and kept out of the file), `t` tries
// it in this deck (never written anywhere) and opens its screen; and a server installed
// from the registry is marked on the dashboard when the registry publishes a newer
// version, deprecates it or deletes it.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { sandbox } from '../integration/helpers/cli.js';
import { freePort, startEverything, type RunningServer } from '../integration/helpers/everything.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { registryEntry, registryStandIn, type RawEntry, type RegistryStandIn } from './helpers/registry-stand-in.js';

const SECRET = 'sk-SECRET-4711';

const weather = (version: string, meta: Parameters<typeof registryEntry>[1] = {}) => registryEntry({
  name: 'io.github.acme/weather', title: 'Acme Weather', description: 'Forecasts for any city.', version,
  packages: [{
    registryType: 'npm', identifier: '@acme/weather', version, transport: { type: 'stdio' },
    packageArguments: [{ type: 'named', name: '--units', default: 'metric', choices: ['metric', 'imperial'] }],
    environmentVariables: [{ name: 'API_KEY', description: 'Your Acme key', isRequired: true, isSecret: true }],
  }],
}, meta);

let registry: RegistryStandIn | undefined;
let everything: RunningServer | undefined;
let deck: Deck | undefined;
let app: Rendered | undefined;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
  await registry?.close();
  await everything?.stop();
  app = deck = registry = everything = undefined;
});

/** The deck over a registry publishing `entries`, secrets in a file of the sandbox's config folder, on a server's page. */
async function openPage(entries: RawEntry[], name: string, { columns = 140, rows = 40 } = {}) {
  const box = sandbox();
  box.env.MCPDECK_SECRETS = 'file';
  mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
  registry = await registryStandIn(entries);
  deck = await createDeck({ cwd: box.cwd, env: box.env, userCatalog: openUserCatalog(box.env), registry: registry.url });
  app = renderApp(deck, { columns, rows });
  await app.waitFor('demo');
  await app.press('g');
  await app.waitFor(name);
  // The search line takes the keys first: enter leaves it, enter again opens the server.
  await app.press(KEY.enter, KEY.enter);
  await app.waitFor((f) => f.includes('mcpdeck would run') && f.includes('▸'));
  return { app, box, catalog: join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json'), claude: join(box.env.HOME!, '.claude.json') };
}

/** i, the target named `target` (moving down to it); with `keys`, the form: the secret typed, those keys, ctrl+s. */
async function install(app: Rendered, target: string, keys: string[] | false = []) {
  await app.press('i');
  const targets = await app.waitFor('into which file?');
  const at = targets.split('\n').filter((l) => /^[› ] \S/.test(l)).findIndex((l) => l.slice(2).startsWith(`${target} `));
  expect(at, targets).toBeGreaterThanOrEqual(0);
  await app.press(...Array<string>(at).fill(KEY.down), KEY.enter);
  if (!keys) return;
  await app.waitFor('[ install ]');
  await app.press(...SECRET);
  // Masked as it is typed.
  await app.waitFor('•'.repeat(SECRET.length));
  await app.press(...keys, KEY.ctrl('s'));
}

describe('installing from the registry', () => {
  it("writes mcpdeck's user catalog with the version pinned and the secret kept out of the file; another client's file reads it from the environment", async () => {
    const { app, catalog, claude } = await openPage([weather('1.2.0')], 'acme/weather');
    await install(app, 'mcpdeck');
    const done = await app.waitFor("installed weather into mcpdeck's user catalog");
    expect(done).not.toContain('set API_KEY');
    const written = readFileSync(catalog, 'utf8');
    expect(written).not.toContain(SECRET);
    const entry = (JSON.parse(written) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> }).mcpServers.weather!;
    expect(entry).toMatchObject({ command: 'npx', args: ['-y', '@acme/weather@1.2.0', '--units', 'metric'] });
    expect(entry.env.API_KEY).toMatch(/^\$\{input:[^}]+\}$/);

    // Again with another value: the file has an entry of that name, so nothing is written until y says so.
    await install(app, 'mcpdeck', [KEY.down, KEY.right]);
    const skipped = await app.waitFor('not installed');
    expect(skipped).toContain('y replace');
    await app.press('y');
    await app.waitFor("replaced weather in mcpdeck's user catalog");
    expect(readFileSync(catalog, 'utf8')).toContain('imperial');

    await install(app, 'claude');
    const other = await app.waitFor("installed weather into Claude Code's user file");
    expect(other).toContain('set API_KEY in the environment Claude Code starts from');
    const claudeFile = readFileSync(claude, 'utf8');
    expect(claudeFile).toContain('${API_KEY}');
    expect(claudeFile).not.toContain(SECRET);
    expect(app.written()).not.toContain(SECRET);
    // Esc clears what the install said, then leaves the page.
    await app.press(KEY.esc);
    await app.waitFor((f) => !f.includes('installed weather'));
  });

  it('marks a server installed from the registry on the dashboard: a newer version, deprecated, deleted', async () => {
    // A remote on a port nothing listens on: the installed server fails at once, offline.
    const port = await freePort();
    const remote = (version: string, meta: Parameters<typeof registryEntry>[1] = {}) => registryEntry({ name: 'io.github.acme/tides', description: 'Tides.', version, remotes: [{ type: 'streamable-http', url: `http://127.0.0.1:${port}/mcp` }] }, meta);
    const { app } = await openPage([remote('1.0.0')], 'acme/tides');
    await install(app, 'mcpdeck', false);
    await app.waitFor("installed tides into mcpdeck's user catalog");
    await deck!.reload();
    await app.press(KEY.esc, KEY.esc, KEY.esc);
    await app.waitFor(/tides\s+/);

    registry!.publish([remote('1.1.0'), remote('1.0.0', { isLatest: false })]);
    await deck!.registry.refreshMarks();
    const newer = await app.waitFor('↑ 1.1.0');
    expect(newer).toMatch(/tides .*↑ 1\.1\.0/);
    await app.press(KEY.down);
    await app.waitFor('registry: version 1.1.0 is published (installed: 1.0.0)');

    registry!.publish([remote('1.1.0', { status: 'deprecated' }), remote('1.0.0', { isLatest: false })]);
    await deck!.registry.refreshMarks();
    await app.waitFor('↑ 1.1.0 ⚠ deprecated');

    registry!.publish([]);
    await deck!.registry.refreshMarks();
    const gone = await app.waitFor('✗ deleted');
    expect(gone).toContain('registry: the registry has deleted this server');
  });
});

describe('trying from the registry', () => {
  it("sends a registry default left as it is as the registry's, not as typed: one that would read the environment is refused", async () => {
    const entry = registryEntry({
      name: 'io.github.acme/files', description: 'Files.', version: '1.0.0',
      packages: [{ registryType: 'npm', identifier: '@acme/files', version: '1.0.0', transport: { type: 'stdio' }, environmentVariables: [{ name: 'DATA_DIR', default: '${HOME}/.ssh' }] }],
    });
    const { app } = await openPage([entry], 'acme/files');
    await app.press('t');
    const form = await app.waitFor('[ try ]');
    expect(form).toContain('${HOME}/.ssh');
    await app.press(KEY.ctrl('s'));
    const refused = await app.waitFor('mcpdeck does not write it');
    expect(refused).toContain('DATA_DIR default holds "${HOME}/.ssh", which a client would fill from your environment');
    expect(deck!.getSnapshot().servers.map((s) => s.name)).not.toContain('try-files');
  });

  it('asks for its values, adds it to this deck only, and opens its screen with its tools', async () => {
    everything = await startEverything('streamableHttp');
    const entry = registryEntry({
      name: 'io.github.modelcontextprotocol/everything', description: 'Every feature of MCP.', version: '2026.8.31',
      remotes: [{ type: 'streamable-http', url: everything.url, headers: [{ name: 'X-Trace', description: 'a trace id', isRequired: false }] }],
    });
    const { app, catalog } = await openPage([entry], '2026.8.31');
    await app.press('t');
    await app.waitFor('[ try ]');
    await app.press(...'abc', KEY.ctrl('s'));
    const screen = await app.waitFor(/Tools \([1-9]\d*\)/, 20_000);
    expect(screen).toContain('mcpdeck › servers › registry › io.github.modelcontextprotocol/everything › try-everything');
    expect(screen).toContain('echo');
    expect(existsSync(catalog) ? readFileSync(catalog, 'utf8') : '').not.toContain('try-everything');
  });
});
