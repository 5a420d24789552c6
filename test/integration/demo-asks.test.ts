import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { Deck } from '../../src/core/deck.js';
import { createDemoServer } from '../../src/core/demo/server.js';
import { deckWith, state } from './helpers/deck.js';
import { nextPending, resultText, untilRequests } from './helpers/elicit.js';

describe("the demo server's survey and page, through deck.requests", () => {
  let deck: Deck;

  beforeAll(async () => {
    deck = await deckWith({}, { demo: true });
    await deck.connectAll();
  });

  afterAll(async () => {
    await deck?.close();
  });

  it('annotates the two tools honestly', () => {
    const tools = state(deck, 'demo').tools;
    expect(tools.find((t) => t.name === 'survey')?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(tools.find((t) => t.name === 'visit_page')?.annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
  });

  it('asks a form of four kinds of field, refuses a bad email, and says what was answered (defaults filled in)', async () => {
    const call = deck.callTool('demo', 'survey', {});
    const request = await nextPending(deck, 'elicit-form', 'demo');
    const { properties, required } = request.requestedSchema;
    expect(required).toEqual(['email']);
    expect(properties).toMatchObject({
      email: { type: 'string', format: 'email' },
      cups: { type: 'integer', minimum: 0, maximum: 12, default: 2 },
      newsletter: { type: 'boolean', default: false },
      theme: { type: 'string', default: 'auto', oneOf: expect.arrayContaining([{ const: 'dark', title: 'Dark' }]) },
    });
    const bad = deck.requests.respond(request.id, { action: 'accept', content: { email: 'not an address', cups: 13 } });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { email: expect.stringMatching(/email/), cups: expect.stringMatching(/<= 12/) } });
    expect(deck.requests.respond(request.id, { action: 'accept', content: { email: 'ada@example.com', theme: 'dark' } })).toEqual({ ok: true });
    const outcome = await call;
    expect(outcome.result.isError).toBeFalsy();
    expect(resultText(outcome)).toBe([
      'You answered:',
      '- email: ada@example.com',
      '- cups of coffee a day: 2',
      '- newsletter: no',
      '- colour theme: Dark',
    ].join('\n'));
  });

  it('hears a decline and a cancel as such', async () => {
    const declined = deck.callTool('demo', 'survey', {});
    deck.requests.respond((await nextPending(deck, 'elicit-form', 'demo')).id, { action: 'decline' });
    expect(resultText(await declined)).toBe('You declined the survey.');
    const cancelled = deck.callTool('demo', 'survey', {});
    deck.requests.cancel((await nextPending(deck, 'elicit-form', 'demo')).id);
    expect(resultText(await cancelled)).toBe('You cancelled the survey (no answer either way).');
  });

  it('withdraws its question when the call is cancelled', async () => {
    const abort = new AbortController();
    const call = deck.callTool('demo', 'survey', {}, { signal: abort.signal });
    const request = await nextPending(deck, 'elicit-form', 'demo');
    abort.abort('the person pressed esc');
    await expect(call).rejects.toThrow();
    const notice = await untilRequests(deck, (s) => s.notices.find((n) => n.kind === 'withdrawn' && n.server === 'demo'), 'a withdrawal notice');
    expect(notice.text).toContain('was withdrawn');
    expect(deck.requests.getSnapshot().pending).not.toContainEqual(request);
  });

  it('sends the person to example.com, and after an accept says the page is done', async () => {
    const call = deck.callTool('demo', 'visit_page', {});
    const request = await nextPending(deck, 'elicit-url', 'demo');
    expect(request.domain).toBe('example.com');
    expect(request.url).toBe(`https://example.com/mcpdeck-demo?session=${request.elicitationId}`);
    expect(deck.requests.getSnapshot().urls).toContainEqual({ elicitationId: request.elicitationId, server: 'demo', url: request.url, status: 'asked', since: expect.any(Number) });
    deck.requests.respond(request.id, { action: 'accept', content: {} });
    const outcome = await call;
    expect(resultText(outcome)).toContain(`The server sent notifications/elicitation/complete for ${request.elicitationId}: the page is done.`);
    // The notification went out before the result: the page is already marked done.
    expect(deck.requests.getSnapshot().urls.find((u) => u.elicitationId === request.elicitationId)?.status).toBe('completed');
    expect(deck.requests.getSnapshot().notices.at(-1)).toMatchObject({ kind: 'completed', text: expect.stringContaining('example.com is done') });
  });

  it('hears a declined page, and stops tracking it', async () => {
    const call = deck.callTool('demo', 'visit_page', {});
    const request = await nextPending(deck, 'elicit-url', 'demo');
    deck.requests.respond(request.id, { action: 'decline' });
    expect(resultText(await call)).toBe('You declined to visit the page.');
    expect(deck.requests.getSnapshot().urls.some((u) => u.elicitationId === request.elicitationId)).toBe(false);
  });
});

/** A plain SDK client with only these capabilities, connected to a fresh demo server. */
async function clientWith(capabilities: ClientCapabilities): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createDemoServer().connect(serverSide);
  const client = new Client({ name: 'plain', version: '1.0.0' }, { capabilities });
  await client.connect(clientSide);
  return client;
}

describe('the demo tools with a client that cannot be asked', () => {
  it('say so as a tool error instead of failing the call', async () => {
    const client = await clientWith({});
    for (const [tool, mode] of [['survey', 'form'], ['visit_page', 'URL']] as const) {
      const result = await client.callTool({ name: tool, arguments: {} });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining(`did not declare elicitation (${mode} mode)`) }]);
    }
    await client.close();
  });

  it('a client with forms only (the old `elicitation: {}`) is asked the survey but not sent to a page', async () => {
    const client = await clientWith({ elicitation: {} });
    let asked = '';
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked = request.params.message;
      // This client applies no defaults: the fields it leaves out say so.
      return { action: 'accept', content: { email: 'grace@example.com' } };
    });
    const survey = await client.callTool({ name: 'survey', arguments: {} });
    expect(survey).toMatchObject({ content: [{ text: expect.stringContaining('- email: grace@example.com\n- cups of coffee a day: (left empty)') }] });
    expect(asked).toContain('A short survey');
    const page = await client.callTool({ name: 'visit_page', arguments: {} });
    expect(page).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('(URL mode)') }] });
    await client.close();
  });
});
