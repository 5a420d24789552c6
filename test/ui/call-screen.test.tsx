import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Deck } from '../../src/core/deck.js';
import { openRecentArgs } from '../../src/core/calls/recent-args.js';
import { deckWith } from '../integration/helpers/deck.js';
import { EVERYTHING } from '../integration/helpers/everything.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const RAW_RPC = new URL('../fixtures/servers/raw-rpc.mjs', import.meta.url).href;
// A server whose tools/call answers with a JSON-RPC error, which McpServer never does.
const REFUSER = `
import { serve, send, initializeResult } from ${JSON.stringify(RAW_RPC)};
serve({
  initialize: (p) => initializeResult(p.protocolVersion),
  'notifications/initialized': () => undefined,
  'tools/list': () => ({ tools: [{ name: 'refuse', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } }] }),
  'tools/call': (p, id) => send({ id, error: { code: -32602, message: 'arguments refused by the fixture' } }),
});`;

let deck: Deck | undefined;
let app: Rendered | undefined;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
  app = deck = undefined;
});

const typeText = (text: string) => app!.press(...[...text]);
const send = () => app!.press(KEY.ctrl('s'));
/** Waits until the footer offers `hint`: then the layer that takes its key is live. */
const offered = (hint: string, ms?: number) => app!.waitFor((f) => (f.trimEnd().split('\n').at(-1) ?? '').includes(hint), ms);

/** Moves the dashboard selection to `name`, one key press at a time. */
async function selectServer(name: string): Promise<void> {
  const selected = new RegExp(`^› ${name}\\s`, 'm');
  await app!.waitFor(new RegExp(`${name}\\s+✓ connected`));
  while (!selected.test(app!.frame())) {
    const before = app!.frame();
    const rows = before.split('\n');
    const below = rows.findIndex((r) => r.startsWith('› ')) < rows.findIndex((r) => r.startsWith(`  ${name} `));
    await app!.press(below ? KEY.down : KEY.up);
    await app!.waitFor((f) => f !== before);
  }
}

/** From the dashboard, the way a person does it: open the server, `/` filter the tools, enter. */
async function openTool(server: string, tool: string): Promise<string> {
  await selectServer(server);
  await app!.press(KEY.enter);
  await offered('enter call');
  await app!.press('/');
  await app!.waitFor('type to filter');
  await typeText(tool);
  await app!.waitFor(`/ ${tool}`);
  for (const ready of ['enter call', 'ctrl+s send']) {
    await app!.press(KEY.enter);
    await offered(ready);
  }
  return app!.frame();
}

async function start(servers: Record<string, unknown>, extra: Parameters<typeof deckWith>[1] = {}, size = { columns: 100, rows: 30 }) {
  deck = await deckWith(servers, extra);
  app = renderApp(deck, size);
  void deck.connectAll();
}

const confirmAsked = async () => {
  const frame = await app!.waitFor('Send this call?');
  await offered('y yes');
  return frame;
};

