import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import type { ConfigReload } from '../../src/core/config/reload.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { openApprovals } from '../../src/core/config/approvals.js';
import { openSourceSettings } from '../../src/core/config/source-settings.js';
import { runCli, sandbox } from './helpers/cli.js';
import { state, waitFor, waitForStatus } from './helpers/deck.js';
import { until } from '../helpers/until.js';

const HEALTHY = fileURLToPath(new URL('../fixtures/servers/healthy.mjs', import.meta.url));
const decks: Deck[] = [];
afterEach(async () => {
  await Promise.all(decks.splice(0).map((d) => d.close()));
});

/** A deck over a fresh sandbox (its own home, user config and project folder), watching its files as the TUI does. */
async function liveDeck(box = sandbox()) {
  mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
  const deck = await createDeck({
    cwd: box.cwd, env: box.env, rootsEditable: true,
    userCatalog: openUserCatalog(box.env), approvals: openApprovals(box.env), sourceSettings: openSourceSettings(box.env),
  });
  decks.push(deck);
  deck.watchConfig();
  return { box, deck, catalog: join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json') };
}

/** The next reload that satisfies `fits` (a bounded wait: the watcher must see the change). */
function reloaded(deck: Deck, fits: (r: ConfigReload) => boolean, what: string): Promise<ConfigReload> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (off(), reject(new Error(`no reload with ${what}`))), 15_000);
    const off = deck.configEvents.on('reloaded', (r) => {
      if (!fits(r)) return;
      clearTimeout(timer);
      off();
      resolve(r);
    });
  });
}

const names = (deck: Deck) => deck.getSnapshot().servers.map((s) => s.name);
const notices = (deck: Deck) => deck.requests.getSnapshot().notices.map((n) => n.text);

/** As editors save: a new file beside the old one, renamed over it. */
function saveAtomically(path: string, text: string) {
  writeFileSync(`${path}.swp`, text);
  renameSync(`${path}.swp`, path);
}

