import { auth, withDpop, type DpopSession, type FetchLike } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/types.js';
import { challengeOf, type Challenge } from './challenge.js';
import type { CredentialStore, StoredCredentials } from './credentials.js';
import { dpopSessionOf, isDpopBound } from './dpop.js';
import { refreshDue } from './expiry.js';
import { boundedFetch } from './bounded-fetch.js';
import { explainSignInError } from './explain.js';
import { DeckAuthProvider, SignInRequired } from './provider.js';
import { machineGrantOf, MachineAuthProvider, type MachineGrant } from './machine-provider.js';

export interface ServerAuthOptions {
  name: string;
  serverUrl: string;
  settings: OAuthSettings;
  credentials: CredentialStore;
  /** A request was refused (401 after refreshing, or 403 insufficient_scope): true once signed in again, to retry. */
  onChallenge: (challenge: Challenge, granted: string[]) => Promise<boolean>;
  now?: () => number;
  /** The fetch under everything this sends (the Network view's recorder); default: the global fetch. */
  fetch?: FetchLike;
}

/**
 * One server's side of OAuth on the wire: the bearer on every request, a refresh ahead
 * of expiry and after a 401 (serialized across processes), and the server's challenge
 * kept for the next sign-in. The SDK transports get this as their fetch.
 */
export class ServerAuth {
  /** The last 401/403 challenge: its scopes and metadata URL steer the next sign-in. */
  challenge?: Challenge;
  /** Why the server needs sign-in, in words, once a request was refused. */
  problem?: string;
  private cached?: StoredCredentials | null;
  /** The challenge last answered by signing in: the same one again will not be asked twice in a row. */
  private lastAsked?: string;

  /** Set when `oauth.grant` names a grant without a person (client credentials, jwt-bearer). */
  private readonly machine?: MachineGrant;
  /** The signing session of the key the saved token is bound to, kept for the nonces servers hand out. */
  private dpop?: { key: string; session: Promise<DpopSession | undefined> };

  constructor(private readonly options: ServerAuthOptions) {
    try {
      this.machine = machineGrantOf(options.settings);
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  /** Forget the cached sign-in (after a sign-in or sign-out, possibly in another process). */
  reload(): void {
    this.cached = undefined;
  }

  readonly fetch: FetchLike = async (input, init) => {
    let record = await this.current();
    let response = await this.send(input, init, record);
    if (response.status === 401) {
      this.challenge = challengeOf(response);
      // A machine grant needs no person: it fetches a token whenever it has none that works.
      if (record?.tokens || this.machine) {
        const fresh = await this.refresh(record?.tokens?.access_token);
        if (fresh) {
          record = fresh;
          response = await this.retry(response, input, init, record);
        }
      }
      if (response.status === 401) {
        this.problem ??= record?.tokens ? 'the server refused the saved sign-in' : 'not signed in';
        if (!this.machine) response = await this.askAgain(response, input, init, record);
      }
    } else if (response.status === 403) {
      const challenge = challengeOf(response);
      if (challenge.error === 'insufficient_scope') {
        this.challenge = challenge;
        response = await this.askAgain(response, input, init, record);
      }
    }
    if (response.ok) {
      this.problem = undefined;
      this.lastAsked = undefined;
    }
    return response;
  };

  /** The stored sign-in, refreshed first when it is about to expire. */
  private async current(): Promise<StoredCredentials | undefined> {
    if (this.cached === undefined) this.cached = (await this.options.credentials.read(this.options.serverUrl)) ?? null;
    const record = this.cached ?? undefined;
    if (record?.tokens && refreshDue(record, this.now())) return (await this.refresh(record.tokens.access_token)) ?? record;
    // A machine grant signs in on the first request, without waiting for a 401.
    if (!record?.tokens && this.machine) return this.refresh(undefined);
    return record;
  }

  /**
   * Refreshes under a cross-process lock; when another process already did, its token
   * is used. A failed refresh keeps the old sign-in stored and says why.
   */
  private refresh(stale: string | undefined): Promise<StoredCredentials | undefined> {
    const { credentials, serverUrl, settings } = this.options;
    return credentials.withRefreshLock(serverUrl, async () => {
      const latest = await credentials.read(serverUrl);
      if (latest?.tokens && latest.tokens.access_token !== stale && !refreshDue(latest, this.now())) return (this.cached = latest);
      const machine = this.machine;
      if (!machine && !latest?.tokens?.refresh_token) {
        this.problem = 'the sign-in expired and there is no refresh token: sign in again';
        return undefined;
      }
      // Any loopback URL: a refresh never redirects, and an empty one would mean a machine-to-machine flow to the SDK.
      const base = { serverUrl, settings, credentials, redirectUrl: 'http://127.0.0.1/callback', now: this.options.now };
      const provider = machine ? new MachineAuthProvider(base, machine) : new DeckAuthProvider(base);
      try {
        await auth(provider, { serverUrl, resourceMetadataUrl: this.challenge?.resourceMetadataUrl, scope: machine ? this.challenge?.scope : undefined, fetchFn: boundedFetch(this.options.fetch) });
        return (this.cached = await credentials.read(serverUrl));
      } catch (error) {
        const why = error instanceof SignInRequired ? 'the authorization server refused the refresh' : explainSignInError(error).message;
        this.problem = machine ? `no token for ${machine.kind} (${why})` : `the sign-in expired and could not be refreshed (${why}): sign in again`;
        return undefined;
      }
    });
  }

  private async askAgain(refused: Response, input: Parameters<FetchLike>[0], init: RequestInit | undefined, record?: StoredCredentials): Promise<Response> {
    const challenge = this.challenge!;
    const key = `${challenge.status} ${challenge.scope ?? ''} ${challenge.error ?? ''}`;
    if (key === this.lastAsked) return refused;
    const signedIn = await this.options.onChallenge(challenge, record?.scopes ?? []).catch(() => false);
    // Only a sign-in that did not help is not asked again; a person who said "not now" is asked next time.
    if (!signedIn) return refused;
    this.lastAsked = key;
    this.reload();
    return this.retry(refused, input, init, await this.current());
  }

  private async retry(refused: Response, input: Parameters<FetchLike>[0], init: RequestInit | undefined, record?: StoredCredentials): Promise<Response> {
    await refused.body?.cancel().catch(() => undefined);
    return this.send(input, init, record);
  }

  private async send(input: Parameters<FetchLike>[0], init: RequestInit | undefined, record?: StoredCredentials): Promise<Response> {
    const token = record?.tokens?.access_token;
    const fetch = this.options.fetch ?? globalThis.fetch;
    if (!token) return fetch(input, init);
    if (isDpopBound(record.tokens) && record.dpopKey) {
      // The SDK's DPoP wrapper: scheme DPoP, a fresh proof per request, a use_dpop_nonce retried once.
      const session = await this.dpopSession(record.dpopKey);
      if (session) return withDpop(session, () => token)(fetch)(input, init);
    }
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  }

  private dpopSession(stored: NonNullable<StoredCredentials['dpopKey']>): Promise<DpopSession | undefined> {
    const key = JSON.stringify(stored.jwk);
    if (this.dpop?.key !== key) this.dpop = { key, session: dpopSessionOf(stored) };
    return this.dpop.session;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