describe('calling a tool of the demo server', () => {
  it('asks before an unannotated tool (implied destructive), sends on y, and shows the result and the command', async () => {
    await start({}, { demo: true });
    const form = await openTool('demo', 'echo');
    expect(form).toContain('[destructive?]');
    await typeText('hello there');
    await app!.waitFor('hello there');
    await send();
    const ask = await confirmAsked();
    expect(ask).toContain('does not declare this tool read-only');
    expect(ask).toContain('not guarantees');
    await app!.press('n');
    await offered('ctrl+s send');
    expect(app!.frame()).not.toContain('Send this call?');
    expect(app!.frame()).toContain('hello there');
    await send();
    await confirmAsked();
    await app!.press('y');
    const result = await app!.waitFor('✓ ok');
    expect(result).toMatch(/^hello there\s*$/m);
    expect(result).toContain(`$ mcpdeck call demo echo --args '{"message":"hello there"}' --demo`);
  });

  it('a declared destructive tool says so, and n sends nothing', async () => {
    await start({}, { demo: true });
    await selectServer('demo');
    await deck!.callTool('demo', 'save_note', { key: 'k', text: 'keep me' });
    await openTool('demo', 'delete_all_notes');
    await app!.press(' ');
    await app!.waitFor('[x]');
    await send();
    const ask = await confirmAsked();
    expect(ask).toContain('declares this tool destructive (destructiveHint: true)');
    await app!.press('n');
    await offered('ctrl+s send');
    expect((await deck!.callTool('demo', 'read_note', { key: 'k' })).result.content).toEqual([{ type: 'text', text: 'keep me' }]);
    await send();
    await confirmAsked();
    await app!.press('y');
    await app!.waitFor('deleted 1 notes');
  });

  it('a read-only tool is sent at once; progress shows a bar and the message while other keys still work', async () => {
    await start({}, { demo: true });
    await openTool('demo', 'count_slowly');
    await send();
    const running = await app!.waitFor(/counted [1-4] of 5/);
    expect(running).toMatch(/calling count_slowly · \d+\.\d s/);
    expect(running).toMatch(/█+░+ [1-4]\/5/);
    await offered('esc cancel');
    await app!.press('?');
    await app!.waitFor('Cancel the call (the server is told)');
    await app!.press(KEY.esc);
    const done = await app!.waitFor('✓ ok', 15_000);
    expect(done).toContain('counted to 5');
  });

  it('saves an image to a file and checks structured content against the output schema', async () => {
    await start({}, { demo: true });
    await openTool('demo', 'make_tile');
    await send();
    const result = await app!.waitFor('✓ ok');
    const path = /saved image image\/png \d+ bytes: (\S+\.png)/.exec(result)?.[1];
    expect(path, result).toBeDefined();
    expect(existsSync(path!)).toBe(true);
    expect(readFileSync(path!).subarray(1, 4).toString()).toBe('PNG');
    expect(result).toContain('── structured content ──');
    expect(result).toContain('✓ matches the output schema');
  });

  it('shows a tool error (isError) and a protocol error differently', async () => {
    await start({ refuser: { command: process.execPath, args: ['--input-type=module', '-e', REFUSER] } }, { demo: true });
    await openTool('demo', 'always_fails');
    await send();
    const toolError = await app!.waitFor('✗ tool error');
    expect(toolError).toContain('the tool ran and reported failure (isError)');
    expect(toolError).toContain('the demo tool always fails');
    await offered('a call again');
    await app!.press(KEY.esc);
    await offered('enter call');
    // The kept filter goes first, then the screen.
    await app!.press(KEY.esc);
    await app!.waitFor((f) => !f.includes('/ always_fails'));
    await app!.press(KEY.esc);
    await offered('enter open');
    await openTool('refuser', 'refuse');
    await send();
    const protocol = await app!.waitFor('✗ protocol error');
    expect(protocol).toContain('arguments refused by the fixture');
    expect(protocol).not.toContain('tool error');
  });

  it('a goes back to the form with the same arguments, and the next visit starts from them too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-ui-recent-'));
    await start({}, { demo: true, recentArgs: openRecentArgs({ MCPDECK_CONFIG_DIR: dir }) });
    await openTool('demo', 'fetch_weather');
    await typeText('Lisbon');
    await app!.waitFor('Lisbon');
    await send();
    await app!.waitFor('Lisbon: 18°C');
    await offered('a call again');
    await app!.press('a');
    await offered('ctrl+s send');
    expect(app!.frame()).toContain('Lisbon');
    expect(app!.frame()).not.toContain('✓ ok');
    await app!.press(KEY.esc);
    await offered('enter call');
    expect(app!.frame()).not.toContain('Lisbon');
    await app!.press(KEY.enter);
    await offered('ctrl+s send');
    expect(app!.frame()).toContain('Lisbon');
  });
});

describe('calling a hostile server', () => {
  it('never lets a control sequence from a tool name, result or link reach the terminal', async () => {
    const hostile = new URL('../fixtures/servers/hostile-text.mjs', import.meta.url).pathname;
    await start({ hostile: { command: process.execPath, args: [hostile] } });
    await openTool('hostile', 'evil');
    await send();
    await confirmAsked();
    await app!.press('y');
    const result = await app!.waitFor('✓ ok');
    expect(result).toContain('result');
    expect(result).toContain('link: file:///x␇ · o reads it');
    expect(result).toContain('structured');
    // The real name holds the escape: quoted for the shell, the escape itself a visible marker on screen.
    expect(result).toContain("$ mcpdeck call hostile 'evil⟦ESC[2J⟧tool'");
    expect(result).toContain('result ⟦ESC[2J⟧⟦OSC 52 clipboard⟧⟦link https://evil.example/⟧click⟦/link⟧');
    expect(result).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
  });
});

describe('calling server-everything over stdio', () => {
  const everything = { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } };

  it('get-sum: fill a and b, send, see the sum (at 80x24)', async () => {
    await start(everything, {}, { columns: 80, rows: 24 });
    await openTool('everything', 'get-sum');
    await typeText('2');
    await app!.press(KEY.tab);
    await typeText('3');
    await send();
    const result = await app!.waitFor('✓ ok');
    expect(result).toContain('The sum of 2 and 3 is 5.');
    expect(result).toContain(`mcpdeck call everything get-sum --args '{"a":2,"b":3}'`);
  });

  it('trigger-long-running-operation shows progress, and esc cancels it', async () => {
    await start(everything);
    await openTool('everything', 'trigger-long-running-operation');
    await send();
    await app!.waitFor(/ 1\/5/, 15_000);
    await offered('esc cancel');
    await app!.press(KEY.esc);
    const cancelled = await app!.waitFor('⊘ cancelled');
    expect(cancelled).toContain('the call was cancelled (the server was told)');
    expect(cancelled).toContain('servers › everything › trigger-long-running-operation');
  });

  it('reads a resource link of a result with o', async () => {
    await start(everything);
    await openTool('everything', 'get-resource-links');
    await send();
    await app!.waitFor('resource links · o picks one to read');
    await offered('o read link');
    await app!.press('o');
    await app!.waitFor('Read which resource link?');
    await offered('enter read');
    await app!.press(KEY.down);
    await app!.waitFor(/^› \S+\/2\b/m);
    await app!.press(KEY.enter);
    const read = await app!.waitFor(/── resource \S+ \(text\/plain\) ──/);
    expect(read).toContain('esc back to the result');
    await app!.press(KEY.esc);
    await app!.waitFor('✓ ok');
  });
});
