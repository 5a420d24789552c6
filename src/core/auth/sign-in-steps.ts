import type { CallbackResult } from './callback-server.js';
import type { Challenge } from './challenge.js';
import type { DeckAuthProvider } from './provider.js';
import type { TraceStep } from './trace.js';

// The steps of a sign-in as the trace shows them: what was found or sent, never a secret.

export function challengeStep(challenge: Challenge | undefined): TraceStep {
  if (!challenge) return { step: 'Server challenge', status: 'info', detail: 'the server let an unsigned initialize through; it may ask later' };
  const parts = [`HTTP ${challenge.status}`, challenge.resourceMetadataUrl && `resource_metadata ${challenge.resourceMetadataUrl.href}`, challenge.scope && `scope "${challenge.scope}"`];
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

export function authorizeStep(url: URL): TraceStep {
  const q = url.searchParams;
  const detail = [
    `${url.origin}${url.pathname}`,
    `client_id ${q.get('client_id')}`,
    `scope ${q.get('scope') ?? '(none)'}`,
    `resource ${q.get('resource') ?? '(none)'}`,
    `PKCE ${q.get('code_challenge_method') ?? 'none'}`,
    `redirect_uri ${q.get('redirect_uri')}`,
  ].join(', ');
  return { step: 'Authorization URL', status: 'ok', detail };
}

export function callbackFailure(result: CallbackResult | 'timeout' | 'mismatch'): { detail: string; fix?: string } | undefined {
  if (result === 'timeout') return { detail: 'no callback within 10 minutes', fix: 'start the sign-in again; if the browser cannot reach this machine, paste the redirected URL into the terminal' };
  if (result === 'mismatch') return { detail: 'state mismatch: the browser came back with a state this sign-in did not issue, so it was refused', fix: 'start the sign-in again from mcpdeck and finish it in the browser it opens' };
  if ('error' in result) {
    const denied = result.error === 'access_denied';
    return {
      detail: `the authorization server answered ${result.error}${result.description ? `: ${result.description}` : ''}`,
      fix: denied ? 'the sign-in was cancelled or refused in the browser; start it again to retry' : 'see the authorization server’s message above',
    };
  }
  return undefined;
}
