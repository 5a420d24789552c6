import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthSettings } from '../config/types.js';
import type { CredentialStore, StoredClient, StoredCredentials } from './credentials.js';
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

  async clientInformation(): Promise<StoredClient | undefined> {
    const { settings } = this.options;
    if (settings.clientId) {
      this.registration = 'pre-registered';
      return { client_id: settings.clientId, ...(settings.clientSecret && { client_secret: settings.clientSecret }) };
    }
    if (this.client === null) return undefined;
    const stored = this.client ?? (await this.record())?.client;
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

  async tokens(): Promise<OAuthTokens | undefined> {
    const tokens = (await this.record())?.tokens;
    if (!tokens) return undefined;
    if (this.options.ignoreRefreshToken || this.refreshRejected) {
      const { refresh_token: _dropped, ...rest } = tokens;
      return rest;
    }
    return tokens;
  }

  async saveTokens(tokens: OAuthTokens & { issuer?: string }): Promise<void> {
    const now = (this.options.now ?? Date.now)();
    await this.options.credentials.update(this.options.serverUrl, (c) => ({
      ...c,
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
    // An interactive sign-in discovers afresh: the doctor's trace shows every step.
    if (this.options.onAuthorizationUrl) return undefined;
    return (await this.record())?.discovery;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.options.credentials.update(this.options.serverUrl, (c) => ({ ...c, discovery }));
  }

  private record(): Promise<StoredCredentials | undefined> {
    return this.options.credentials.read(this.options.serverUrl);
  }
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
