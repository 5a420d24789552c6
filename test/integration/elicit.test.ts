import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { ToolCallError } from '../../src/core/mcp/call.js';
import { deckWith, state } from './helpers/deck.js';
import { nextPending, resultText, untilRequests } from './helpers/elicit.js';
import { everythingStdio } from '../helpers/servers.js';

const ASKS = fileURLToPath(new URL('../fixtures/servers/asks.mjs', import.meta.url));

/** The JSON after "Raw result:" in server-everything's answer: exactly what it received. */
function rawResult(text: string): { action: string; content?: Record<string, unknown> } {
  return JSON.parse(text.slice(text.indexOf('Raw result:') + 'Raw result:'.length));
}

describe('elicitation through the request queue', () => {
  let deck: Deck;

  beforeAll(async () => {
    deck = await deckWith({
      everything: everythingStdio(),
      asks: { command: process.execPath, args: [ASKS] },
    });
    await deck.connectAll();
  });

  afterAll(async () => {
    await deck?.close();
  });

  it('declares elicitation (form and URL) and sampling: server-everything offers its tools for them', () => {
    const names = state(deck, 'everything').tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['trigger-elicitation-request', 'trigger-url-elicitation', 'trigger-sampling-request']));
  });

  it('refuses invalid answers field by field, sends typed values with defaults, and refuses a second answer', async () => {
    const call = deck.callTool('everything', 'trigger-elicitation-request', {});
    const request = await nextPending(deck, 'elicit-form', 'everything');
    expect(request.message).toMatch(/provide inputs/);
    expect(deck.requests.pendingFor('everything')).toEqual([request]);

    const bad = deck.requests.respond(request.id, {
      action: 'accept',
      content: { integer: '7', number: 1001, check: 'yes', untitledSingleSelectEnum: 'Gunther', untitledMultipleSelectEnum: [], email: 'nope' },
    });
    expect(bad.ok).toBe(false);
    const errors = bad.ok ? {} : bad.fieldErrors ?? {};
    expect(errors).toMatchObject({
      name: 'required',
      integer: expect.stringMatching(/integer/),
      number: expect.stringMatching(/<= 1000/),
      check: expect.stringMatching(/boolean/),
      untitledSingleSelectEnum: expect.stringMatching(/one of/),
      untitledMultipleSelectEnum: expect.stringMatching(/fewer than 1/),
      email: 'must be an email address',
    });
    expect(deck.requests.respond(request.id, { action: 'accept', content: { name: 'Ada', colour: 'red' } })).toMatchObject({
      ok: false,
      fieldErrors: { colour: 'not asked for' },
    });
    expect(deck.requests.getSnapshot().pending).toContainEqual(request);

    const content = { name: 'Ada', check: true, integer: 7, number: 2.5, untitledMultipleSelectEnum: ['Piano', 'Drums'], titledSingleSelectEnum: 'hero-2' };
    expect(deck.requests.respond(request.id, { action: 'accept', content })).toEqual({ ok: true });
    expect(deck.requests.getSnapshot().pending).toEqual([]);
    expect(deck.requests.respond(request.id, { action: 'decline' })).toMatchObject({ ok: false, message: expect.stringMatching(/already answered/) });
    expect(deck.requests.cancel(request.id).ok).toBe(false);

    const text = resultText(await call);
    expect(text).toContain('- Name: Ada');
    expect(text).toContain('- Favorite Integer: 7');
    // Typed as the schema says, with the defaults of the fields left out (applyDefaults).
    expect(rawResult(text)).toEqual({
      action: 'accept',
      content: {
        ...content,
        firstLine: 'It was a dark and stormy night.',
        untitledSingleSelectEnum: 'Monica',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    });
  });

  it('declines and cancels', async () => {
    const declined = deck.callTool('everything', 'trigger-elicitation-request', {});
    expect(deck.requests.respond((await nextPending(deck, 'elicit-form', 'everything')).id, { action: 'decline' })).toEqual({ ok: true });
    expect(rawResult(resultText(await declined))).toEqual({ action: 'decline' });

    const cancelled = deck.callTool('everything', 'trigger-elicitation-request', {});
    expect(deck.requests.cancel((await nextPending(deck, 'elicit-form', 'everything')).id)).toEqual({ ok: true });
    expect(rawResult(resultText(await cancelled))).toEqual({ action: 'cancel' });
  });

  it('queues several requests, oldest first', async () => {
    const calls = [deck.callTool('everything', 'trigger-elicitation-request', {}), deck.callTool('asks', 'ask', {})];
    const pending = await untilRequests(deck, (s) => s.pending.length === 2 && s.pending, 'two pending requests');
    expect(pending[0]!.id).toBeLessThan(pending[1]!.id);
    expect(new Set(pending.map((r) => r.server))).toEqual(new Set(['everything', 'asks']));
    for (const r of pending) expect(deck.requests.respond(r.id, { action: 'decline' }).ok).toBe(true);
    await Promise.all(calls);
  });

  it('keeps the call waiting past its timeout while the person answers', async () => {
    const call = deck.callTool('everything', 'trigger-elicitation-request', {}, { timeout: 200 });
    const request = await nextPending(deck, 'elicit-form', 'everything');
    // Time itself is what is tested: the call's deadline passes several times over.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(deck.requests.respond(request.id, { action: 'decline' })).toEqual({ ok: true });
    expect(rawResult(resultText(await call))).toEqual({ action: 'decline' });
  });

  it('still times a call out when nothing is pending', async () => {
    const call = deck.callTool('everything', 'trigger-long-running-operation', { duration: 5, steps: 1 }, { timeout: 200 });
    await expect(call).rejects.toMatchObject({ kind: 'timeout', message: 'the call timed out: no result or progress for 0.2 s' });
  });

  it('lets a policy answer: its requests never enter the queue', async () => {
    let seen = 0;
    const off = deck.requests.subscribe(() => (seen += deck.requests.getSnapshot().pending.length));
    deck.requests.setPolicy((r) => (r.kind === 'elicit-form' ? { action: 'accept', content: { name: 'Bot', integer: 9 } } : undefined));
    try {
      const text = resultText(await deck.callTool('everything', 'trigger-elicitation-request', {}));
      expect(text).toContain('- Name: Bot');
      expect(rawResult(text).content).toMatchObject({ name: 'Bot', integer: 9, number: 3.14 });
      expect(seen).toBe(0);
      // A policy's invalid answer is not sent either: the request fails, with a notice.
      deck.requests.setPolicy(() => ({ action: 'accept', content: { integer: 'x' } }));
      const failed = await deck.callTool('everything', 'trigger-elicitation-request', {});
      expect(failed.isError).toBe(true);
      expect(deck.requests.getSnapshot().notices.at(-1)).toMatchObject({ kind: 'failed', server: 'everything', text: expect.stringMatching(/integer: must be integer/) });
    } finally {
      deck.requests.setPolicy(undefined);
      off();
    }
  });

  it('keeps a schema outside the subset as sent and checks answers against all of it', async () => {
    const call = deck.callTool('asks', 'nested', {});
    const request = await nextPending(deck, 'elicit-form', 'asks');
    expect(request.requestedSchema.properties.code).toMatchObject({ pattern: '^[A-Z]{3}$' });
    expect(deck.requests.respond(request.id, { action: 'accept', content: { code: 'abc', address: {} } })).toMatchObject({
      ok: false,
      fieldErrors: { code: expect.stringMatching(/pattern/), address: 'city: required' },
    });
    const content = { code: 'ABC', address: { city: 'Oslo' } };
    expect(deck.requests.respond(request.id, { action: 'accept', content }).ok).toBe(true);
    expect(JSON.parse(resultText(await call))).toEqual({ action: 'accept', content });
  });

  it('removes a request the server withdraws, with a notice, and refuses a late answer', async () => {
    const call = deck.callTool('asks', 'give-up', { ms: 400 });
    const request = await nextPending(deck, 'elicit-form', 'asks');
    const notice = await untilRequests(deck, (s) => !s.pending.length && s.notices.find((n) => n.kind === 'withdrawn'), 'the withdrawal notice');
    expect(notice).toMatchObject({ server: 'asks', text: expect.stringMatching(/"Anyone there\?" from asks was withdrawn: the server cancelled it/) });
    expect(deck.requests.respond(request.id, { action: 'decline' })).toMatchObject({ ok: false, message: expect.stringMatching(/asks withdrew this request/) });
    expect(resultText(await call)).toMatch(/gave up/);
    deck.requests.dismiss(notice.id);
    expect(deck.requests.getSnapshot().notices).not.toContainEqual(notice);
  });

  it('tracks a URL elicitation, sends no content on accept, and marks it done on completion', async () => {
    const call = deck.callTool('asks', 'link', { id: 'e-1' });
    const request = await nextPending(deck, 'elicit-url', 'asks');
    expect(request).toMatchObject({ url: 'https://example.com/sign?x=1', domain: 'example.com', elicitationId: 'e-1', message: 'Sign the form' });
    expect(deck.requests.getSnapshot().urls).toContainEqual({ elicitationId: 'e-1', server: 'asks', url: request.url, status: 'asked', since: expect.any(Number) });
    expect(deck.requests.respond(request.id, { action: 'accept', content: { ignored: true } }).ok).toBe(true);
    expect(JSON.parse(resultText(await call))).toEqual({ action: 'accept' });
    await untilRequests(deck, (s) => s.urls.some((u) => u.elicitationId === 'e-1' && u.status === 'completed'), 'completion');
    expect(deck.requests.getSnapshot().notices.at(-1)).toMatchObject({ kind: 'completed', text: expect.stringMatching(/example\.com is done/) });
  });

  it('stops tracking a URL the person declines (server-everything, request path)', async () => {
    const call = deck.callTool('everything', 'trigger-url-elicitation', { url: 'https://example.org/consent' });
    const request = await nextPending(deck, 'elicit-url', 'everything');
    expect(request.domain).toBe('example.org');
    deck.requests.respond(request.id, { action: 'decline' });
    expect(resultText(await call)).toMatch(/declined to open the URL/);
    expect(deck.requests.getSnapshot().urls.some((u) => u.elicitationId === request.elicitationId)).toBe(false);
  });

  it('carries the elicitations of a -32042 error, tracks them, and the retry goes through', async () => {
    const args = { url: 'https://example.org/retry', errorPath: true };
    const error = await deck.callTool('everything', 'trigger-url-elicitation', args).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    const e = error as ToolCallError;
    expect(e.kind).toBe('url-elicitation-required');
    expect(e.elicitations).toEqual([
      { elicitationId: expect.any(String), url: 'https://modelcontextprotocol.io', domain: 'modelcontextprotocol.io', message: expect.stringMatching(/prerequisite/) },
    ]);
    expect(e.details[0]).toContain('https://modelcontextprotocol.io');
    // Named by the error, not opened: tracked, never counted as an open page.
    expect(deck.requests.getSnapshot().urls).toContainEqual({ elicitationId: e.elicitations[0]!.elicitationId, server: 'everything', url: 'https://modelcontextprotocol.io', status: 'asked', since: expect.any(Number) });
    const retry = deck.callTool('everything', 'trigger-url-elicitation', args);
    deck.requests.respond((await nextPending(deck, 'elicit-url', 'everything')).id, { action: 'accept', content: {} });
    expect(resultText(await retry)).toMatch(/completed the URL elicitation/);
  });

  it('withdraws pending requests when the connection closes', async () => {
    const call = deck.callTool('asks', 'ask', {}).then(() => undefined, (e: unknown) => e);
    await nextPending(deck, 'elicit-form', 'asks');
    await deck.callTool('asks', 'exit', {});
    const notice = await untilRequests(deck, (s) => !s.pending.length && s.notices.find((n) => /connection closed/.test(n.text)), 'the close notice');
    expect(notice).toMatchObject({ kind: 'withdrawn', text: expect.stringMatching(/"Your name\?" from asks was withdrawn: the connection closed/) });
    expect(await call).toMatchObject({ kind: 'not-connected' });
  });
});

describe('the first request a server makes', () => {
  it('closes when the server withdraws it (request id 0, which the SDK alone would ignore)', async () => {
    const deck = await deckWith({ asks: { command: process.execPath, args: [ASKS] } });
    try {
      await deck.connectAll();
      const call = deck.callTool('asks', 'give-up', { ms: 300 });
      await nextPending(deck, 'elicit-form', 'asks');
      const notice = await untilRequests(deck, (s) => !s.pending.length && s.notices.find((n) => n.kind === 'withdrawn'), 'the withdrawal of request 0');
      expect(notice.text).toMatch(/the server cancelled it/);
      expect(resultText(await call)).toMatch(/gave up/);
    } finally {
      await deck.close();
    }
  });
});
