import { randomBytes } from 'node:crypto';
import { auth, IssuerMismatchError, type FetchLike } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/types.js';
import { callbackAddress, type CallbackListeners } from './callback-port.js';
import type { CallbackListener, CallbackResult } from './callback-server.js';
import { probeChallenge, unionScopes, type Challenge } from './challenge.js';
import type { CredentialStore } from './credentials.js';
import { explainSignInError } from './explain.js';
import { DeckAuthProvider } from './provider.js';
import { parsePasted } from './paste.js';
import { stepsFromRequests, type TraceStep } from './trace.js';
import { authorizeStep, callbackFailure, challengeStep, dpopStep, failedAt, IGNORED_CALLBACK, NOT_ASKED, registrationStep } from './sign-in-steps.js';
import { tracingFetch } from './tracing-fetch.js';
import { boundedFetch } from './bounded-fetch.js';

export type SignInPhase = 'confirm' | 'starting' | 'browser' | 'exchanging' | 'signed-in' | 'failed' | 'cancelled';

/** One sign-in as the UI shows it: never a code, verifier or token. */
export interface SignInSnapshot {
  id: number;
  server: string;
  serverUrl: string;
  phase: SignInPhase;
  /** Why it started when the person did not ask (a step-up): shown before anything happens. */
  reason?: string;
  authorizationUrl?: string;
  redirectUri?: string;
  /** What became of opening the browser. */
  browser?: string;
  scopes?: string;
  error?: string;
  /** The server let a request without a token through: it does not ask for sign-in (the error says so first). */
  notAsked?: boolean;
  /** Something the person should know while waiting (a refused callback). */
  notice?: string;
  steps: TraceStep[];
}

export interface SignInOptions {
  id: number;
  server: string;
  serverUrl: string;
  settings: OAuthSettings;
  /** For the callback port (MCPDECK_OAUTH_CALLBACK_PORT). */
  env: NodeJS.ProcessEnv;
  credentials: CredentialStore;
  listeners: CallbackListeners;
  openBrowser?: (url: string) => Promise<void>;
  /** The server's last challenge (scopes, metadata URL); probed when unknown. */
  challenge?: Challenge;
  /** Scopes to add (step-up: the union of what was granted and what is missing). */
  extraScopes?: string[];
  /** Static headers of the server (not Authorization) for the probe. */
  headers?: Record<string, string>;
  reason?: string;
  timeoutMs?: number;
  /** The fetch under every request of the sign-in (the Network view's recorder); default: the global fetch. */
  fetch?: FetchLike;
  onChange: (snapshot: SignInSnapshot) => void;
}

const TIMEOUT = 10 * 60_000;

/**
 * One interactive sign-in: discovery, registration and PKCE through the SDK's auth(),
 * the authorization URL to a browser, then whichever comes first of the loopback
 * callback and a pasted URL or code; `state` is ours and checked; Esc cancels.
 */
export class SignInAttempt {
  private snap: SignInSnapshot;
  private finish?: (result: CallbackResult | 'cancelled' | 'timeout') => void;
  private state = randomBytes(24).toString('base64url');
  private confirmed?: (go: boolean) => void;
  /** Esc before the listener was up: honoured as soon as there is something to cancel. */
  private cancelRequested = false;
  readonly done: Promise<SignInSnapshot>;

  constructor(private readonly options: SignInOptions, confirmFirst = false) {
    this.snap = { id: options.id, server: options.server, serverUrl: options.serverUrl, phase: confirmFirst ? 'confirm' : 'starting', reason: options.reason, steps: [] };
    this.done = (confirmFirst ? this.confirm() : Promise.resolve(true)).then((go) => (go ? this.run() : this.end('cancelled')));
  }

  get snapshot(): SignInSnapshot {
    return this.snap;
  }

  /** The person's answer to a step-up question. */
  proceed(go: boolean): void {
    this.confirmed?.(go);
  }

