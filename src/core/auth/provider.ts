import type { DpopSession, OAuthClientInformationContext, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/types.js';
import type { CredentialStore, StoredClient, StoredCredentials, StoredTokens } from './credentials.js';
import { dpopSessionOf, isDpopBound, newDpopKey, type StoredDpopKey } from './dpop.js';
import { VERSION } from '../../util/version.js';

/** Thrown where a silent attempt would need the person: registering or opening a browser. */
export class SignInRequired extends Error {
  constructor(message = 'sign-in required') {
    super(message);
  }
}

export interface ProviderOptions {
  serverUrl: string;
  settings: OAuthSettings;
  credentials: CredentialStore;
  redirectUrl: string;
  /** Set for an interactive sign-in: receives the authorization URL instead of failing. */
  onAuthorizationUrl?: (url: URL) => void;
  state?: string;
  /** An interactive sign-in never spends the refresh token (a step-up refresh would keep the old scope). */
  ignoreRefreshToken?: boolean;
  /** The server asked for DPoP-bound tokens (its challenge used the DPoP scheme). */
  dpop?: boolean;
  now?: () => number;
}

/**
 * The SDK's view of one server's sign-in. Silent (refresh only) unless an interactive
 * attempt gives it `onAuthorizationUrl`; tokens and clients live in the credential store.
 */
export class DeckAuthProvider implements OAuthClientProvider {
  private verifier?: string;
  /** This attempt's view of the stored client: `null` once the server called it invalid. */
  private client?: StoredClient | null;
  private refreshRejected = false;
  /** The scope this attempt asked for, for a token response that does not say. */
  askedScope?: string;
  /** How the client was identified, for the trace. */
  registration?: 'pre-registered' | 'stored' | 'metadata document' | 'dynamic';
  /** What this attempt discovered: the callback leg checks the issuer against it. */
  discovered?: OAuthDiscoveryState;
  /** The key of this sign-in's DPoP proofs, once one was asked for. */
  private dpopKey?: { session: DpopSession; stored: StoredDpopKey };

  constructor(private readonly options: ProviderOptions) {}

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.settings.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { settings } = this.options;
    return {
      client_name: 'mcpdeck',
      client_uri: 'https://www.npmjs.com/package/mcpdeck',
      software_id: 'mcpdeck',
      software_version: VERSION,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: settings.clientSecret ? 'client_secret_basic' : 'none',
      ...(settings.scopes?.length && { scope: settings.scopes.join(' ') }),
      // A native client's loopback redirect matches on any port (RFC 8252), so a later port still works.
      application_type: 'native',
    } as OAuthClientMetadata;
  }

  state(): string {
    return this.options.state ?? '';
  }

  async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredClient | undefined> {
    const { settings } = this.options;
    if (settings.clientId) {
      this.registration = 'pre-registered';
      // Configured for this server, whichever authorization server it names.
      return { client_id: settings.clientId, ...(settings.clientSecret && { client_secret: settings.clientSecret }), issuer: ctx?.issuer };
    }
    if (this.client === null) return undefined;
    const record = this.client ? undefined : await this.record();
    const stored = this.client ?? stamped(record?.client, record?.issuer ?? ctx?.issuer);
    if (stored) {
      this.registration ??= 'stored';
      return stored;
    }
    // Registering is a change on the authorization server: only when the person asked to sign in.
    if (!this.options.onAuthorizationUrl) throw new SignInRequired('not signed in');
    return undefined;
  }

  async saveClientInformation(client: StoredClient): Promise<void> {
    this.client = client;
    if (this.options.settings.clientId) return;
    this.registration = client.client_id === this.clientMetadataUrl ? 'metadata document' : 'dynamic';
    await this.options.credentials.update(this.options.serverUrl, (c) => ({ ...c, client, issuer: client.issuer ?? c.issuer }));
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredTokens | undefined> {
    const record = await this.record();
    const tokens = stamped(record?.tokens, record?.issuer ?? ctx?.issuer);
    if (!tokens) return undefined;
    if (this.options.ignoreRefreshToken || this.refreshRejected) {
      const { refresh_token: _dropped, ...rest } = tokens;
      return rest;
    }
    return tokens;
  }

  async saveTokens(tokens: StoredTokens): Promise<void> {
    const now = (this.options.now ?? Date.now)();
    // A bound token is kept with its key; a refresh keeps the key it was bound to.
    const bound = isDpopBound(tokens);
    await this.options.credentials.update(this.options.serverUrl, (c) => ({
      ...c,
      dpopKey: bound ? (this.dpopKey?.stored ?? c.dpopKey) : undefined,
      // A refresh may omit the refresh token: keep the one we have.
      tokens: { ...tokens, refresh_token: tokens.refresh_token ?? (this.options.ignoreRefreshToken ? undefined : c.tokens?.refresh_token) },
      issuer: tokens.issuer ?? c.issuer,
      savedAt: now,
      expiresAt: tokens.expires_in ? now + tokens.expires_in * 1000 : undefined,
      scopes: (tokens.scope ?? this.askedScope ?? c.scopes?.join(' ') ?? '').split(' ').filter(Boolean),
      subject: subjectOf(tokens.access_token),
    }));
  }

  redirectToAuthorization(url: URL): void {
    if (!this.options.onAuthorizationUrl) throw new SignInRequired(this.refreshRejected ? 'the saved sign-in could not be refreshed' : 'not signed in');
    this.askedScope = url.searchParams.get('scope') ?? undefined;
    this.options.onAuthorizationUrl(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no sign-in is in progress');
    return this.verifier;
  }

  /**
   * The server called something invalid. Nothing stored is deleted here: a failed
   * refresh keeps the old sign-in until a new one succeeds; this attempt just stops using it.
   */
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.client = null;
    if (scope === 'all' || scope === 'tokens') this.refreshRejected = true;
    if (scope === 'verifier') this.verifier = undefined;
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    // An interactive sign-in discovers afresh (the trace shows every step), then the
    // code's leg is checked against what this attempt found, not what was stored.
    if (this.discovered || this.options.onAuthorizationUrl) return this.discovered;
    return (await this.record())?.discovery;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    this.discovered = discovery;
    await this.options.credentials.update(this.options.serverUrl, (c) => ({ ...c, discovery }));
  }

  /**
   * DPoP (RFC 9449) where the server asks for it: its challenge used the DPoP scheme or
   * its metadata requires bound tokens. A refresh signs with the key the token is bound to.
   */
  async dpop(): Promise<DpopSession | undefined> {
    if (this.dpopKey) return this.dpopKey.session;
    const record = await this.record();
    if (!this.options.onAuthorizationUrl && isDpopBound(record?.tokens)) return dpopSessionOf(record?.dpopKey);
    const required = (this.discovered?.resourceMetadata as { dpop_bound_access_tokens_required?: unknown } | undefined)?.dpop_bound_access_tokens_required === true;
    if (!this.options.dpop && !required) return undefined;
    this.dpopKey = await newDpopKey();
    return this.dpopKey.session;
  }

  /** Whether this attempt asked for a DPoP-bound token, for the trace. */
  get usedDpop(): boolean {
    return Boolean(this.dpopKey);
  }

  private record(): Promise<StoredCredentials | undefined> {
    return this.options.credentials.read(this.options.serverUrl);
  }
}

/**
 * A client or token kept before the SDK stamped its issuer: stamped with the issuer of
 * its record, so the SDK still drops it for another authorization server (SEP-2352);
 * a record that never knew its issuer is bound to the current one on first use.
 */
function stamped<T extends { issuer?: string }>(value: T | undefined, issuer: string | undefined): T | undefined {
  if (!value || value.issuer !== undefined || issuer === undefined) return value;
  return { ...value, issuer };
}

/** The `sub` of a JWT access token, to say who is signed in; opaque tokens say nothing. */
function subjectOf(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}
