import { beforeAll, describe, expect, it } from 'vitest';
import { RequestQueue, type ElicitInput } from '../../src/core/elicitation/queue.js';
import type { PendingRequest } from '../../src/core/elicitation/types.js';
import { openPages, PAGE_TRACK_MS } from '../../src/core/elicitation/tracked-urls.js';
import { ManualClock } from './helpers/manual-clock.js';
import { loadValidator } from '../../src/core/schema/validator.js';

// The schema checker loads on first use (validator.ts); these tests check values directly.
beforeAll(loadValidator);

const schema = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, minLength: 2 },
    age: { type: 'integer' as const, minimum: 0, default: 30 },
    tags: { type: 'array' as const, items: { type: 'string' as const, enum: ['a', 'b'] } },
  },
  required: ['name', 'age'],
};
const form: ElicitInput = { mode: 'form', message: 'Who?', requestedSchema: schema };
const link: ElicitInput = { mode: 'url', message: 'Sign', url: 'https://user@login.example.com:8443/x?y', elicitationId: 'e1' };
const sampling = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'hi' } }], maxTokens: 10 };

/** Resolves once something is pending (a policy that passes decides a few ticks later). */
const somethingPending = (q: RequestQueue) =>
  new Promise<void>((resolve) => {
    const off = q.subscribe(() => q.getSnapshot().pending.length && (off(), resolve()));
  });

const only = (q: RequestQueue): PendingRequest => {
  const [request] = q.getSnapshot().pending;
  if (!request) throw new Error('nothing pending');
  return request;
};