  /** A redirected URL or a bare code, typed or pasted; a URL for another sign-in is refused. */
  paste(text: string): { ok: boolean; message?: string } {
    if (this.snap.phase !== 'browser' || !this.finish) return { ok: false, message: 'nothing is waiting for a code' };
    const pasted = parsePasted(text);
    if ('invalid' in pasted) return { ok: false, message: pasted.invalid };
    if (pasted.state !== undefined && pasted.state !== this.state) {
      return { ok: false, message: 'that URL belongs to another sign-in (its state does not match); paste the one from this sign-in' };
    }
    this.finish(pasted.result);
    return { ok: true };
  }

  cancel(): void {
    this.cancelRequested = true;
    if (this.snap.phase === 'confirm') this.confirmed?.(false);
    else this.finish?.('cancelled');
  }

  private confirm(): Promise<boolean> {
    return new Promise((resolve) => (this.confirmed = resolve));
  }

  private async run(): Promise<SignInSnapshot> {
    const { options } = this;
    this.patch({ phase: 'starting' });
    const traced = tracingFetch(boundedFetch(options.fetch));
    let listener: CallbackListener | undefined;
    let stopWaiting: (() => void) | undefined;
    let authorizationUrl: URL | undefined;
    const steps: TraceStep[] = [];
    try {
      const address = callbackAddress(options.settings, options.env);
      listener = await options.listeners.acquire(address);
      const redirectUri = listener.redirectUriFor(address);
      steps.push({ step: 'Callback listener', status: 'ok', detail: `${redirectUri} (register this redirect URI with a provider that asks for one)` });
      this.patch({ redirectUri, steps: [...steps] });
      const callback = new Promise<CallbackResult | 'cancelled' | 'timeout'>((resolve) => (this.finish = resolve));
      if (this.cancelRequested) return await this.end('cancelled', steps);
      let ignored = false;
      stopWaiting = listener.expect(this.state, {
        path: address.path,
        onResult: (result) => this.finish?.(result),
        // Any web page can send one blindly: it must not end the sign-in. Said once.
        onIgnored: () => {
          if (ignored) return;
          ignored = true;
          steps.push({ step: 'Callback', status: 'info', detail: IGNORED_CALLBACK });
          this.patch({ notice: IGNORED_CALLBACK, steps: [...steps] });
        },
      });
      const challenge = options.challenge ?? (await probeChallenge(options.serverUrl, boundedFetch(options.fetch), options.headers));
      if (!challenge) this.patch({ notAsked: true });
      steps.push(challengeStep(challenge));
      const scope = unionScopes(challenge?.scope, options.extraScopes);
      const provider = new DeckAuthProvider({
        serverUrl: options.serverUrl, settings: options.settings, credentials: options.credentials, redirectUrl: redirectUri,
        state: this.state, ignoreRefreshToken: true, dpop: challenge?.dpop, onAuthorizationUrl: (url) => (authorizationUrl = url),
      });
      const params = { serverUrl: options.serverUrl, scope, resourceMetadataUrl: challenge?.resourceMetadataUrl, fetchFn: traced.fetch };
      const first = await auth(provider, params);
      steps.push(...stepsFromRequests(traced.seen), registrationStep(provider));
      if (first === 'AUTHORIZED' || !authorizationUrl) return await this.signedIn(provider, steps);
      steps.push(authorizeStep(authorizationUrl, provider.discovered));
      this.patch({ phase: 'browser', authorizationUrl: authorizationUrl.href, scopes: provider.askedScope, steps: [...steps] });
      const timer = setTimeout(() => this.finish?.('timeout'), options.timeoutMs ?? TIMEOUT);
      void this.openBrowser(authorizationUrl.href);
      const result = await callback.finally(() => clearTimeout(timer));
      if (result === 'cancelled') return await this.end('cancelled', steps);
      const failed = callbackFailure(result);
      if (failed) {
        steps.push({ step: 'Callback', status: 'failed', ...failed });
        return await this.end('failed', steps, failed.detail);
      }
      const { code, iss, bare } = result as { code: string; iss?: string; bare?: boolean };
      steps.push({ step: 'Callback', status: 'ok', detail: `the browser came back with a code and the state this sign-in issued${iss === undefined ? ' (no iss)' : ', and an iss to check'}` });
      this.patch({ phase: 'exchanging', steps: [...steps] });
      const seenBefore = traced.seen.length;
      // The SDK checks `iss` against the issuer found above (RFC 9207) before the code leaves this machine.
      await auth(provider, { ...params, authorizationCode: code, iss }).catch((error: unknown) => {
        steps.push(...stepsFromRequests(traced.seen.slice(seenBefore)));
        throw bare ? pastedWithoutIss(error) : error;
      });
      steps.push(...stepsFromRequests(traced.seen.slice(seenBefore)));
      return await this.signedIn(provider, steps);
    } catch (error) {
      const explained = explainSignInError(error);
      // Said first: a sign-in that fails where none is asked for needs no fixing (nor the fix for one that does).
      if (this.snap.notAsked) Object.assign(explained, { message: `${NOT_ASKED}; signing in anyway failed: ${explained.message}`, fix: undefined });
      if (explained.step) return await this.end('failed', failedAt(steps, traced.seen, explained), explained.message);
      if (!steps.some((s) => s.status === 'failed')) steps.push(...stepsFromRequests(traced.seen).filter((s) => s.status === 'failed'));
      steps.push({ step: 'Sign-in', status: 'failed', detail: explained.message, fix: explained.fix });
      return await this.end('failed', steps, explained.message);
    } finally {
      stopWaiting?.();
      this.finish = undefined;
      if (listener) await options.listeners.release(listener);
    }
  }