describe('a running deck follows its configuration files', () => {
  it('sees a server added and removed by the real `mcpdeck add` / `remove` in another process', async () => {
    const { box, deck } = await liveDeck();
    expect(names(deck)).toEqual(['demo']);
    const added = reloaded(deck, (r) => r.added.includes('healthy'), 'healthy added');
    const cli = await runCli(['add', 'healthy', '--', process.execPath, HEALTHY], box);
    expect(cli.stderr).toBe('');
    const reload = await added;
    // The demo stands in only while nothing is configured.
    expect(reload).toMatchObject({ added: ['healthy'], removed: ['demo'], changed: [] });
    expect((await waitForStatus(deck, 'healthy', ['connected'])).tools.map((t) => t.name)).toEqual(['echo']);
    expect(notices(deck)).toContain('config reloaded: +1 −1 ~0');

    const gone = reloaded(deck, (r) => r.removed.includes('healthy'), 'healthy removed');
    expect((await runCli(['remove', 'healthy'], box)).code).toBe(0);
    await gone;
    expect(names(deck)).not.toContain('healthy');
  });

  it('reconnects a changed server with its new definition, saved the way editors save', async () => {
    const { catalog, deck } = await liveDeck();
    saveAtomically(catalog, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [HEALTHY] } } }));
    await reloaded(deck, (r) => r.added.includes('echo'), 'echo added');
    const first = await waitForStatus(deck, 'echo', ['connected']);
    const changed = reloaded(deck, (r) => r.changed.includes('echo'), 'echo changed');
    saveAtomically(catalog, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [HEALTHY], env: { MARK: '2' } } } }));
    await changed;
    const second = await waitForStatus(deck, 'echo', ['connected']);
    expect(second.pid).not.toBe(first.pid);
    expect(deck.definition('echo')?.config).toMatchObject({ env: { MARK: '2' } });
    expect(notices(deck)).toContain('config reloaded: +0 −0 ~1');
  });

  it('turning a server off or on, or new roots, is applied to the running connection; the deck’s own writes are not applied twice', async () => {
    const { box, catalog, deck } = await liveDeck();
    // With a root from the start: a server that had none is reconnected to be given some (README, Safety).
    writeFileSync(catalog, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [HEALTHY], roots: [box.env.HOME] } } }));
    await reloaded(deck, (r) => r.added.includes('echo'), 'echo added');
    await waitForStatus(deck, 'echo', ['connected']);

    const off = reloaded(deck, (r) => r.changed.includes('echo'), 'echo turned off');
    expect((await runCli(['disable', 'echo'], box)).code).toBe(0);
    await off;
    expect(state(deck, 'echo').status).toBe('disabled');
    const on = reloaded(deck, (r) => r.changed.includes('echo'), 'echo turned on');
    expect((await runCli(['enable', 'echo'], box)).code).toBe(0);
    await on;
    const { pid } = await waitForStatus(deck, 'echo', ['connected']);

    // The deck's roots editor keeps them in the catalog and tells the server: reading the file back changes nothing.
    const rootsRead = reloaded(deck, () => (deck.definition('echo')?.raw.roots as string[]).includes(box.cwd), 'the roots read back');
    await deck.setRoots('echo', [box.cwd]);
    expect(await rootsRead).toMatchObject({ added: [], removed: [], changed: [] });
    expect(state(deck, 'echo')).toMatchObject({ status: 'connected', pid, roots: [box.cwd] });

    const offRead = reloaded(deck, () => deck.definition('echo')?.raw.disabled === true, 'the deck’s own disable read back');
    await deck.setEnabled('echo', false);
    expect(await offRead).toMatchObject({ changed: [] });
    expect(state(deck, 'echo').status).toBe('disabled');
  });

  it('keeps the last good servers while a file is half-written or gone, and says so', async () => {
    const { catalog, deck } = await liveDeck();
    writeFileSync(catalog, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [HEALTHY] } } }));
    await reloaded(deck, (r) => r.added.includes('echo'), 'echo added');
    await waitForStatus(deck, 'echo', ['connected']);

    const broken = reloaded(deck, (r) => r.newIssues.length > 0, 'an issue');
    writeFileSync(catalog, '{"mcpServers": {"echo": {"command": ');
    const reload = await broken;
    expect(reload).toMatchObject({ added: [], removed: [], changed: [] });
    expect(reload.newIssues[0]!.message).toContain(`${catalog}:1:`);
    expect(reload.newIssues[0]!.message).toContain('its servers stay as last read');
    expect(state(deck, 'echo').status).toBe('connected');
    expect(notices(deck).at(-1)).toMatch(/^config reloaded: \+0 −0 ~0 · the user catalog .*JSON syntax error/);
    expect(deck.requests.getSnapshot().notices.at(-1)?.kind).toBe('failed');
    // The sources list (s) says it too, beside the servers still read from it.
    expect(deck.config.sources.getSnapshot().sources.find((s) => s.id === 'user')).toMatchObject({ status: 'read', servers: ['echo'], reason: expect.stringContaining('JSON syntax error') });

    const vanished = reloaded(deck, (r) => r.newIssues.some((i) => i.message.includes('is gone')), 'the file gone');
    rmSync(catalog);
    expect(await vanished).toMatchObject({ removed: [] });
    expect(state(deck, 'echo').status).toBe('connected');

    const fixed = reloaded(deck, (r) => r.fixed.length > 0, 'the file fixed');
    writeFileSync(catalog, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [HEALTHY] }, more: { command: process.execPath, args: [HEALTHY] } } }));
    expect(await fixed).toMatchObject({ added: ['more'], changed: [] });
    expect(state(deck, 'echo').status).toBe('connected');
  });

  it('a project file created later waits for approval, and a changed command waits again', async () => {
    const { box, deck } = await liveDeck();
    const marker = (n: string) => join(box.cwd, `pwned-${n}.txt`);
    const runs = (n: string) => ({ command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker(n))}, 'x')`] });
    // In a folder that does not exist yet: watched through its parent.
    mkdirSync(join(box.cwd, '.cursor'));
    const seen = reloaded(deck, (r) => r.added.includes('helper'), 'helper added');
    writeFileSync(join(box.cwd, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { helper: runs('one') } }));
    // The user catalog was never there: nothing to say about it.
    expect(await seen).toMatchObject({ waiting: ['helper'], newIssues: [] });
    expect(state(deck, 'helper')).toMatchObject({ status: 'needs-approval', approval: { needed: true } });
    expect(notices(deck).at(-1)).toContain('helper waits for approval (A)');
    expect(existsSync(marker('one'))).toBe(false);

    await deck.approve('helper');
    await waitFor(deck, () => existsSync(marker('one')), 'the approved server to run');

    const again = reloaded(deck, (r) => r.changed.includes('helper'), 'helper changed');
    const file = join(box.cwd, '.cursor', 'mcp.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('pwned-one', 'pwned-two'));
    expect(await again).toMatchObject({ waiting: ['helper'] });
    expect(state(deck, 'helper')).toMatchObject({ status: 'needs-approval', approval: { changed: true } });
    expect(existsSync(marker('two'))).toBe(false);
  });

  it('an approval given in another shell lets the waiting server start', async () => {
    const { box, deck } = await liveDeck();
    const marker = join(box.cwd, 'pwned-mcpjson.txt');
    writeFileSync(join(box.cwd, '.mcp.json'), JSON.stringify({ mcpServers: { mine: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] } } }));
    await reloaded(deck, (r) => r.added.includes('mine'), 'mine added');
    expect(state(deck, 'mine').status).toBe('needs-approval');
    const approved = reloaded(deck, (r) => r.changed.includes('mine'), 'mine approved');
    expect((await runCli(['approve', 'mine'], box)).code).toBe(0);
    await approved;
    await waitFor(deck, () => existsSync(marker), 'the approved server to run');

    // A second server in the same file waits; the one approved on its own keeps running untouched.
    const second = reloaded(deck, (r) => r.added.includes('other'), 'other added');
    const file = join(box.cwd, '.mcp.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ mcpServers: { ...doc.mcpServers, other: { command: process.execPath, args: ['-e', ''] } } }));
    expect(await second).toMatchObject({ added: ['other'], changed: [], waiting: ['other'] });
  });

  it('follows a symlinked file to where it points', async () => {
    const box = sandbox();
    const elsewhere = join(box.cwd, 'dotfiles');
    mkdirSync(elsewhere);
    mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
    const real = join(elsewhere, 'servers.json');
    writeFileSync(real, JSON.stringify({ mcpServers: {} }));
    symlinkSync(real, join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json'));
    const { deck } = await liveDeck(box);
    const seen = reloaded(deck, (r) => r.added.includes('echo'), 'echo added');
    writeFileSync(real, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [HEALTHY] } } }));
    await seen;
    await waitForStatus(deck, 'echo', ['connected']);
  });

  it('status --watch prints what a changed file did (NDJSON with --json)', async () => {
    const box = sandbox();
    const printed = (output: { stdout: string }, text: string) => until(() => output.stdout.includes(text), text, { ms: 15_000, every: 50 });
    const run = await runCli(['status', '--watch', '--json'], box, (child, output) => {
      void (async () => {
        await printed(output, '"status":"connected"');
        await runCli(['add', 'healthy', '--', process.execPath, HEALTHY], box);
        await printed(output, '"config-reloaded"');
        child.kill('SIGINT');
      })().catch((error: unknown) => {
        child.kill('SIGKILL');
        throw error;
      });
    });
    const events = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.find((e) => e.event === 'config-reloaded')).toMatchObject({ added: ['healthy'], removed: ['demo'], changed: [], issues: [] });
  });

  it('stops watching when closed, and a deck made with watcher: false never watches', async () => {
    const box = sandbox();
    let armed = 0;
    const deck = await createDeck({ cwd: box.cwd, env: box.env, userCatalog: openUserCatalog(box.env), watcher: () => ({ watch: () => void armed++, close: () => undefined }) });
    decks.push(deck);
    deck.watchConfig()();
    expect(armed).toBe(1);
    const off = await createDeck({ cwd: box.cwd, env: box.env, watcher: false });
    decks.push(off);
    off.watchConfig();
    expect(armed).toBe(1);
  });
});
