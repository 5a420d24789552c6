// The Log tab's network pane, over a real Streamable HTTP server: each exchange with its
// method, status and URL, one opened in the pager with its masked headers and SSE events.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { fixture, fixtureServer } from '../helpers/servers.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const TOKEN = 'static-token-do-not-show';

describe('network pane', () => {
  let child: ChildProcess;
  let deck: Deck;
  let app: Rendered;
  beforeEach(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpdeck-net-')), 'meta.jsonl');
    writeFileSync(file, '');
    child = spawn(process.execPath, [fixture('records-meta.mjs'), file, 'http'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().replace('listening on ', '').trim())));
    deck = await deckWith({ remote: { type: 'http', url: `${url}?api_key=${TOKEN}`, headers: { Authorization: `Bearer ${TOKEN}` } } }, { wire: { network: true } });
    app = renderApp(deck, { columns: 120, rows: 30 });
    app.resize(120, 30);
    await deck.connectAll();
  });
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
    child?.kill();
  });

  it('lists the exchanges of a remote server and opens one with its headers masked and its SSE events', async () => {
    await app.waitFor('✓ connected');
    await deck.callTool('remote', 'echo', { text: 'hello' });
    await app.press(KEY.enter);
    await app.waitFor(/Tools.*Resources.*Prompts/);
    await app.press('4');
    await app.waitFor('network');
    await app.press('t', 't', 't');
    const list = await app.waitFor(/POST\s+200\s+127\.0\.0\.1:\d+\/mcp/);
    expect(list).not.toContain(TOKEN);
    expect(list).toMatch(/1 events|\d+ bytes · \d+ ms/);
    // The last exchange (the call, answered as an SSE stream) is selected: open it.
    await app.press('G');
    await app.press(KEY.enter);
    const opened = await app.waitFor('request headers');
    expect(opened).toContain('authorization: Bearer ••••••');
    expect(opened).toContain('mcp-protocol-version: 2025-11-25');
    expect(opened).toMatch(/mcp-session-id: sessio…••••••/);
    expect(opened).toMatch(/SSE events \(1\)/);
    expect(opened).toMatch(/\+\d+ ms message id 1 · \d+ bytes · \{"jsonrpc":"2.0"/);
    expect(opened).not.toContain(TOKEN);
  });

});

describe('a stdio server', () => {
  it('has no network pane', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpdeck-net-')), 'meta.jsonl');
    writeFileSync(file, '');
    const deck = await deckWith({ local: fixtureServer('records-meta.mjs', file) }, { wire: { network: true } });
    const app = renderApp(deck);
    try {
      await deck.connectAll();
      await app.waitFor('✓ connected');
      await app.press(KEY.enter);
      await app.waitFor(/Tools.*Resources.*Prompts/);
      await app.press('4');
      const tab = await app.waitFor('JSON-RPC traffic');
      expect(tab).not.toMatch(/ network /);
    } finally {
      app.unmount();
      await deck.close();
    }
  });
});
