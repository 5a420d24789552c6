// The Registry screen in a real terminal: `g` from the dashboard, a search, a server's
// page with the command line mcpdeck would run, and `t` tries its npm package: npx
// fetches server-everything inside the sandbox (its registry and its cache only), the
// deck opens on the tried server and lists its tools. Nothing is written to any file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { registryEntry, registryStandIn, type RegistryStandIn } from '../ui/helpers/registry-stand-in.js';

/** The version in node_modules: npx finds it in the npm cache the install filled. */
const { version: EVERYTHING_VERSION } = createRequire(import.meta.url)('@modelcontextprotocol/server-everything/package.json') as { version: string };

const EVERYTHING = registryEntry({
  name: 'io.github.modelcontextprotocol/everything', title: 'Everything', description: 'Exercises every feature of MCP.', version: EVERYTHING_VERSION,
  packages: [{
    registryType: 'npm', identifier: '@modelcontextprotocol/server-everything', version: EVERYTHING_VERSION, transport: { type: 'stdio' },
    packageArguments: [{ type: 'positional', value: 'stdio' }],
  }],
});
const OTHER = registryEntry({ name: 'io.github.acme/weather', description: 'Forecasts.', version: '1.0.0', packages: [] });

describe('the Registry screen', () => {
  let term: Terminal | undefined;
  let registry: RegistryStandIn | undefined;
  afterEach(async () => {
    term?.stop();
    await registry?.close();
  });

  it('g, a search, a page with its command line, and t tries the npm package: the deck opens on it with its tools', async () => {
    registry = await registryStandIn([EVERYTHING, OTHER]);
    term = openTerminal({}, { columns: 130, rows: 36 });
    // The registry setting is read as the registry is asked, not when the deck starts.
    mkdirSync(join(term.dir, 'config'), { recursive: true });
    writeFileSync(join(term.dir, 'config', 'settings.json'), JSON.stringify({ registry: registry.url }));
    await term.waitFor('g registry');

    await term.keys('g');
    await term.waitFor('io.github.acme/weather');
    await term.type('everything');
    await term.waitFor((s) => s.includes('1 server') && !s.includes('acme/weather'));
    await term.keys('Enter', 'Enter');
    const page = await term.waitFor('mcpdeck would run');
    expect(page).toContain('mcpdeck › servers › registry › io.github.modelcontextprotocol/everything');
    expect(page).toContain(`npm @modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`);
    expect(page).toContain('asks for nothing');
    expect(page).toContain(`$ npx -y @modelcontextprotocol/server-everything@${EVERYTHING_VERSION} stdio`);

    await term.keys('t');
    // The deck opens on it at once, connecting in view.
    await term.waitFor('› try-everything');
    const tried = await term.waitFor(/1 Tools \([1-9]\d*\)/, 150_000);
    expect(tried).toContain('› try-everything');
    expect(tried).toContain('echo');
    // Sandboxed, as a tried package runs.
    // Back to the server list: the server, its page, the registry (whose search field may hold the words first).
    for (let i = 0; i < 5 && term.screen().split('\n')[0]!.trimEnd() !== 'mcpdeck › servers'; i++) await term.keys('Escape');
    const dashboard = await term.waitFor(/try-everything\s+✓ connected\s+stdio ⛨/);
    expect(dashboard).toContain(`registry: io.github.modelcontextprotocol/everything ${EVERYTHING_VERSION}`);
    const catalog = join(term.dir, 'config', 'servers.json');
    expect(existsSync(catalog) ? readFileSync(catalog, 'utf8') : '').not.toContain('everything');
  }, 180_000);
});
