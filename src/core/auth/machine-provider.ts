import { createPrivateKeyJwtAuth, type AddClientAuthentication, type OAuthClientInformationContext, type OAuthClientMetadata, type OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/types.js';
import type { StoredClient } from './credentials.js';
import { DeckAuthProvider, type ProviderOptions } from './provider.js';
import { boundedFetch } from './bounded-fetch.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A sign-in with no person: client credentials (secret or private key JWT), or an enterprise IdP's grant. */
export type MachineGrant =
  | { kind: 'client_credentials'; clientId: string; clientSecret?: string; privateKey?: string; algorithm: string }
  | { kind: 'jwt-bearer'; clientId: string; clientSecret?: string; idp: { tokenEndpoint: string; clientId: string; idToken: string } };

/** The machine grant `oauth.grant` names, or a clear error for a half-configured one. */
export function machineGrantOf(settings: OAuthSettings): MachineGrant | undefined {
  const grant = settings.grant;
  if (grant === undefined || grant === 'authorization_code') return undefined;
  const clientId = settings.clientId;
  if (!clientId) throw new Error(`oauth.grant "${String(grant)}" needs oauth.clientId`);
  if (grant === 'client_credentials') {
    const privateKey = typeof settings.privateKey === 'string' ? settings.privateKey : undefined;
    if (!settings.clientSecret && !privateKey) throw new Error('oauth.grant "client_credentials" needs oauth.clientSecret or oauth.privateKey (PEM)');
    const algorithm = typeof settings.signingAlgorithm === 'string' ? settings.signingAlgorithm : 'RS256';
    return { kind: 'client_credentials', clientId, clientSecret: settings.clientSecret, privateKey, algorithm };
  }
  if (grant === 'jwt-bearer') {
    const idp = settings.idp as Record<string, unknown> | undefined;
    const text = (key: string) => (typeof idp?.[key] === 'string' ? (idp[key] as string) : undefined);
    const tokenEndpoint = text('tokenEndpoint');
    const idpClientId = text('clientId');
    const idToken = text('idToken');
    if (!tokenEndpoint || !idpClientId || !idToken) throw new Error('oauth.grant "jwt-bearer" needs oauth.idp.tokenEndpoint, oauth.idp.clientId and oauth.idp.idToken');
    return { kind: 'jwt-bearer', clientId, clientSecret: settings.clientSecret, idp: { tokenEndpoint, clientId: idpClientId, idToken } };
  }
  throw new Error(`oauth.grant must be authorization_code, client_credentials or jwt-bearer, not "${String(grant)}"`);
}

/**
 * The SDK's view of a machine sign-in: no redirect, so auth() asks the token endpoint
 * directly with the grant we prepare. For jwt-bearer (enterprise-managed, SEP-990) the
 * IdP's ID token is first exchanged at the IdP for an ID-JAG naming this server.
 */
export class MachineAuthProvider extends DeckAuthProvider {
  readonly addClientAuthentication?: AddClientAuthentication;

  constructor(options: ProviderOptions, private readonly grant: MachineGrant) {
    super(options);
    if (grant.kind === 'client_credentials' && grant.privateKey) {
      this.addClientAuthentication = createPrivateKeyJwtAuth({ issuer: grant.clientId, subject: grant.clientId, privateKey: grant.privateKey, alg: grant.algorithm });
    }
  }

  override get redirectUrl(): string {
    return undefined as unknown as string;
  }

  override get clientMetadata(): OAuthClientMetadata {
    const jwtAuth = this.addClientAuthentication ? 'private_key_jwt' : this.grant.clientSecret ? 'client_secret_basic' : 'none';
    return {
      client_name: 'mcpdeck',
      redirect_uris: [],
      grant_types: [this.grant.kind === 'jwt-bearer' ? JWT_BEARER : 'client_credentials'],
      token_endpoint_auth_method: jwtAuth,
    };
  }

  override async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredClient> {
    return { client_id: this.grant.clientId, ...(this.grant.clientSecret && { client_secret: this.grant.clientSecret }), issuer: ctx?.issuer };
  }

  override async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return undefined;
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    if (this.grant.kind === 'client_credentials') return new URLSearchParams({ grant_type: 'client_credentials', ...(scope && { scope }) });
    return new URLSearchParams({ grant_type: JWT_BEARER, assertion: await this.exchangeAtIdp(), ...(scope && { scope }) });
  }

  /** RFC 8693 at the IdP: the person's ID token for an ID-JAG whose audience is this server's authorization server. */
  private async exchangeAtIdp(): Promise<string> {
    if (this.grant.kind !== 'jwt-bearer') throw new Error('not a jwt-bearer grant');
    const audience = this.discovered?.authorizationServerMetadata?.issuer ?? this.discovered?.authorizationServerUrl;
    const resource = this.discovered?.resourceMetadata?.resource;
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      subject_token: this.grant.idp.idToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      client_id: this.grant.idp.clientId,
      ...(audience && { audience }),
      ...(resource && { resource }),
    });
    const response = await boundedFetch()(this.grant.idp.tokenEndpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const answer = (await response.json().catch(() => ({}))) as { access_token?: string; error?: string; error_description?: string };
    if (!response.ok || !answer.access_token) {
      throw new Error(`the IdP refused the token exchange (${answer.error ?? `HTTP ${response.status}`}${answer.error_description ? `: ${answer.error_description}` : ''})`);
    }
    return answer.access_token;
  }
}
