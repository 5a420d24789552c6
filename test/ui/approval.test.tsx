import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openApprovals } from '../../src/core/config/approvals.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { hostileProject } from '../integration/helpers/hostile.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

let deck: Deck | undefined;
let app: Rendered | undefined;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
  deck = app = undefined;
});

/** The deck as `mcpdeck` builds it in the hostile project: approvals kept in its user config. */
async function hostileDeck() {
  const box = hostileProject();
  deck = await createDeck({ cwd: box.cwd, env: box.env, approvals: openApprovals(box.env), userCatalog: openUserCatalog(box.env), rootsEditable: true });
  await deck.connectAll();
  return { box, deck };
}

/** Presses ↓ until the frame shows `text`: a bounded number of times, then fails naming it. */
async function downTo(text: string, presses = 20): Promise<void> {
  for (let pressed = 0; !app!.frame().includes(text); pressed++) {
    if (pressed === presses) throw new Error(`not shown after ${presses} presses of ↓: ${text}`);
    await app!.press(KEY.down);
  }
}

describe('the deck and servers from a project’s files', () => {
  it('lists them as needing approval and starts none; A shows what would run, y approves it and only then it runs', async () => {
    const { box, deck: d } = await hostileDeck();
    // Wide enough for the whole command line on one row.
    app = renderApp(d, { rows: 40, columns: 200 });
    const first = await app.waitFor('gemini-helper');
    for (const name of ['vscode-helper', 'mcpjson-helper', 'mcpjson-other', 'cursor-helper', 'gemini-helper', 'claude-local-helper']) expect(first).toMatch(new RegExp(`${name}\\s+\\? needs approval`));
    expect(box.markers()).toEqual([]);

    // The list is in precedence order; move to the VS Code one.
    await downTo('from ' + join(box.cwd, '.vscode', 'mcp.json'));
    await app.press('A');
    const review = await app.waitFor('Approve vscode-helper?');
    expect(review).toContain(`runs: node -e 'require('\\''fs'\\'').writeFileSync(process.argv[1] + '\\''/pwned-vscode.txt'\\'', '\\''owned'\\'')' ${box.cwd}`);
    expect(review).toContain('env: API_TOKEN');
    expect(review).not.toContain('not-a-secret');
    // Saying no starts nothing.
    await app.press('n');
    await app.waitFor('gemini-helper');
    expect(box.markers()).toEqual([]);

    expect(app.frame()).toContain('A approve');
    await app.press('A');
    await app.waitFor('Approve vscode-helper?');
    await app.press('y');
    await vi.waitFor(() => expect(box.marker('vscode')).toBe(true), { timeout: 10_000 });
    expect(box.markers()).toEqual(['pwned-vscode.txt']);
    await app.waitFor(/vscode-helper\s+✗ failed/);
    // Approved: the footer no longer offers A, here or on its screen; the key still shows what runs.
    await app.waitFor((f) => !f.includes('A approve'));
    await app.press(KEY.enter);
    await app.waitFor(/Tools.*Resources/);
    expect(app.frame()).not.toContain('A approve');
    await app.press('A');
    await app.waitFor('Already approved.');
    await app.press(KEY.esc);
    await app.press(KEY.esc);
    expect(readFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'approvals.json'), 'utf8')).toContain('"server": "vscode-helper"');
  });

  it('enter approves a stdio server sandboxed: it starts, and the file it writes into the project is refused and listed', async () => {
    const { box, deck: d } = await hostileDeck();
    app = renderApp(d, { rows: 40, columns: 200 });
    await app.waitFor('gemini-helper');
    await downTo('from ' + join(box.cwd, '.vscode', 'mcp.json'));
    await app.press('A');
    const review = await app.waitFor('Approve vscode-helper?');
    expect(review).toContain('s (or enter) approves it sandboxed: no network, nothing of your home folder');
    expect(review).toContain('s/enter approve sandboxed');
    await app.press(KEY.enter);
    const target = join(box.cwd, 'pwned-vscode.txt');
    await vi.waitFor(() => expect(d.server('vscode-helper')?.sandbox?.denials).toMatchObject([{ kind: 'write', target, seen: 'stderr' }]), { timeout: 15_000 });
    expect(box.markers()).toEqual([]);
    expect(d.server('vscode-helper')?.runs?.sandbox).toBe('no network; nothing of your home folder (approved sandboxed)');
    await app.waitFor(/vscode-helper\s+✗ failed\s+stdio ⛨ .*⛨ 1 blocked/);
    expect(JSON.parse(readFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'approvals.json'), 'utf8')).approved).toContainEqual(expect.objectContaining({ server: 'vscode-helper', sandboxed: true }));
  });

  it('f approves the whole file; a changed definition asks again', async () => {
    const { box, deck: d } = await hostileDeck();
    app = renderApp(d, { rows: 40 });
    await app.waitFor('gemini-helper');
    await downTo('from ' + join(box.cwd, '.mcp.json'));
    await app.press('A');
    const review = await app.waitFor('Approve mcpjson-');
    expect(review).toContain('f approves the whole file: mcpjson-helper, mcpjson-other');
    await app.press('f');
    await vi.waitFor(() => expect(box.markers()).toEqual(['pwned-mcpjson-other.txt', 'pwned-mcpjson.txt']), { timeout: 10_000 });
    // Both have run their course (a server that quits at once is started twice: the era probe, then 2025).
    await app.waitFor((f) => /mcpjson-helper\s+✗ failed/.test(f) && /mcpjson-other\s+✗ failed/.test(f));

    const file = join(box.cwd, '.mcp.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace("'owned'", "'owned twice'"));
    box.clearMarkers();
    await d.refresh();
    await app.waitFor(/mcpjson-helper\s+\? needs approval/);
    await downTo('(changed since approved): A reviews');
    await app.press('A');
    expect(await app.waitFor('Approve mcpjson-')).toContain('Its definition changed since you approved it.');
    expect(box.markers()).toEqual([]);
  });

  it('A on a server that uses ${input:id} shows its command with the placeholder, not "nothing would run"', async () => {
    const box = hostileProject();
    mkdirSync(join(box.cwd, '.vscode'), { recursive: true });
    writeFileSync(join(box.cwd, '.vscode', 'mcp.json'), JSON.stringify({
      inputs: [{ id: 'token', type: 'promptString', password: true }],
      servers: { asks: { command: 'node', args: ['tool.js', '--key', '${input:token}'] } },
    }));
    deck = await createDeck({ cwd: box.cwd, env: box.env, approvals: openApprovals(box.env), userCatalog: openUserCatalog(box.env) });
    app = renderApp(deck, { rows: 40, columns: 160 });
    await app.waitFor('asks');
    await downTo('from ' + join(box.cwd, '.vscode', 'mcp.json'));
    await app.press('A');
    const review = await app.waitFor('Approve asks?');
    expect(review).toContain("runs: node tool.js --key '${input:token}'");
    expect(review).toContain('asks you first for: ${input:token}');
    expect(review).not.toContain('nothing would run');
  });
});

