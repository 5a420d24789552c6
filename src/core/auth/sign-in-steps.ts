import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { CallbackResult } from './callback-server.js';
import type { Challenge } from './challenge.js';
import type { StoredTokens } from './credentials.js';
import { isDpopBound } from './dpop.js';
import type { Explained } from './explain.js';
import type { DeckAuthProvider } from './provider.js';
import { stepsFromRequests, type SeenRequest, type TraceStep } from './trace.js';

// The steps of a sign-in as the trace shows them: what was found or sent, never a secret.

/** Said before why a sign-in failed, when the server let a request without a token through. */
export const NOT_ASKED = 'the server does not ask for sign-in (a request without a token got no 401 or 403): mcpdeck connects without one, and signs in if it asks later';

export function challengeStep(challenge: Challenge | undefined): TraceStep {
  if (!challenge) return { step: 'Server challenge', status: 'info', detail: NOT_ASKED };
  const parts = [`HTTP ${challenge.status}`, challenge.dpop && 'DPoP scheme', challenge.resourceMetadataUrl && `resource_metadata ${challenge.resourceMetadataUrl.href}`, challenge.scope && `scope "${challenge.scope}"`];
  return { step: 'Server challenge', status: 'ok', detail: parts.filter(Boolean).join(', ') };
}

export function registrationStep(provider: DeckAuthProvider): TraceStep {
  const kind = provider.registration ?? 'dynamic';
  const detail = {
    'pre-registered': 'pre-registered client from oauth.clientId',
    stored: 'the client registered at an earlier sign-in',
    'metadata document': `client ID metadata document ${provider.clientMetadataUrl ?? ''}`,
    dynamic: 'dynamic client registration (RFC 7591), application_type native',
  }[kind];
  return { step: 'Client', status: 'ok', detail };
}

export function authorizeStep(url: URL, discovered?: OAuthDiscoveryState): TraceStep {
  const q = url.searchParams;
  const detail = [
    `${url.origin}${url.pathname}`,
    `client_id ${q.get('client_id')}`,
    `scope ${q.get('scope') ?? '(none)'}`,
    `resource ${q.get('resource') ?? '(none)'}`,
    `PKCE ${q.get('code_challenge_method') ?? 'none'}`,
    `redirect_uri ${q.get('redirect_uri')}`,
    issuerNote(discovered?.authorizationServerMetadata),
  ].filter(Boolean).join(', ');
  return { step: 'Authorization URL', status: 'ok', detail };
}

/** What the callback's `iss` will be held to (RFC 9207), from metadata whose issuer was checked. */
export function issuerNote(metadata: { issuer?: string; authorization_response_iss_parameter_supported?: boolean } | undefined): string | undefined {
  if (!metadata?.issuer) return undefined;
  return metadata.authorization_response_iss_parameter_supported === true
    ? `the redirect must carry iss ${metadata.issuer}`
    : `an iss on the redirect must be ${metadata.issuer}`;
}

/** Said once per sign-in when the listener ignored a request: in the trace and as a notice. */
export const IGNORED_CALLBACK = 'a request reached the callback listener without the state this sign-in issued; it was ignored, still waiting for the browser';

/**
 * The trace of a sign-in refused at a step (metadata whose issuer or endpoints are not
 * acceptable, a redirect whose iss is wrong): that step is marked failed with the reason.
 */
export function failedAt(steps: TraceStep[], seen: SeenRequest[], explained: Explained): TraceStep[] {
  const known = new Set(steps.map((s) => s.step));
  const all = [...steps, ...stepsFromRequests(seen).filter((s) => !known.has(s.step))];
  const failed: TraceStep = { step: explained.step!, status: 'failed', detail: explained.message, fix: explained.fix };
  const at = all.map((s) => s.step).lastIndexOf(explained.step!);
  if (at < 0) return [...all, failed];
  return [...all.slice(0, at), failed, ...all.slice(at + 1)];
}

/** Whether the token is bound to a key (DPoP), when DPoP was asked for or granted. */
export function dpopStep(asked: boolean, tokens: StoredTokens | undefined): TraceStep | undefined {
  const bound = isDpopBound(tokens);
  if (!asked && !bound) return undefined;
  if (bound) return { step: 'DPoP', status: 'ok', detail: 'the token is bound to a key kept with the sign-in (RFC 9449): every request carries a fresh proof' };
  return { step: 'DPoP', status: 'info', detail: 'asked for a DPoP-bound token; the authorization server issued a bearer token' };
}

export function callbackFailure(result: CallbackResult | 'timeout'): { detail: string; fix?: string } | undefined {
  if (result === 'timeout') return { detail: 'no callback within 10 minutes', fix: 'start the sign-in again; if the browser cannot reach this machine, paste the redirected URL into the terminal' };
  if ('error' in result) {
    const denied = result.error === 'access_denied';
    return {
      detail: `the authorization server answered ${result.error}${result.description ? `: ${result.description}` : ''}`,
      fix: denied ? 'the sign-in was cancelled or refused in the browser; start it again to retry' : 'see the authorization server’s message above',
    };
  }
  return undefined;
}