describe('the request queue', () => {
  it('shows a server\'s questions in the order it asked them, whichever reached the queue first', () => {
    const q = new RequestQueue();
    const signal = new AbortController().signal;
    void q.sample('twice', sampling, signal, 2);
    void q.elicit('twice', form, signal, 1);
    void q.elicit('other', form, signal, 0);
    void q.sample('twice', sampling, signal);
    expect(q.getSnapshot().pending.map((r) => `${r.server}:${r.kind}:${r.order ?? '-'}`)).toEqual([
      'twice:elicit-form:1', 'twice:sample:2', 'other:elicit-form:0', 'twice:sample:-',
    ]);
  });

  it('queues a form, refuses invalid content field by field, sends defaults, and refuses a second answer', async () => {
    const q = new RequestQueue({ clock: new ManualClock(1000) });
    const answer = q.elicit('srv', form, new AbortController().signal);
    const request = only(q);
    expect(request).toMatchObject({ id: 1, server: 'srv', kind: 'elicit-form', message: 'Who?', receivedAt: 1000 });
    expect(q.hasPending('srv')).toBe(true);
    expect(q.pendingFor('other')).toEqual([]);

    expect(q.respond(request.id, { action: 'accept', content: { name: 'A', age: 2.5, tags: ['c'], extra: 1 } })).toEqual({
      ok: false,
      message: '4 fields are not valid; nothing was sent',
      fieldErrors: { name: 'must NOT have fewer than 2 characters', age: 'must be integer', tags: 'item 1: must be one of "a", "b"', extra: 'not asked for' },
    });
    expect(q.respond(request.id, { action: 'accept', content: {} })).toMatchObject({ fieldErrors: { name: 'required' } });
    expect(q.getSnapshot().pending).toEqual([request]);

    const before = q.getSnapshot();
    expect(q.respond(request.id, { action: 'accept', content: { name: 'Ada', tags: ['a'] } })).toEqual({ ok: true });
    expect(q.getSnapshot()).not.toBe(before);
    expect(q.getSnapshot().pending).toEqual([]);
    await expect(answer).resolves.toEqual({ action: 'accept', content: { name: 'Ada', tags: ['a'], age: 30 } });
    expect(q.respond(request.id, { action: 'decline' })).toEqual({ ok: false, message: 'this request was already answered' });
    expect(q.respond(99, { action: 'decline' })).toEqual({ ok: false, message: 'no request #99 is waiting' });
  });

  it('cancels an elicitation and declines sampling when the person dismisses them', async () => {
    const q = new RequestQueue();
    const elicit = q.elicit('srv', form, new AbortController().signal);
    expect(q.cancel(only(q).id)).toEqual({ ok: true });
    await expect(elicit).resolves.toEqual({ action: 'cancel' });
    const sample = q.sample('srv', sampling, new AbortController().signal);
    expect(only(q)).toMatchObject({ kind: 'sample', params: sampling });
    expect(q.cancel(only(q).id)).toEqual({ ok: true });
    await expect(sample).resolves.toEqual({ action: 'decline' });
  });

  it('answers sampling with text only, and refuses the wrong kind of answer', async () => {
    const q = new RequestQueue();
    const sample = q.sample('srv', sampling, new AbortController().signal);
    const { id } = only(q);
    expect(q.respond(id, { action: 'reply', text: '  ' })).toEqual({ ok: false, message: 'write the reply, or decline' });
    expect(q.respond(id, { action: 'accept', content: {} })).toMatchObject({ ok: false });
    expect(q.respond(id, { action: 'reply', text: 'hello', model: 'me' })).toEqual({ ok: true });
    await expect(sample).resolves.toEqual({ action: 'reply', text: 'hello', model: 'me' });
    const form2 = q.elicit('srv', form, new AbortController().signal);
    expect(q.respond(only(q).id, { action: 'reply', text: 'x' })).toMatchObject({ ok: false, message: expect.stringMatching(/accept, decline or cancel/) });
    q.cancel(only(q).id);
    await form2;
  });

  it('removes a request the server withdraws, says so, and refuses a late answer', async () => {
    const q = new RequestQueue({ clock: new ManualClock(5) });
    const abort = new AbortController();
    const answer = q.elicit('srv', form, abort.signal);
    const { id } = only(q);
    abort.abort('the server cancelled it (timed out)');
    await expect(answer).rejects.toThrow(/withdrawn/);
    expect(q.getSnapshot().pending).toEqual([]);
    expect(q.getSnapshot().notices).toEqual([
      { id: 1, server: 'srv', at: 5, kind: 'withdrawn', text: 'the form "Who?" from srv was withdrawn: the server cancelled it (timed out)' },
    ]);
    expect(q.respond(id, { action: 'decline' })).toEqual({ ok: false, message: 'srv withdrew this request: the server cancelled it (timed out)' });
    q.dismiss(1);
    expect(q.getSnapshot().notices).toEqual([]);
    const aborted = new AbortController();
    aborted.abort('gone');
    await expect(q.elicit('srv', form, aborted.signal)).rejects.toThrow(/withdrawn/);
    expect(q.getSnapshot().pending).toEqual([]);
  });

  it('tracks URL elicitations: the host as the URL parser reads it, accepted without content, completed once', async () => {
    const q = new RequestQueue();
    const answer = q.elicit('srv', link, new AbortController().signal);
    expect(only(q)).toMatchObject({ kind: 'elicit-url', domain: 'login.example.com:8443', elicitationId: 'e1' });
    // Asked, not open: nobody has visited it yet.
    expect(q.getSnapshot().urls).toEqual([{ elicitationId: 'e1', server: 'srv', url: link.mode === 'url' ? link.url : '', status: 'asked', since: expect.any(Number) }]);
    q.respond(only(q).id, { action: 'accept', content: { sneaky: true } });
    await expect(answer).resolves.toEqual({ action: 'accept', content: {} });
    expect(q.getSnapshot().urls[0]?.status).toBe('open');
    q.complete('other', 'e1');
    q.complete('srv', 'unknown');
    expect(q.getSnapshot().notices).toEqual([]);
    q.complete('srv', 'e1');
    expect(q.getSnapshot().urls[0]?.status).toBe('completed');
    expect(q.getSnapshot().notices).toMatchObject([{ kind: 'completed', text: expect.stringMatching(/login\.example\.com:8443 is done/) }]);
    q.complete('srv', 'e1');
    expect(q.getSnapshot().notices).toHaveLength(1);

    const declined = q.elicit('srv', { ...link, elicitationId: 'e2' } as ElicitInput, new AbortController().signal);
    q.respond(only(q).id, { action: 'decline' });
    await declined;
    expect(q.getSnapshot().urls.map((u) => u.elicitationId)).toEqual(['e1']);
    q.track('srv', [{ elicitationId: 'e3', url: 'https://x.test' }]);
    expect(q.getSnapshot().urls.at(-1)).toEqual({ elicitationId: 'e3', server: 'srv', url: 'https://x.test', status: 'asked', since: expect.any(Number) });
  });

  it('counts a page of a -32042 as open only once opened, and forgets pages when their time is up', () => {
    const clock = new ManualClock(1_000);
    const q = new RequestQueue({ clock });
    q.track('srv', [{ elicitationId: 'never', url: 'https://never.test' }, { elicitationId: 'visited', url: 'https://visited.test' }]);
    expect(openPages(q.getSnapshot().urls)).toEqual([]);
    expect(clock.due).toEqual([1_000 + PAGE_TRACK_MS]);
    clock.advance(60_000);
    q.opened('srv', 'visited');
    q.opened('other', 'never');
    expect(openPages(q.getSnapshot().urls).map((u) => u.elicitationId)).toEqual(['visited']);
    // The page never opened goes first; the opened one a while after it was opened.
    clock.advance(PAGE_TRACK_MS - 60_000);
    expect(q.getSnapshot().urls.map((u) => [u.elicitationId, u.status])).toEqual([['visited', 'open']]);
    expect(clock.due).toEqual([61_000 + PAGE_TRACK_MS]);
    clock.advance(60_000);
    expect(q.getSnapshot().urls).toEqual([]);
    expect(clock.due).toEqual([]);
    // Done pages are not open; opening a done page again changes nothing.
    q.track('srv', [{ elicitationId: 'done', url: 'https://done.test' }]);
    q.opened('srv', 'done');
    q.complete('srv', 'done');
    q.opened('srv', 'done');
    expect(q.getSnapshot().urls.map((u) => u.status)).toEqual(['completed']);
    expect(openPages(q.getSnapshot().urls)).toEqual([]);
  });

  it('lets a policy answer (never queued), fall through (undefined), or fail the request', async () => {
    const q = new RequestQueue();
    const seen: number[] = [];
    q.subscribe(() => seen.push(q.getSnapshot().pending.length));
    q.setPolicy((r) => (r.kind === 'elicit-form' ? { action: 'accept', content: { name: 'Bot' } } : undefined));
    await expect(q.elicit('srv', form, new AbortController().signal)).resolves.toEqual({ action: 'accept', content: { name: 'Bot', age: 30 } });
    expect(seen).toEqual([]);
    const sample = q.sample('srv', sampling, new AbortController().signal);
    await somethingPending(q);
    expect(q.getSnapshot().pending).toHaveLength(1);
    q.cancel(only(q).id);
    await sample;

    q.setPolicy(() => ({ action: 'accept', content: { name: 1 } }));
    await expect(q.elicit('srv', form, new AbortController().signal)).rejects.toThrow('a field is not valid; nothing was sent; name: must be string');
    q.setPolicy(() => {
      throw new Error('no terminal');
    });
    await expect(q.elicit('srv', form, new AbortController().signal)).rejects.toThrow('no terminal');
    expect(q.getSnapshot().notices.map((n) => [n.kind, n.text])).toEqual([
      ['failed', 'the form "Who?" from srv failed: a field is not valid; nothing was sent; name: must be string'],
      ['failed', 'the form "Who?" from srv failed: no terminal'],
    ]);
    q.setPolicy(undefined);
    const queued = q.elicit('srv', form, new AbortController().signal);
    expect(q.getSnapshot().pending).toHaveLength(1);
    q.cancel(only(q).id);
    await queued;
  });
});
