import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRecentArgs } from '../../src/core/calls/recent-args.js';
import { KEY } from './helpers/render.js';
import { callApp } from './helpers/call-app.js';
import { everythingStdio } from '../helpers/servers.js';

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

const call = callApp();
const { typeText, send, offered, selectServer, openTool, start, confirmAsked } = call;

describe('calling a tool of the demo server', () => {
  it('asks before an unannotated tool (implied destructive), sends on y, and shows the result and the command', async () => {
    await start({}, { demo: true });
    const form = await openTool('demo', 'echo');
    expect(form).toContain('[destructive?]');
    await typeText('hello there');
    await call.app.waitFor('hello there');
    await send();
    const ask = await confirmAsked();
    expect(ask).toContain('does not declare this tool read-only');
    expect(ask).toContain('not guarantees');
    await call.app.press('n');
    await offered('ctrl+s send');
    expect(call.app.frame()).not.toContain('Send this call?');
    expect(call.app.frame()).toContain('hello there');
    await send();
    await confirmAsked();
    await call.app.press('y');
    const result = await call.app.waitFor('✓ ok');
    expect(result).toMatch(/^hello there\s*$/m);
    expect(result).toContain(`$ mcpdeck call demo echo --args '{"message":"hello there"}' --demo`);
  });

  it('a declared destructive tool says so, and n sends nothing', async () => {
    await start({}, { demo: true });
    await selectServer('demo');
    await call.deck.callTool('demo', 'save_note', { name: 'k', text: 'keep me' });
    await openTool('demo', 'delete_all_notes');
    await call.app.press(' ');
    await call.app.waitFor('[x]');
    await send();
    const ask = await confirmAsked();
    expect(ask).toContain('declares this tool destructive (destructiveHint: true)');
    await call.app.press('n');
    await offered('ctrl+s send');
    expect((await call.deck.callTool('demo', 'read_note', { name: 'k' })).result.content).toEqual([{ type: 'text', text: 'keep me' }]);
    await send();
    await confirmAsked();
    await call.app.press('y');
    await call.app.waitFor('deleted 1 notes');
  });

  it('a read-only tool is sent at once; progress shows a bar and the message while other keys still work', async () => {
    await start({}, { demo: true });
    await openTool('demo', 'count_slowly');
    await send();
    const running = await call.app.waitFor(/counted [1-4] of 5/);
    expect(running).toMatch(/calling count_slowly · \d+\.\d s/);
    expect(running).toMatch(/█+░+ [1-4]\/5/);
    await offered('esc cancel');
    await call.app.press('?');
    await call.app.waitFor('Cancel the call (the server is told)');
    await call.app.press(KEY.esc);
    const done = await call.app.waitFor('✓ ok', 15_000);
    expect(done).toContain('counted to 5');
  });

  it('saves an image to a file and checks structured content against the output schema', async () => {
    await start({}, { demo: true });
    await openTool('demo', 'make_tile');
    await send();
    const result = await call.app.waitFor('✓ ok');
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
    const toolError = await call.app.waitFor('✗ tool error');
    expect(toolError).toContain('the tool ran and reported failure (isError)');
    expect(toolError).toContain('the demo tool always fails');
    await offered('a call again');
    await call.app.press(KEY.esc);
    await offered('enter call');
    // The kept filter goes first, then the screen.
    await call.app.press(KEY.esc);
    await call.app.waitFor((f) => !f.includes('/ always_fails'));
    await call.app.press(KEY.esc);
    await offered('enter open');
    await openTool('refuser', 'refuse');
    await send();
    const protocol = await call.app.waitFor('✗ protocol error');
    expect(protocol).toContain('arguments refused by the fixture');
    expect(protocol).not.toContain('tool error');
  });

  it('a goes back to the form with the same arguments, and the next visit starts from them too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-ui-recent-'));
    await start({}, { demo: true, recentArgs: openRecentArgs({ MCPDECK_CONFIG_DIR: dir }) });
    await openTool('demo', 'fetch_weather');
    await typeText('Lisbon');
    await call.app.waitFor('Lisbon');
    await send();
    await call.app.waitFor('Lisbon: 18°C');
    await offered('a call again');
    await call.app.press('a');
    await offered('ctrl+s send');
    expect(call.app.frame()).toContain('Lisbon');
    expect(call.app.frame()).not.toContain('✓ ok');
    await call.app.press(KEY.esc);
    await offered('enter call');
    expect(call.app.frame()).not.toContain('Lisbon');
    await call.app.press(KEY.enter);
    await offered('ctrl+s send');
    expect(call.app.frame()).toContain('Lisbon');
  });
});

