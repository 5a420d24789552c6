// The Registry screen against a registry on 127.0.0.1 that answers as the official one
// does: `g` opens it, the search follows the words typed, pages load as the selection
// reaches the end, a server's page shows its variables and the exact command line, and
// hostile registry text is drawn harmless and bounded. A registry that does not answer
// is a message, not a crash.
import { mkdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { sandbox } from '../integration/helpers/cli.js';
import { freePort } from '../integration/helpers/everything.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { registryEntry, registryStandIn, type RawEntry, type RegistryStandIn } from './helpers/registry-stand-in.js';

const WEATHER = registryEntry({
  name: 'io.github.acme/weather', title: 'Acme Weather', description: 'Forecasts for any city, by the hour.', version: '1.2.0',
  repository: { url: 'https://github.com/acme/weather', source: 'github' },
  packages: [{
    registryType: 'npm', identifier: '@acme/weather', version: '1.2.0', transport: { type: 'stdio' },
    packageArguments: [{ type: 'named', name: '--units', default: 'metric', choices: ['metric', 'imperial'] }],
    environmentVariables: [{ name: 'API_KEY', description: 'Your Acme key', isRequired: true, isSecret: true }],
  }],
  remotes: [{ type: 'streamable-http', url: 'https://weather.acme.example/mcp', headers: [{ name: 'Authorization', value: 'Bearer {token}', variables: { token: { isRequired: true, isSecret: true } } }] }],
});
const WEATHER_OLD = registryEntry({ ...WEATHER.server, version: '1.1.0', packages: [{ registryType: 'npm', identifier: '@acme/weather', version: '1.1.0', transport: { type: 'stdio' } }], remotes: [] }, { isLatest: false, publishedAt: '2026-01-05T10:00:00Z' });
const NOTES = registryEntry({
  name: 'io.github.acme/notes', description: 'Notes you keep.', version: '0.3.0',
  packages: [{ registryType: 'pypi', identifier: 'acme-notes', version: '0.3.0', transport: { type: 'stdio' } }],
}, { status: 'deprecated' });

let registry: RegistryStandIn | undefined;
let deck: Deck | undefined;
let app: Rendered | undefined;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
  await registry?.close();
  app = deck = registry = undefined;
});

/** The deck over a registry that publishes `entries` (or the URL given), on the dashboard. */
async function open(entries: RawEntry[] | string, { pageSize = 30, columns = 140, rows = 40 } = {}): Promise<Rendered> {
  const box = sandbox();
  mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
  if (typeof entries !== 'string') registry = await registryStandIn(entries, { pageSize });
  deck = await createDeck({ cwd: box.cwd, env: box.env, userCatalog: openUserCatalog(box.env), registry: typeof entries === 'string' ? entries : registry!.url });
  app = renderApp(deck, { columns, rows });
  await app.waitFor('demo');
  return app;
}

const footer = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';
/** The frame with Ink's own styling (SGR) taken out: any escape left came from the registry. */
const unstyled = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

