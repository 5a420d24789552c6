import { Expiry, systemClock, type Clock } from '../clock.js';
import { createStore, type Store } from '../store.js';
import { checkAnswer, describeRequest } from './answer.js';
import type {
  ElicitAnswer, FormElicitation, Notice, PendingRequest, RequestPolicy, RequestsSnapshot, RespondResult, SampleAnswer, SamplingRequest, TrackedUrl,
} from './types.js';
import { domainOf } from './url.js';
import { nextExpiry, withAsked, withoutExpired, withoutOpen, withStatus } from './tracked-urls.js';

export type ElicitInput =
  | { mode: 'form'; message: string; requestedSchema: FormElicitation['requestedSchema'] }
  /** A 2026-07-28 URL request rides its call's retry and has no elicitationId: nothing to track. */
  | { mode: 'url'; message: string; url: string; elicitationId?: string };

type AnyAnswer = ElicitAnswer | SampleAnswer;

interface Waiting {
  request: PendingRequest;
  /** Undefined: withdrawn, the server no longer waits. */
  settle: (answer: AnyAnswer | undefined, reason?: string) => void;
}

const MAX_NOTICES = 20;
const MAX_GONE = 500;

export interface RequestQueueOptions {
  /** What notices and tracked pages expire by (tests pass their own). */
  clock?: Clock;
  /** How long a notice stays (the TUI shows the newest for a while); unset: until dismissed. */
  noticeMs?: number;
}

/**
 * What servers ask of the person, as pending objects: the UI renders the queue and
 * answers through respond() / cancel(); the headless CLI answers through a policy and
 * its requests never enter the queue. The tool call that caused a request keeps
 * waiting while `pendingFor(server)` is non-empty (its UI says "waiting for your answer").
 */
export class RequestQueue implements Store<RequestsSnapshot> {
  private readonly store = createStore<RequestsSnapshot>({ pending: [], notices: [], urls: [] });
  readonly subscribe = this.store.subscribe;
  readonly getSnapshot = this.store.getSnapshot;
  private readonly waiting = new Map<number, Waiting>();
  /** Why a request left the queue, to refuse a second answer with a reason. */
  private readonly gone = new Map<number, string>();
  private policy?: RequestPolicy;
  private nextId = 1;
  private nextNotice = 1;
  private cancelSweep?: () => void;
  private readonly clock: Clock;
  /** The newest notice goes after its time, and takes the older ones it replaced along. */
  private readonly noticeExpiry: Expiry;

  constructor(options: RequestQueueOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.noticeExpiry = new Expiry(this.clock, options.noticeMs);
  }

  private now(): number {
    return this.clock.now();
  }

  /** Answers every request from now on by this policy (none: a person answers). */
  setPolicy(policy?: RequestPolicy): void {
    this.policy = policy;
  }

  elicit(server: string, input: ElicitInput, signal: AbortSignal, order?: number): Promise<ElicitAnswer> {
    const base = { id: this.nextId++, server, receivedAt: this.now(), order, message: input.message };
    const request: PendingRequest = input.mode === 'url'
      ? { ...base, kind: 'elicit-url', url: input.url, domain: domainOf(input.url), elicitationId: input.elicitationId ?? '' }
      : { ...base, kind: 'elicit-form', requestedSchema: input.requestedSchema };
    if (request.kind === 'elicit-url' && request.elicitationId) this.track(server, [request]);
    return this.ask(request, signal) as Promise<ElicitAnswer>;
  }

  sample(server: string, params: SamplingRequest['params'], signal: AbortSignal, order?: number): Promise<SampleAnswer> {
    return this.ask({ id: this.nextId++, server, receivedAt: this.now(), order, kind: 'sample', params }, signal) as Promise<SampleAnswer>;
  }

  /**
   * A question of mcpdeck's own (a `${input:id}` value from a config file), shown like a
   * server's form; always for a person, never answered by the CLI's policy.
   */
  askPerson(server: string, input: Extract<ElicitInput, { mode: 'form' }>, signal: AbortSignal): Promise<ElicitAnswer> {
    const request: PendingRequest = { id: this.nextId++, server, receivedAt: this.now(), message: input.message, kind: 'elicit-form', requestedSchema: input.requestedSchema };
    return this.enqueue(request, signal) as Promise<ElicitAnswer>;
  }