describe('roots in the deck', () => {
  const FILESYSTEM = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

  it('the Info tab shows the roots sent; R edits them, the server is told, and a catalog server keeps them', async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'mcpdeck-ui-roots-')));
    const [a, c] = [join(base, 'A'), join(base, 'C')];
    mkdirSync(a);
    mkdirSync(c);
    const env = { ...process.env, MCPDECK_CONFIG_DIR: join(base, 'config'), NO_COLOR: '1' };
    const catalog = openUserCatalog(env);
    catalog.write({ fs: { command: process.execPath, args: [FILESYSTEM, a] } });
    deck = await createDeck({ cwd: base, env, userCatalog: catalog, clients: false, rootsEditable: true });
    await deck.connectAll();
    app = renderApp(deck, { rows: 40 });
    await app.waitFor(/fs\s+✓ connected/);
    await app.press(KEY.enter, '5');
    await app.waitFor('none sent (the server keeps its own configuration)');
    await app.press('R');
    await app.waitFor('Roots (separated by');
    await app.press(c, KEY.enter);
    await app.waitFor('(kept in your user catalog)');
    await app.waitFor(`Roots         ${c}`);
    expect(catalog.read()).toEqual({ fs: { command: process.execPath, args: [FILESYSTEM, a], roots: [c] } });
    // server-filesystem takes new roots in its own time: told they changed, it asks for them
    // (roots/list) and only then allows them, so a call made at once may still see the old.
    await vi.waitFor(
      async () => {
        const allowed = await deck!.callTool('fs', 'list_allowed_directories', {});
        expect(JSON.stringify(allowed.result.content)).toContain(c);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(existsSync(c)).toBe(true);
  });
});