describe('the Registry screen', () => {
  it('opens with g from the dashboard (Home stays first item), lists the latest versions, and narrows as words are typed', async () => {
    const app = await open([WEATHER, WEATHER_OLD, NOTES]);
    await app.press('?');
    const help = await app.waitFor('Keys on this screen');
    expect(help).toMatch(/g\s+Open the MCP Registry/);
    expect(help).toMatch(/home\s+Go to the first item/);
    await app.press(KEY.esc);
    await app.waitFor((f) => !f.includes('Keys on this screen'));

    await app.press('g');
    const results = await app.waitFor('io.github.acme/notes');
    expect(results).toContain('mcpdeck › servers › registry');
    expect(results).toMatch(/io\.github\.acme\/weather\s+1\.2\.0\s+npm remote\s+Acme Weather: Forecasts for any city/);
    expect(results).toMatch(/io\.github\.acme\/notes\s+0\.3\.0\s+pypi\s+⚠ deprecated\s+Notes you keep/);
    expect(results).toContain('2 servers');
    // The latest version only: 1.1.0 is not a row of its own.
    expect(results).not.toContain('1.1.0');

    await app.press(...'notes');
    await app.waitFor((f) => f.includes('1 server') && !f.includes('acme/weather'));
    expect(registry!.asked.some((path) => path.includes('search=notes') && path.includes('version=latest'))).toBe(true);
    // Enter searches at once and leaves the typing; esc then goes back to the dashboard.
    await app.press(KEY.enter);
    await app.waitFor((f) => footer(f).includes('enter open'));
    await app.press(KEY.esc);
    await app.waitFor((f) => footer(f).includes('g registry'));
  });

  it("shows a server's page: versions, each package and remote with its variables, and the exact command line", async () => {
    const app = await open([WEATHER, WEATHER_OLD, NOTES]);
    await app.press('g');
    await app.waitFor('io.github.acme/weather');
    // Listed by name, as the registry lists: notes, then weather.
    await app.press(KEY.enter, KEY.down, KEY.enter);
    const page = await app.waitFor((f) => f.includes('mcpdeck would run') && f.includes('1.1.0'));
    expect(page).toContain('mcpdeck › servers › registry › io.github.acme/weather');
    expect(page).toMatch(/Acme Weather\s+1\.2\.0\s+latest · published 2026-03-01/);
    expect(page).toContain('repository  https://github.com/acme/weather');
    expect(page).toMatch(/versions\s+▸1\.2\.0 · 1\.1\.0/);
    expect(page).toContain('npm @acme/weather@1.2.0');
    expect(page).toContain('remote streamable-http https://weather.acme.example/mcp');
    expect(page).toContain('* API_KEY  secret: Your Acme key');
    expect(page).toContain('  argument --units  default "metric" · one of metric, imperial');
    // Every value not given yet is shown as <its label>, defaults too (the core's commandLine).
    expect(page).toContain("$ API_KEY='<API_KEY>' npx -y @acme/weather@1.2.0 --units metric");

    // The remote: its header's variable, and the URL with the header mcpdeck would send.
    await app.press(KEY.down);
    const remote = await app.waitFor('$ http https://weather.acme.example/mcp');
    expect(remote).toContain('* header Authorization {token}  secret');
    expect(remote).toContain("$ http https://weather.acme.example/mcp -H 'Authorization: Bearer <header Authorization {token}>'");

    // v: another version, newest first; its page has its own packages.
    await app.press('v');
    await app.waitFor('Versions, newest first');
    await app.press(KEY.down, KEY.enter);
    const older = await app.waitFor(/Acme Weather\s+1\.1\.0/);
    expect(older).toMatch(/versions\s+1\.2\.0 · ▸1\.1\.0/);
    expect(older).toContain('$ npx -y @acme/weather@1.1.0');
    expect(older).not.toContain('remote streamable-http');

    // d: the whole entry in the pager, every way of running it.
    await app.press('d');
    const whole = await app.waitFor('Forecasts for any city, by the hour.');
    expect(whole).toContain('versions: 1.2.0 · latest · 2026-03-01; 1.1.0 · 2026-01-05');
    await app.press(KEY.esc);
    await app.waitFor('mcpdeck would run');
  });

  it('loads the next page on m, and when the selection reaches the last result', async () => {
    // The deck asks for 30 a page, as the registry's default.
    const many = Array.from({ length: 65 }, (_, i) => registryEntry({ name: `io.github.acme/tool-${String(i + 1).padStart(2, '0')}`, description: `Tool ${i + 1}`, version: '1.0.0', packages: [] }));
    const app = await open(many);
    await app.press('g');
    const first = await app.waitFor('more… (m, or move to the last)');
    expect(first).toContain('30 servers+');
    await app.press(KEY.esc, 'm');
    await app.waitFor('60 servers+');
    await app.press('G');
    await app.waitFor('65 servers');
    await app.press('G');
    const all = await app.waitFor('tool-65');
    expect(all).toContain('65 servers');
    expect(all).not.toContain('more…');
  });

  it('draws hostile registry text harmless and bounded: no escape reaches the terminal, the shell sees one quoted argument', async () => {
    const HOSTILE = registryEntry({
      name: 'io.github.evil/\x1b]0;pwned\x07clear',
      title: 'Evil \x1b[31mred\x1b[0m',
      description: `Wipes the screen \x1b[2J and takes the clipboard \x1b]52;c;ZXZpbA==\x07 then ${'A'.repeat(200_000)}`,
      version: '6.6.6',
      websiteUrl: 'https://evil.example/\x1b[2Jhome',
      packages: [{
        registryType: 'npm', identifier: '@evil/pkg', version: '6.6.6', transport: { type: 'stdio' },
        packageArguments: [{ type: 'positional', value: '; rm -rf ~ | cat > /tmp/x && $(whoami) `id`' }],
        environmentVariables: [{ name: 'TOKEN', description: 'steals \x1b]52;c;ZXZpbA==\x07', isRequired: true }],
      }],
    });
    const app = await open([HOSTILE], { columns: 120, rows: 36 });
    await app.press('g');
    const list = await app.waitFor('6.6.6');
    expect(list).toContain('io.github.evil/⟦OSC 0 title⟧clear');
    await app.press(KEY.enter, KEY.enter);
    const page = await app.waitFor('mcpdeck would run');
    expect(page).toContain('Wipes the screen ⟦ESC[2J⟧ and takes the clipboard ⟦OSC 52 clipboard⟧');
    expect(page).toContain("'; rm -rf ~ | cat > /tmp/x && $(whoami) `id`'");
    expect(page).toContain('website     https://evil.example/⟦ESC[2J⟧home');
    // Bounded: the description takes a few rows, the frame stays in the terminal.
    const lines = page.split('\n');
    expect(lines.length).toBeLessThanOrEqual(36);
    for (const line of lines) expect([...unstyled(line)].length, line).toBeLessThanOrEqual(120);
    await app.press('d');
    await app.waitFor('Wipes the screen');
    expect(unstyled(app.written())).not.toContain('\x1b');
    expect(app.written()).not.toContain('\x1b]52');
    expect(app.written()).not.toContain('\x1b[2J');
  });

  it('says why when the registry does not answer, and the deck goes on', async () => {
    const port = await freePort();
    const app = await open(`http://127.0.0.1:${port}`);
    await app.press('g');
    const down = await app.waitFor('could not reach the registry');
    expect(down).toContain(`could not reach the registry at http://127.0.0.1:${port}`);
    expect(down).toContain('no results');
    await app.press(KEY.esc, KEY.esc);
    await app.waitFor((f) => footer(f).includes('g registry'));
  });
});