  /** Sends the answer, once: a second answer, or an invalid one, is refused and changes nothing. */
  respond(id: number, answer: AnyAnswer): RespondResult {
    const waiting = this.waiting.get(id);
    if (!waiting) return { ok: false, message: this.gone.get(id) ?? `no request #${id} is waiting` };
    const checked = checkAnswer(waiting.request, answer);
    if (!checked.ok) return checked;
    this.leave(waiting.request, 'this request was already answered');
    this.afterAnswer(waiting.request, checked.answer);
    waiting.settle(checked.answer);
    return { ok: true };
  }

  /** The person dismisses the request: cancel for an elicitation, decline for sampling (which has no cancel). */
  cancel(id: number): RespondResult {
    const request = this.waiting.get(id)?.request;
    return this.respond(id, request?.kind === 'sample' ? { action: 'decline' } : { action: 'cancel' });
  }

  pendingFor(server: string): PendingRequest[] {
    return this.getSnapshot().pending.filter((r) => r.server === server);
  }

  hasPending(server: string): boolean {
    return this.getSnapshot().pending.some((r) => r.server === server);
  }

  /** URL elicitations to watch for completion (from a request, or a -32042 error): asked, not open until `opened`. */
  track(server: string, elicitations: readonly { elicitationId: string; url: string }[]): void {
    if (elicitations.length) this.setUrls((urls) => withAsked(urls, server, elicitations, this.now()));
  }

  /** The person opened a tracked page (or accepted to open it): it counts as open until done or expired. */
  opened(server: string, elicitationId: string): void {
    this.setUrls((urls) => withStatus(urls, { server, elicitationId }, ['asked', 'open'], 'open', this.now()));
  }

  /** notifications/elicitation/complete: the page is done. Unknown or finished ids are ignored, as the spec says. */
  complete(server: string, elicitationId: string): void {
    const tracked = this.getSnapshot().urls.find((u) => u.server === server && u.elicitationId === elicitationId && u.status !== 'completed');
    if (!tracked) return;
    this.setUrls((urls) => withStatus(urls, tracked, ['asked', 'open'], 'completed', this.now()));
    this.notice(server, `the page at ${domainOf(tracked.url)} is done (${server} says the interaction completed)`, 'completed');
  }

  /** A notice from mcpdeck itself (the configuration read again while the deck runs). */
  announce(text: string, kind: 'reloaded' | 'failed'): void {
    this.notice('mcpdeck', text, kind);
  }

  dismiss(noticeId: number): void {
    this.store.update((s) => (s.notices.some((n) => n.id === noticeId) ? { ...s, notices: s.notices.filter((n) => n.id !== noticeId) } : s));
  }

  private ask(request: PendingRequest, signal: AbortSignal): Promise<AnyAnswer> {
    if (signal.aborted) return Promise.reject(new Error(`withdrawn: ${String(signal.reason)}`));
    if (!this.policy) return this.enqueue(request, signal);
    return this.byPolicy(this.policy, request, signal).then((answer) => answer ?? this.enqueue(request, signal));
  }

  /** In the queue at once (not a tick later), until answered or withdrawn. */
  private enqueue(request: PendingRequest, signal: AbortSignal): Promise<AnyAnswer> {
    if (signal.aborted) return Promise.reject(new Error(`withdrawn: ${String(signal.reason)}`));
    return new Promise<AnyAnswer>((resolve, reject) => {
      const onAbort = () => this.withdraw(request, String(signal.reason ?? 'the server cancelled it'));
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(request.id, {
        request,
        settle: (a, reason) => {
          signal.removeEventListener('abort', onAbort);
          if (a) resolve(a);
          else reject(new Error(`withdrawn: ${reason}`));
        },
      });
      this.store.update((s) => ({ ...s, pending: inOrder(s.pending, request) }));
    });
  }

