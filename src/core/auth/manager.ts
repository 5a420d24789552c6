import type { FetchLike } from '@modelcontextprotocol/client';
import { Expiry, systemClock, type Clock } from '../clock.js';
import type { HttpConfig, SseConfig, ServerConfig } from '../config/types.js';
import { createStore, type Store } from '../store.js';
import type { SecretStore } from '../secrets/store.js';
import { CallbackListeners } from './callback-port.js';
import { unionScopes, type Challenge } from './challenge.js';
import { CredentialStore } from './credentials.js';
import { ServerAuth } from './server-auth.js';
import { SignInAttempt, type SignInSnapshot } from './sign-in.js';

/** How a refused request is met: sign in at once, ask the person first, or not at all. */
export type SignInMode = 'auto' | 'ask' | 'never';

export interface AuthPolicy {
  /** A 401 the saved sign-in (refreshed) could not answer. The deck never starts a sign-in unasked. */
  unauthorized: SignInMode;
  /** A 403 insufficient_scope: step-up to the union of scopes. */
  insufficientScope: SignInMode;
  /** How `ask` asks when the face asks itself (the CLI); unset: the attempt waits in `confirm` for proceed(). */
  confirm?: (question: { server: string; reason: string }) => Promise<boolean>;
  /** Told of every sign-in the policy starts, to show it (the CLI prints the link). */
  onAttempt?: (attempt: SignInAttempt) => void;
}

export interface AuthManagerOptions {
  env: NodeJS.ProcessEnv;
  secrets: () => Promise<SecretStore>;
  openBrowser?: (url: string) => Promise<void>;
  clock?: Clock;
  /** How long a finished sign-in stays (the TUI says "signed in to X" for a while); unset: until dismissed. */
  noticeMs?: number;
}

export interface SignInRequest {
  extraScopes?: string[];
  reason?: string;
  confirmFirst?: boolean;
  /** Do not open a browser: show the URL and wait for the callback or a paste. */
  noBrowser?: boolean;
  challenge?: Challenge;
}

export interface AuthSnapshot {
  /**
   * Sign-ins in progress and the last one of each server: a failed one until dismissed,
   * a successful one for `noticeMs`, a cancelled one not at all.
   */
  attempts: readonly SignInSnapshot[];
}

export type RemoteConfig = HttpConfig | SseConfig;

/** OAuth for every remote server of a deck: the credentials, the wire, and the sign-ins. */
export class AuthManager implements Store<AuthSnapshot> {
  readonly credentials: CredentialStore;
  private readonly store = createStore<AuthSnapshot>({ attempts: [] });
  readonly subscribe = this.store.subscribe;
  readonly getSnapshot = this.store.getSnapshot;
  policy: AuthPolicy = { unauthorized: 'never', insufficientScope: 'ask' };
  private readonly servers = new Map<string, { serverUrl: string; auth: ServerAuth }>();
  private readonly active = new Map<string, SignInAttempt>();
  private readonly listeners = new CallbackListeners();
  private nextId = 1;
  /** The newest successful sign-in goes after its time, and takes the older ones along. */
  private readonly signedInExpiry: Expiry;
  /** The clock's time, for a token's expiry (undefined: the system's). */
  private readonly now?: () => number;

  constructor(private readonly options: AuthManagerOptions) {
    const { clock } = options;
    this.signedInExpiry = new Expiry(clock ?? systemClock, options.noticeMs);
    this.now = clock && (() => clock.now());
    let opened: Promise<SecretStore> | undefined;
    // Opened on first use: a deck of stdio servers never touches the keychain.
    this.credentials = new CredentialStore(() => (opened ??= options.secrets()));
  }

  /** The environment it reads settings from (the callback port), for the doctor to diagnose the same way. */
  get env(): NodeJS.ProcessEnv {
    return this.options.env;
  }

  /** The fetch under a server's sign-in and signed requests (the Network view's recorder); unset: the global fetch. */
  wireFetch?: (name: string) => FetchLike | undefined;

  /** The wire side for a remote server; none for a server with its own Authorization header. */
  forServer(name: string, config: ServerConfig): ServerAuth | undefined {
    if (!isRemote(config) || hasStaticAuthorization(config)) return undefined;
    const known = this.servers.get(name);
    if (known?.serverUrl === config.url) return known.auth;
    const created = new ServerAuth({
      name,
      serverUrl: config.url,
      settings: config.oauth ?? {},
      credentials: this.credentials,
      now: this.now,
      fetch: this.wireFetch?.(name),
      onChallenge: (challenge, granted) => this.challenged(name, config, challenge, granted),
    });
    this.servers.set(name, { serverUrl: config.url, auth: created });
    return created;
  }

