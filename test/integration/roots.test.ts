import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import type { TrafficEntry } from '../../src/core/mcp/tap.js';
import { state, waitForStatus } from './helpers/deck.js';
import { runCli, sandbox } from './helpers/cli.js';

// The real server-filesystem: it replaces the folders it was started with by the client's roots.
const FILESYSTEM = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

/** Folders A, B (where mcpdeck is launched) and C, each with one file. */
function folders() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'mcpdeck-roots-')));
  const made = Object.fromEntries(['a', 'b', 'c'].map((n) => {
    const dir = join(base, n.toUpperCase());
    mkdirSync(dir);
    writeFileSync(join(dir, `${n}.txt`), `in ${n.toUpperCase()}`);
    return [n, dir];
  })) as Record<'a' | 'b' | 'c', string>;
  return { base, ...made };
}

let deck: Deck | undefined;
afterEach(async () => {
  await deck?.close();
  deck = undefined;
});

/** A deck launched in `cwd` over one server from a --config file (approved by being named). */
async function fsDeck(cwd: string, entry: Record<string, unknown>, extra: Partial<Parameters<typeof createDeck>[0]> = {}) {
  const file = join(cwd, 'servers.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { fs: entry } }));
  deck = await createDeck({ cwd, env: process.env, configFiles: [file], strict: true, ...extra });
  await deck.connectAll();
  expect(state(deck, 'fs').status, state(deck, 'fs').error).toBe('connected');
  return deck;
}

const read = async (d: Deck, path: string) => {
  const outcome = await d.callTool('fs', 'read_text_file', { path });
  return { isError: outcome.isError, text: JSON.stringify(outcome.result.content) };
};

/** server-filesystem takes the roots after `initialized`: what it allows, asked until it says `want`. */
async function allowed(d: Deck, want: string): Promise<string> {
  let text = '';
  for (let i = 0; i < 100 && !text.includes(want); i++) {
    text = JSON.stringify((await d.callTool('fs', 'list_allowed_directories', {})).result.content);
  }
  return text;
}

describe('roots: none unless configured', () => {
  it('server-filesystem configured with A and launched from B serves A and refuses B', async () => {
    const { a, b } = folders();
    const d = await fsDeck(b, { command: process.execPath, args: [FILESYSTEM, a] });
    expect(state(d, 'fs').roots).toEqual([]);
    expect(await read(d, join(a, 'a.txt'))).toEqual({ isError: false, text: expect.stringContaining('in A') });
    const refused = await read(d, join(b, 'b.txt'));
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('outside allowed directories');
  });

  it('a configured root C is sent, served, and shown; a change in the deck is announced with roots/list_changed', async () => {
    const { a, b, c } = folders();
    const traffic: TrafficEntry[] = [];
    const d = await fsDeck(b, { command: process.execPath, args: [FILESYSTEM, a], roots: [c] }, { rootsEditable: true, traffic: true });
    d.events.on('traffic', ({ entry }) => traffic.push(entry));
    expect(state(d, 'fs').roots).toEqual([c]);
    expect(await allowed(d, c)).not.toContain(a);
    expect(await read(d, join(c, 'c.txt'))).toEqual({ isError: false, text: expect.stringContaining('in C') });
    expect((await read(d, join(a, 'a.txt'))).isError).toBe(true);

    const { kept } = await d.setRoots('fs', [a]);
    expect(kept).toBe(false);
    expect(state(d, 'fs').roots).toEqual([a]);
    expect(traffic.some((e) => e.direction === 'out' && e.method === 'notifications/roots/list_changed')).toBe(true);
    expect(await allowed(d, a)).not.toContain(c);
    expect(await read(d, join(a, 'a.txt'))).toEqual({ isError: false, text: expect.stringContaining('in A') });
  });

  it('roots set in the deck for a catalog server are kept in the catalog; a server that had none is reconnected with them', async () => {
    const { a, b, c } = folders();
    const env = { ...process.env, MCPDECK_CONFIG_DIR: join(b, '.config') };
    const catalog = openUserCatalog(env);
    catalog.write({ fs: { command: process.execPath, args: [FILESYSTEM, a] } });
    deck = await createDeck({ cwd: b, env, userCatalog: catalog, clients: false, rootsEditable: true });
    await deck.connectAll();
    await waitForStatus(deck, 'fs', ['connected']);
    expect(await deck.setRoots('fs', [c])).toEqual({ kept: true });
    await waitForStatus(deck, 'fs', ['connected']);
    expect(catalog.read()).toEqual({ fs: { command: process.execPath, args: [FILESYSTEM, a], roots: [c] } });
    expect(await allowed(deck, c)).not.toContain(a);
  });

  it('the CLI: `--root` for an ad hoc server, and status/get show the roots of a configured one', async () => {
    const { a, b, c } = folders();
    const box = { ...sandbox(), cwd: b };
    // server-filesystem asks for the roots once initialized and applies them after checking
    // each folder on disk, while the call may already be in: a call that comes first is
    // refused (as it would be from any client). mcpdeck's part is to answer with C, so C is
    // read within a few tries; without --root no try ever is (below).
    const readC = () => runCli(['call', 'read_text_file', `path=${join(c, 'c.txt')}`, '--root', c, '--', process.execPath, FILESYSTEM, a], box);
    let adhoc = await readC();
    for (let tries = 1; tries < 3 && adhoc.code !== 0; tries++) adhoc = await readC();
    expect(adhoc.code, adhoc.stderr).toBe(0);
    expect(adhoc.stdout).toContain('in C');
    const plain = await runCli(['call', 'read_text_file', `path=${join(b, 'b.txt')}`, '--', process.execPath, FILESYSTEM, a], box);
    expect(plain.code).toBe(1);
    expect(plain.stdout + plain.stderr).toContain('outside allowed directories');

    writeFileSync(join(b, 'fs.json'), JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FILESYSTEM, a], roots: ['${ROOT_C}'] } } }));
    const env = { ...box.env, ROOT_C: c };
    const status = JSON.parse((await runCli(['status', '--json', '--config', 'fs.json', '--strict'], { ...box, env })).stdout);
    expect(status[0]).toMatchObject({ name: 'fs', status: 'connected', roots: [c] });
    expect((await runCli(['get', 'fs', '--config', 'fs.json', '--strict'], { ...box, env })).stdout).toContain(`roots: ${c}`);
  });
});