  private async signedIn(provider: DeckAuthProvider, steps: TraceStep[]): Promise<SignInSnapshot> {
    const record = await this.options.credentials.read(this.options.serverUrl);
    const granted = record?.scopes?.join(' ');
    steps.push({ step: 'Scopes', status: 'info', detail: `asked for ${provider.askedScope || '(none)'}; granted ${granted || '(not stated)'}` });
    const dpop = dpopStep(provider.usedDpop, record?.tokens);
    if (dpop) steps.push(dpop);
    return this.end('signed-in', steps);
  }

  private async end(phase: 'signed-in' | 'failed' | 'cancelled', steps: TraceStep[] = this.snap.steps, error?: string): Promise<SignInSnapshot> {
    // Kept before the end is shown: whoever reacts to it (a retry, the Auth tab) finds the trace saved.
    if (steps.length) {
      const lastSignIn = { at: Date.now(), outcome: phase, steps };
      await this.options.credentials.update(this.options.serverUrl, (c) => ({ ...c, lastSignIn })).catch(() => undefined);
    }
    this.patch({ phase, steps: [...steps], error });
    return this.snap;
  }

  private async openBrowser(url: string): Promise<void> {
    if (!this.options.openBrowser) return this.patch({ browser: 'not opened: open the link yourself' });
    try {
      await this.options.openBrowser(url);
      this.patch({ browser: 'opened in your browser' });
    } catch (error) {
      this.patch({ browser: `could not open a browser (${(error as Error).message}): open the link yourself` });
    }
  }

  private patch(change: Partial<SignInSnapshot>): void {
    this.snap = { ...this.snap, ...change };
    this.options.onChange(this.snap);
  }
}

/**
 * A code pasted on its own where the authorization server puts an `iss` beside it
 * (RFC 9207): not an attack, only half of what is needed.
 */
function pastedWithoutIss(error: unknown): unknown {
  if (!(error instanceof IssuerMismatchError) || error.kind === 'metadata' || error.received !== undefined) return error;
  return new Error('this authorization server sends an iss beside the code (RFC 9207), which mcpdeck checks before using the code: paste the whole address the browser was sent to, not only the code');
}
