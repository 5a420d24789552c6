import type { OAuthClientInformationMixed, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import type { SecretStore } from '../secrets/store.js';
import type { TraceStep } from './trace.js';
import { isRecord } from '../../util/is-record.js';

/** What the SDK hands us to keep: stamped with the authorization server it came from. */
export type StoredClient = OAuthClientInformationMixed & { issuer?: string };
export type StoredTokens = OAuthTokens & { issuer?: string };

/** One server's sign-in, kept in the secret store under its URL. */
export interface StoredCredentials {
  serverUrl: string;
  /** The authorization server (from discovery); the SDK refuses to mix issuers. */
  issuer?: string;
  client?: StoredClient;
  tokens?: StoredTokens;
  /** When the access token was saved and expires (ms since the epoch). */
  savedAt?: number;
  expiresAt?: number;
  /** Granted scopes: the token response's `scope`, else what was asked for. */
  scopes?: string[];
  /** Who signed in, when the token says (a JWT `sub`, never the token). */
  subject?: string;
  discovery?: OAuthDiscoveryState;
  /** The private key DPoP-bound tokens are bound to (a secret, like the tokens): kept with them. */
  dpopKey?: { alg: string; jwk: Record<string, unknown> };
  /** The last interactive sign-in, as a trace of steps (no secrets in it). */
  lastSignIn?: { at: number; outcome: 'signed-in' | 'failed' | 'cancelled'; steps: TraceStep[] };
}

/** What may be shown of a saved sign-in: never a token, code or secret. */
export interface SignInSummary {
  signedIn: boolean;
  subject?: string;
  issuer?: string;
  scopes: string[];
  expiresAt?: number;
  refreshable: boolean;
  /** A client is registered with the authorization server (kept with the sign-in). */
  registered: boolean;
  lastSignIn?: StoredCredentials['lastSignIn'];
}

export function summarize(record: StoredCredentials | undefined): SignInSummary {
  return {
    signedIn: Boolean(record?.tokens),
    subject: record?.subject,
    issuer: record?.issuer,
    scopes: record?.scopes ?? [],
    expiresAt: record?.expiresAt,
    refreshable: Boolean(record?.tokens?.refresh_token),
    registered: Boolean(record?.client),
    lastSignIn: record?.lastSignIn,
  };
}

const PREFIX = 'oauth:';

/**
 * Sign-ins in the secret store, one account per server URL; the record carries the
 * issuer, so a server that moves to another authorization server starts afresh.
 */
export class CredentialStore {
  constructor(private readonly open: () => Promise<SecretStore>) {}

  async read(serverUrl: string): Promise<StoredCredentials | undefined> {
    const text = await (await this.open()).get(PREFIX + serverUrl);
    if (!text) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return isRecord(value) ? ({ ...value, serverUrl } as StoredCredentials) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Changes one record under a cross-process lock, so two processes never lose each other's fields. */
  async update(serverUrl: string, change: (current: StoredCredentials) => StoredCredentials): Promise<StoredCredentials> {
    return this.withLock(serverUrl, async () => {
      const next = change((await this.read(serverUrl)) ?? { serverUrl });
      await (await this.open()).set(PREFIX + serverUrl, JSON.stringify(next));
      return next;
    });
  }

  /**
   * Deletes the server's record. True when it held a sign-in (tokens or a registered
   * client); a failed sign-in leaves only its trace, which is no sign-in to sign out of.
   */
  async remove(serverUrl: string): Promise<boolean> {
    return this.withLock(serverUrl, async () => {
      const record = await this.read(serverUrl);
      await (await this.open()).delete(PREFIX + serverUrl);
      return Boolean(record?.tokens || record?.client);
    });
  }

  async list(): Promise<StoredCredentials[]> {
    const accounts = (await (await this.open()).accounts()).filter((a) => a.startsWith(PREFIX));
    const records = await Promise.all(accounts.map((a) => this.read(a.slice(PREFIX.length))));
    return records.filter((r): r is StoredCredentials => Boolean(r));
  }

  /** Held while refreshing, so two mcpdeck processes never spend one refresh token twice. */
  async withRefreshLock<T>(serverUrl: string, fn: () => Promise<T>): Promise<T> {
    return (await this.open()).withLock(`refresh:${serverUrl}`, fn);
  }

  private async withLock<T>(serverUrl: string, fn: () => Promise<T>): Promise<T> {
    return (await this.open()).withLock(`${PREFIX}${serverUrl}`, fn);
  }

  async describe(): Promise<string> {
    return (await this.open()).description;
  }
}