  /** The policy's answer, checked like a person's; a policy that throws or answers wrongly fails the request. */
  private async byPolicy(policy: RequestPolicy, request: PendingRequest, signal: AbortSignal): Promise<AnyAnswer | undefined> {
    try {
      const answer = await policy(request, signal);
      if (!answer) return undefined;
      const checked = checkAnswer(request, answer);
      if (!checked.ok) {
        const fields = Object.entries(checked.fieldErrors ?? {}).map(([k, m]) => (k ? `${k}: ${m}` : m));
        throw new Error([checked.message, ...fields].join('; '));
      }
      this.afterAnswer(request, checked.answer);
      return checked.answer;
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      if (request.kind === 'elicit-url') this.untrack(request.server, request.elicitationId);
      if (!signal.aborted) this.notice(request.server, `${describeRequest(request)} failed: ${message}`, 'failed', message);
      throw error;
    }
  }

  private withdraw(request: PendingRequest, reason: string): void {
    const waiting = this.waiting.get(request.id);
    if (!waiting) return;
    this.leave(request, `${request.server} withdrew this request: ${reason}`);
    if (request.kind === 'elicit-url') this.untrack(request.server, request.elicitationId);
    this.notice(request.server, `${describeRequest(request)} was withdrawn: ${reason}`, 'withdrawn');
    waiting.settle(undefined, reason);
  }

  private leave(request: PendingRequest, why: string): void {
    this.waiting.delete(request.id);
    this.gone.set(request.id, why);
    // Only recent ids can be answered late; older ones just read "not waiting".
    if (this.gone.size > MAX_GONE) this.gone.delete(this.gone.keys().next().value!);
    this.store.update((s) => ({ ...s, pending: s.pending.filter((r) => r.id !== request.id) }));
  }

  /** Accepted, the page is the person's to visit (open); one they would not visit will never complete: stop watching it. */
  private afterAnswer(request: PendingRequest, answer: AnyAnswer): void {
    if (request.kind !== 'elicit-url') return;
    if (answer.action === 'accept') this.opened(request.server, request.elicitationId);
    else this.untrack(request.server, request.elicitationId);
  }

  private untrack(server: string, elicitationId: string): void {
    this.setUrls((urls) => withoutOpen(urls, { server, elicitationId }));
  }

  /** Changes the tracked pages, then plans the sweep that drops them when their time is up. */
  private setUrls(change: (urls: readonly TrackedUrl[]) => readonly TrackedUrl[]): void {
    this.store.update((s) => {
      const urls = change(s.urls);
      return urls === s.urls ? s : { ...s, urls };
    });
    this.cancelSweep?.();
    this.cancelSweep = undefined;
    const at = nextExpiry(this.getSnapshot().urls);
    if (at === undefined) return;
    this.cancelSweep = this.clock.after(Math.max(0, at - this.now()), () => {
      this.cancelSweep = undefined;
      this.setUrls((urls) => withoutExpired(urls, this.now()));
    });
  }

  private notice(server: string, text: string, kind: NonNullable<Notice['kind']>, reason?: string): void {
    const notice: Notice = { id: this.nextNotice++, server, text, at: this.now(), kind, ...(reason !== undefined && { reason }) };
    this.store.update((s) => ({ ...s, notices: [...s.notices, notice].slice(-MAX_NOTICES) }));
    this.noticeExpiry.set(() => this.store.update((s) => (s.notices.some((n) => n.id <= notice.id) ? { ...s, notices: s.notices.filter((n) => n.id > notice.id) } : s)));
  }
}

/** `pending` with `request` at the end, or before a request its server asked after it. */
function inOrder(pending: readonly PendingRequest[], request: PendingRequest): PendingRequest[] {
  const { order, server } = request;
  const at = order === undefined ? -1 : pending.findIndex((r) => r.server === server && r.order !== undefined && r.order > order);
  return at < 0 ? [...pending, request] : [...pending.slice(0, at), request, ...pending.slice(at)];
}