  /** Starts (or returns the running) sign-in of a server. */
  signIn(name: string, config: RemoteConfig, request: SignInRequest = {}): SignInAttempt {
    const running = this.active.get(name);
    if (running) return running;
    const wire = this.forServer(name, config);
    const attempt = new SignInAttempt({
      id: this.nextId++,
      server: name,
      serverUrl: config.url,
      settings: config.oauth ?? {},
      env: this.options.env,
      credentials: this.credentials,
      listeners: this.listeners,
      openBrowser: request.noBrowser ? undefined : this.options.openBrowser,
      challenge: request.challenge ?? wire?.challenge,
      extraScopes: request.extraScopes ?? config.oauth?.scopes,
      headers: config.headers,
      reason: request.reason,
      fetch: this.wireFetch?.(name),
      onChange: (snapshot) => this.show(snapshot),
    }, request.confirmFirst);
    this.active.set(name, attempt);
    // An attempt that asks first changes nothing until answered: show the question now.
    if (request.confirmFirst) this.show(attempt.snapshot);
    void attempt.done.then(() => {
      if (this.active.get(name) === attempt) this.active.delete(name);
      wire?.reload();
    });
    return attempt;
  }

  attempt(name: string): SignInAttempt | undefined {
    return this.active.get(name);
  }

  isSigningIn(name: string): boolean {
    return this.active.has(name);
  }

  /** Removes a finished sign-in from what the UI shows. */
  dismiss(id: number): void {
    this.dismissWhere((a) => a.id === id);
  }

  /** Deletes the stored tokens and the registered client of this server's URL. */
  async signOut(name: string, config: RemoteConfig): Promise<boolean> {
    this.active.get(name)?.cancel();
    const removed = await this.credentials.remove(config.url);
    this.servers.get(name)?.auth.reload();
    return removed;
  }

  private async challenged(name: string, config: ServerConfig, challenge: Challenge, granted: string[]): Promise<boolean> {
    if (!isRemote(config)) return false;
    const stepUp = challenge.status === 403;
    const mode = stepUp ? this.policy.insufficientScope : this.policy.unauthorized;
    if (mode === 'never') return false;
    const reason = stepUp
      ? `${name} needs more permission for this request (scope ${challenge.scope ?? 'not stated'}); signing in again asks for ${unionScopes(granted, challenge.scope) ?? 'it'}`
      : `${name} needs you to sign in`;
    const extraScopes = stepUp ? [...granted, ...(challenge.scope?.split(' ') ?? [])] : undefined;
    const { confirm, onAttempt } = this.policy;
    if (mode === 'ask' && confirm && !(await confirm({ server: name, reason }))) return false;
    const attempt = this.signIn(name, config, { extraScopes, reason, challenge, confirmFirst: mode === 'ask' && !confirm });
    onAttempt?.(attempt);
    return (await attempt.done).phase === 'signed-in';
  }

  private show(snapshot: SignInSnapshot): void {
    // Over once it says so: a new sign-in may start right away.
    if (['signed-in', 'failed', 'cancelled'].includes(snapshot.phase) && this.active.get(snapshot.server)?.snapshot.id === snapshot.id) {
      this.active.delete(snapshot.server);
    }
    this.store.update((s) => {
      const others = s.attempts.filter((a) => a.server !== snapshot.server);
      // A cancelled sign-in just goes: the person knows, having cancelled it.
      return { attempts: snapshot.phase === 'cancelled' ? others : [...others, snapshot] };
    });
    if (snapshot.phase === 'signed-in') this.signedInExpiry.set(() => this.dismissWhere((a) => a.phase === 'signed-in' && a.id <= snapshot.id));
  }

  private dismissWhere(gone: (attempt: SignInSnapshot) => boolean): void {
    this.store.update((s) => (s.attempts.some(gone) ? { attempts: s.attempts.filter((a) => !gone(a)) } : s));
  }
}

export function isRemote(config: ServerConfig): config is RemoteConfig {
  return config.type === 'http' || config.type === 'sse';
}

/** A server's remote config for signing in, or a clear error for a name that is not a remote server. */
export function remoteConfigOf(name: string, state: { error?: string } | undefined, config: ServerConfig | undefined): RemoteConfig {
  if (!state) throw new Error(`no server named "${name}"`);
  if (!config) throw new Error(`${name} has no usable configuration: ${state.error ?? 'see `mcpdeck get`'}`);
  if (!isRemote(config)) throw new Error(`${name} is ${config.type === 'stdio' ? 'a stdio' : 'an in-process'} server: sign-in is for remote (HTTP or SSE) servers`);
  return config;
}

/** A static token in `headers` (or --header) keeps working with no OAuth at all. */
export function hasStaticAuthorization(config: RemoteConfig): boolean {
  return Object.keys(config.headers).some((h) => h.toLowerCase() === 'authorization');
}