describe('calling a hostile server', () => {
  it('never lets a control sequence from a tool name, result or link reach the terminal', async () => {
    const hostile = new URL('../fixtures/servers/hostile-text.mjs', import.meta.url).pathname;
    await start({ hostile: { command: process.execPath, args: [hostile] } });
    await openTool('hostile', 'evil');
    await send();
    await confirmAsked();
    await call.app.press('y');
    const result = await call.app.waitFor('✓ ok');
    expect(result).toContain('result');
    expect(result).toContain('link: file:///x␇ · o reads it');
    expect(result).toContain('structured');
    // The real name holds the escape: quoted for the shell, the escape itself a visible marker on screen.
    expect(result).toContain("$ mcpdeck call hostile 'evil⟦ESC[2J⟧tool'");
    // The pager wraps at the space: the sequences, one long word, start the next row.
    expect(result).toContain('result\n⟦ESC[2J⟧⟦OSC 52 clipboard⟧⟦link https://evil.example/⟧click⟦/link⟧');
    expect(result).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
  });
});

describe('calling server-everything over stdio', () => {
  const everything = { everything: everythingStdio() };

  it('get-sum: fill a and b, send, see the sum (at 80x24)', async () => {
    await start(everything, {}, { columns: 80, rows: 24 });
    await openTool('everything', 'get-sum');
    await typeText('2');
    await call.app.press(KEY.tab);
    await typeText('3');
    await send();
    const result = await call.app.waitFor('✓ ok');
    expect(result).toContain('The sum of 2 and 3 is 5.');
    expect(result).toContain(`mcpdeck call everything get-sum --args '{"a":2,"b":3}'`);
  });

  it('trigger-long-running-operation shows progress, and esc cancels it', async () => {
    await start(everything);
    await openTool('everything', 'trigger-long-running-operation');
    await send();
    await call.app.waitFor(/ 1\/5/, 15_000);
    await offered('esc cancel');
    await call.app.press(KEY.esc);
    const cancelled = await call.app.waitFor('⊘ cancelled');
    expect(cancelled).toContain('the call was cancelled (the server was told)');
    expect(cancelled).toContain('servers › everything › trigger-long-running-operation');
  });

  it('progress without a total shows the count so far and the message, not a bare number', async () => {
    // Reports one step with no total, then works on until cancelled.
    const counter = `
import { serve, send, initializeResult } from ${JSON.stringify(RAW_RPC)};
serve({
  initialize: (p) => initializeResult(p.protocolVersion),
  'notifications/initialized': () => undefined,
  'tools/list': () => ({ tools: [{ name: 'warm_up', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } }] }),
  'tools/call': (p) => void send({ method: 'notifications/progress', params: { progressToken: p._meta.progressToken, progress: 7, message: 'warming the caches' } }),
});`;
    await start({ counter: { command: process.execPath, args: ['--input-type=module', '-e', counter] } });
    await openTool('counter', 'warm_up');
    await send();
    const running = await call.app.waitFor('warming the caches');
    expect(running).toMatch(/^7 so far \(no total given\)$/m);
    await call.app.press(KEY.esc);
    await call.app.waitFor('⊘ cancelled');
  });

  it('reads a resource link of a result with o', async () => {
    await start(everything);
    await openTool('everything', 'get-resource-links');
    await send();
    await call.app.waitFor('resource links · o picks one to read');
    await offered('o read link');
    await call.app.press('o');
    await call.app.waitFor('Read which resource link?');
    await offered('enter read');
    await call.app.press(KEY.down);
    await call.app.waitFor(/^› \S+\/2\b/m);
    await call.app.press(KEY.enter);
    const read = await call.app.waitFor(/── resource \S+ \(text\/plain\) ──/);
    expect(read).toContain('esc back to the result');
    await call.app.press(KEY.esc);
    await call.app.waitFor('✓ ok');
  });
});
