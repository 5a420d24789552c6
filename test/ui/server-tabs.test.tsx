import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { EVERYTHING } from '../integration/helpers/everything.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const SECRET = 'hunter2-do-not-show';

/** server-everything over stdio, with a secret in its env, opened on its server screen. */
async function openEverything(size?: { columns: number; rows: number }): Promise<{ deck: Deck; app: Rendered }> {
  const deck = await deckWith({ everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { EVERYTHING_API_TOKEN: SECRET } } });
  const app = renderApp(deck, size);
  // renderApp's first frame can keep its default size: say it the way a terminal does.
  if (size) app.resize(size.columns, size.rows);
  await deck.connectAll();
  await app.waitFor('✓ connected');
  await app.press(KEY.enter);
  await app.waitFor(/Tools.*Resources.*Prompts/);
  return { deck, app };
}

const lines = (frame: string) => frame.split('\n');

describe('server tabs over server-everything', () => {
  let deck: Deck;
  let app: Rendered;
  beforeEach(async () => {
    ({ deck, app } = await openEverything());
  });
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('Resources: reads a resource into the pager, and esc goes back to the list', async () => {
    await app.press('2');
    const list = await app.waitFor('Dynamic Text Resource');
    expect(list).toMatch(/architecture\.md\s+demo:\/\/resource\/static\/document\/architecture\.md\s+text\/markdown/);
    // The tag follows the URI it describes, never read as the name's last word ("… Resource template").
    expect(list).toMatch(/Dynamic Text Resource\s+demo:\/\/resource\/dynamic\/text\/\{resourceId\}\s+template\s+text\/plain/);
    await app.press(KEY.enter);
    const pager = await app.waitFor('── demo://resource/static/document/architecture.md · text/markdown');
    expect(pager).toMatch(/line 1 of \d+/);
    await app.press(KEY.esc);
    await app.waitFor((f) => f.includes('Dynamic Text Resource') && !f.includes('line 1 of'));
  });

  it('Resources: fills in a template, reads it, and saves a blob to a file of its own naming', async () => {
    await app.press('2');
    await app.waitFor('Dynamic Text Resource');
    await app.press('/', ...'dynamic text', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    await app.waitFor('resourceId');
    await app.press(...'7', KEY.ctrl('s'));
    await app.waitFor('Resource 7: This is a plaintext resource created at');
    await app.press(KEY.esc);
    await app.waitFor((f) => f.includes('Dynamic Text Resource') && !f.includes('line 1 of'));
    await app.press('/');
    await app.waitFor(/\/ dynamic text {3}\d/);
    await app.press(...'\x7f'.repeat(12));
    await app.waitFor('type to filter');
    await app.press(...'dynamic blob', KEY.enter);
    await app.waitFor((f) => f.includes('Dynamic Blob Resource') && /1 of \d+/.test(f));
    await app.press(KEY.enter);
    await app.waitFor('resourceId');
    await app.press(...'3', KEY.ctrl('s'));
    const frame = await app.waitFor('saved to ');
    // A small text blob is shown as text, and saved too.
    expect(frame).toMatch(/blob content: \d+ bytes decoded, text\/plain/);
    expect(frame).toMatch(/saved to \S+\n *Resource 3: This is a base64 blob created at/);
    const path = /saved to (\S+)/.exec(frame)![1]!;
    expect(path).toMatch(/mcpdeck-[^/\\]+[/\\]resources[/\\]resource-\d+\.txt$/);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).toMatch(/^Resource 3: This is a base64 blob created at/);
  });

  it('Prompts: asks for the arguments, gets the prompt and shows its messages by role', async () => {
    await app.press('3');
    await app.waitFor('Arguments Prompt');
    await app.press('/', ...'arguments prompt', KEY.enter);
    const list = await app.waitFor(/1 of \d+/);
    expect(list).toMatch(/Arguments Prompt\s+city\*, state/);
    await app.press(KEY.enter);
    await app.waitFor('arguments (* required)');
    await app.press(...'Paris', KEY.ctrl('s'));
    const pager = await app.waitFor("What's weather in Paris?");
    expect(pager).toContain('── user');
    await app.press(KEY.esc);
    await app.waitFor('Arguments Prompt');
  });

  it('Prompts: ← and → stay in the form (never switch tabs); what was typed is there again after leaving the tab and coming back', async () => {
    await app.press('3');
    await app.waitFor('Arguments Prompt');
    await app.press('/', ...'arguments prompt', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    await app.waitFor('arguments (* required)');
    await app.press(...'Paris', KEY.down, ...'IDF');
    // ← moves the cursor in the text field; on the send button → and ← do nothing.
    await app.press(KEY.left, 'x');
    await app.waitFor(/state\s+IDxF/);
    await app.press(KEY.down);
    await app.waitFor(/› \[ get \]/);
    await app.press(KEY.right, KEY.left, KEY.right);
    await app.press('x');
    expect(app.frame()).toContain('arguments (* required)');
    expect(app.frame()).not.toContain('next tab');
    // Left with esc, then to another tab and back: the form opens again with what was typed.
    await app.press(KEY.esc);
    await app.waitFor((f) => f.includes('Arguments Prompt') && !f.includes('arguments (* required)'));
    await app.press(KEY.right);
    await app.waitFor('Starting default (STDIO) server...');
    // The tab's list is as it was left too: filtered, the prompt selected.
    await app.press(KEY.left);
    await app.waitFor((f) => /\/ arguments prompt\s+1 of \d+/.test(f) && /^› Arguments Prompt/m.test(f));
    await app.press(KEY.enter);
    const again = await app.waitFor('arguments (* required)');
    expect(again).toMatch(/city\*\s+Paris/);
    expect(again).toMatch(/state\s+IDxF/);
  });

  it('Tools: a tool’s form opened again starts from what was typed in it, sent or not', async () => {
    await app.press('/', ...'echo', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    await app.waitFor(/message\*/);
    await app.press(...'unsent words');
    await app.waitFor(/message\*\s+unsent words/);
    await app.press(KEY.esc);
    await app.waitFor((f) => !f.includes('unsent words'));
    await app.press(KEY.enter);
    await app.waitFor(/message\*\s+unsent words/);
  });

  it('the Resources tab and the dashboard count resources the same way, templates said', async () => {
    const tab = Number(/Resources \((\d+)\)/.exec(await app.waitFor(/Resources \(\d+\)/))![1]);
    await app.press(KEY.esc);
    const detail = /(\d+) resources \((\d+) templates\)/.exec(await app.waitFor(/\d+ resources \(\d+ templates\)/))!;
    expect(Number(detail[1])).toBe(tab);
    expect(Number(detail[2])).toBeGreaterThan(0);
  });

  it('Log: stderr, a log message at the level asked for, and the traffic with one message expanded', async () => {
    await app.press('4');
    await app.waitFor('Starting default (STDIO) server...');
    expect(app.frame()).toContain('level: server default');
    await app.press('t');
    await app.waitFor('no log messages yet');
    await app.press('L');
    await app.waitFor('to send log messages at this level and above');
    // debug lets every level through, so the first (random-level) message comes at once.
    await app.press(KEY.enter);
    await app.waitFor('level: debug');
    const started = await deck.callTool('everything', 'toggle-simulated-logging', {});
    expect(started.isError).toBe(false);
    await app.waitFor(/\d\d:\d\d:\d\d\.\d{3} (debug|info|notice|warning|error|critical|alert|emergency)\s+\w+[- ]level[- ]message/i);
    await deck.callTool('everything', 'toggle-simulated-logging', {});
    await app.press('t');
    await app.waitFor('logging/setLevel');
    await app.press('g');
    const traffic = await app.waitFor('→ tools/list');
    expect(traffic).toMatch(/← tools\/list · result\s+#\d+\s+[\d.]+ K?B\s+\d\d:\d\d:\d\d\.\d{3}/);
    // The era probe (server-everything does not know it) and the 2025 handshake, sent at once.
    expect(traffic).toMatch(/^› → server\/discover\s+#mcpdeck/m);
    expect(traffic).toMatch(/^ {2}← server\/discover · error/m);
    expect(traffic).toMatch(/^ {2}→ initialize\s+#2147483/m);
    await app.press(KEY.enter);
    const expanded = await app.waitFor('"method": "server/discover"');
    expect(expanded).toMatch(/→ sent request · server\/discover · id mcpdeck-discover/);
    expect(expanded).toContain('"io.modelcontextprotocol/protocolVersion"');
    await app.press(KEY.esc);
    await app.waitFor((f) => f.includes('→ tools/list') && !f.includes('"method"'));
  });

  it('Info: serverInfo, capabilities and the configuration with its secret masked', async () => {
    await app.press('5');
    const first = await app.waitFor('Capabilities');
    expect(first).toMatch(/Server\s+mcp-servers\/everything 2\.0\.0 · Everything Reference Server/);
    expect(first).toMatch(/Protocol\s+\d{4}-\d\d-\d\d/);
    expect(first).toMatch(/Transport\s+stdio · pid \d+/);
    expect(first).toMatch(/resources\s+✓ subscribe · list changes announced/);
    expect(first).toMatch(/completions\s+✓/);
    expect(first).toMatch(/logging\s+✓ level: server default/);
    // The folder it was started in, with what it runs.
    expect(first).toMatch(/^Launch\s+runs: \S+/m);
    expect(first).toMatch(/^\s+in: \/\S+$/m);
    // What it runs (the launch plan) names the variable; the configuration below masks its value.
    await app.press('/', ...'EVERYTHING_API_TOKEN', KEY.enter);
    expect(await app.waitFor('match 1/2')).toMatch(/^\s+env: EVERYTHING_API_TOKEN$/m);
    await app.press('n');
    const config = await app.waitFor('"EVERYTHING_API_TOKEN": "••••••"');
    expect(config).not.toContain(SECRET);
    expect(config).toContain('match 2/2');
  });
});

describe('server tabs at 80x24', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('every tab fits the terminal', async () => {
    ({ deck, app } = await openEverything({ columns: 80, rows: 24 }));
    const screens = [[['2'], 'architecture.md'], [['3'], 'Arguments Prompt'], [['4'], 'Starting default'], [['t', 't'], '← tools/list'], [['5'], 'Server']] as const;
    for (const [keys, text] of screens) {
      await app.press(...keys);
      const frame = await app.waitFor(text);
      expect(lines(frame).length).toBeLessThanOrEqual(24);
      for (const line of lines(frame)) expect([...line].length, `${keys.join('')}: ${line}`).toBeLessThanOrEqual(80);
    }
  });
});

describe('server tabs over a server that offers only tools', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('says there are no resources, prompts or logging, and L explains why it cannot set a level', async () => {
    const healthy = new URL('../fixtures/servers/healthy.mjs', import.meta.url).pathname;
    deck = await deckWith({ plain: { command: process.execPath, args: [healthy] } });
    app = renderApp(deck);
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor(/Tools \(\d+\)/);
    await app.press('2');
    await app.waitFor('this server offers no resources');
    await app.press('3');
    await app.waitFor('this server offers no prompts');
    await app.press('4', 't');
    await app.waitFor('plain does not offer logging');
    expect(app.frame()).toContain('no logging offered');
    await app.press('L');
    await app.waitFor('no logging offered: no level to set');
    expect(app.frame()).not.toContain('at this level and above');
  });
});

describe('server tabs over a hostile server', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('never lets a control sequence from a list, a result, a log message or the traffic reach the terminal', async () => {
    const hostile = new URL('../fixtures/servers/hostile-lists.mjs', import.meta.url).pathname;
    deck = await deckWith({ hostile: { command: process.execPath, args: [hostile] } });
    app = renderApp(deck);
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    const frames: string[] = [];
    const seen = async (what: string) => void frames.push(await app.waitFor(what));
    await app.press('2');
    await seen('template');
    await app.press(KEY.enter);
    await seen('contents');
    expect(app.frame()).toMatch(/binary content: \d+ bytes decoded/);
    await app.press(KEY.esc, '3');
    await seen('asks');
    await app.press(KEY.enter);
    await seen('message');
    expect(app.frame()).toContain('embedded');
    await app.press(KEY.esc, '4');
    await seen('stderr');
    await app.press('L', KEY.enter);
    await seen('logged');
    await app.press('t');
    await seen('notifications/evil');
    await app.press('g');
    await app.waitFor(/^› → server\/discover/m);
    // Down one row at a time, each waited for, until the notification is selected.
    const selected = () => /^› .*$/m.exec(app.frame())?.[0] ?? '';
    while (!selected().includes('notifications/evil')) {
      const before = selected();
      await app.press(KEY.down);
      await app.waitFor(() => selected() !== before);
    }
    await app.press(KEY.enter);
    await seen('"note"');
    await app.press(KEY.esc, '5');
    await seen('Use me');
    for (const frame of frames) expect(frame).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
  });
});
