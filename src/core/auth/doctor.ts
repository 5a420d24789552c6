import { createServer } from 'node:net';
import { checkResourceAllowed, discoverOAuthServerInfo, resourceUrlFromServerUrl } from '@modelcontextprotocol/client';
import { bindAddresses, callbackAddress, redirectUriOf } from './callback-port.js';
import type { CallbackAddress } from './callback-server.js';
import { probeChallenge, unionScopes } from './challenge.js';
import type { CredentialStore } from './credentials.js';
import { hasStaticAuthorization, type RemoteConfig } from './manager.js';
import { stepsFromRequests, type TraceStep } from './trace.js';
import { tracingFetch } from './tracing-fetch.js';
import { boundedFetch } from './bounded-fetch.js';
import { explainSignInError } from './explain.js';
import { challengeStep, failedAt, issuerNote } from './sign-in-steps.js';
import { formatWhen } from './when.js';

export interface DoctorReport {
  serverUrl: string;
  /** The exact redirect URI to register with a provider that wants one. */
  redirectUri?: string;
  steps: TraceStep[];
  /** The steps of the last interactive sign-in (callback, token request), when there was one. */
  lastSignIn?: { at: number; outcome: string; steps: TraceStep[] };
}

/**
 * Walks a sign-in without a browser: the server's challenge, the protected resource
 * and authorization server metadata, how the client would be identified, the scopes
 * asked for versus offered, the callback port; then the saved sign-in and the trace of
 * the last one. Each step passes or fails with its detail and what to do.
 */
export async function diagnose(config: RemoteConfig, credentials: CredentialStore, env: NodeJS.ProcessEnv): Promise<DoctorReport> {
  const settings = config.oauth ?? {};
  const steps: TraceStep[] = [];
  const report: DoctorReport = { serverUrl: config.url, steps };
  if (hasStaticAuthorization(config)) {
    steps.push({ step: 'Configuration', status: 'info', detail: 'a static Authorization header is configured: mcpdeck sends it and does no OAuth' });
    return report;
  }
  let address: CallbackAddress | undefined;
  try {
    address = callbackAddress(settings, env);
    report.redirectUri = redirectUriOf(address);
  } catch (error) {
    steps.push({ step: 'Callback listener', status: 'failed', detail: (error as Error).message });
  }
  const challenge = await probeChallenge(config.url, boundedFetch(), config.headers).catch((error: Error) => error);
  if (challenge instanceof Error) {
    steps.push({ step: 'Server challenge', status: 'failed', detail: `could not reach ${config.url}: ${(challenge.cause as Error)?.message ?? challenge.message}` });
    return report;
  }
  steps.push(challengeStep(challenge));
  const traced = tracingFetch(boundedFetch());
  const info = await discoverOAuthServerInfo(config.url, { resourceMetadataUrl: challenge?.resourceMetadataUrl, fetchFn: traced.fetch }).catch((error: Error) => error);
  if (info instanceof Error) {
    const explained = explainSignInError(info);
    if (explained.step) {
      report.steps = failedAt(steps, traced.seen, explained);
      return report;
    }
    steps.push(...stepsFromRequests(traced.seen));
    steps.push({ step: 'Discovery', status: 'failed', detail: explained.message, fix: explained.fix ?? 'the server or its authorization server publishes no usable metadata' });
    return report;
  }
  steps.push(...stepsFromRequests(traced.seen));
  const prm = info.resourceMetadata;
  if (prm) {
    const allowed = checkResourceAllowed({ requestedResource: resourceUrlFromServerUrl(config.url), configuredResource: prm.resource });
    steps.push(allowed
      ? { step: 'Resource', status: 'ok', detail: `${prm.resource} names this server; authorization server ${info.authorizationServerUrl}` }
      : { step: 'Resource', status: 'failed', detail: `the metadata names another resource (${prm.resource}); mcpdeck refuses to sign in`, fix: 'check the server URL; the server may be misconfigured' });
  } else {
    steps.push({ step: 'Resource', status: 'info', detail: `no protected resource metadata: the 2025-03-26 fallback uses ${info.authorizationServerUrl}` });
  }
  const as = info.authorizationServerMetadata;
  if (as?.issuer) steps.push({ step: 'Issuer', status: 'ok', detail: `the metadata's issuer ${as.issuer} is the authorization server it was fetched for; ${issuerNote(as)}` });
  const pkce = as?.code_challenge_methods_supported;
  if (as && pkce && !pkce.includes('S256')) steps.push({ step: 'PKCE', status: 'failed', detail: `the authorization server offers ${pkce.join(', ')}, not S256`, fix: 'mcpdeck only signs in with PKCE S256' });
  const stored = await credentials.read(config.url);
  steps.push(clientStep(settings, Boolean(stored?.client), as));
  const asked = unionScopes(challenge?.scope) ?? prm?.scopes_supported?.join(' ') ?? settings.scopes?.join(' ');
  const offered = prm?.scopes_supported ?? as?.scopes_supported;
  steps.push({ step: 'Scopes', status: 'info', detail: `would ask for ${asked || '(none)'}; offered ${offered?.join(' ') || '(not stated)'}` });
  if (as) steps.push({ step: 'Authorization URL', status: 'ok', detail: `${as.authorization_endpoint} with PKCE S256, resource ${prm?.resource ?? config.url}, redirect_uri ${report.redirectUri}` });
  if (address) steps.push(await portStep(address));
  steps.push(storedStep(stored));
  report.lastSignIn = stored?.lastSignIn;
  return report;
}

function clientStep(settings: RemoteConfig['oauth'] & object, registered: boolean, as?: { registration_endpoint?: string; client_id_metadata_document_supported?: boolean }): TraceStep {
  if (settings.clientId) return { step: 'Client', status: 'ok', detail: `pre-registered client ${settings.clientId} from oauth.clientId` };
  if (registered) return { step: 'Client', status: 'ok', detail: 'registered at an earlier sign-in (kept with the tokens)' };
  if (settings.clientMetadataUrl && as?.client_id_metadata_document_supported) return { step: 'Client', status: 'ok', detail: `client ID metadata document ${settings.clientMetadataUrl}` };
  if (!as || as.registration_endpoint) return { step: 'Client', status: 'ok', detail: `would register dynamically${as?.registration_endpoint ? ` at ${as.registration_endpoint}` : ' (fallback /register)'}, application_type native` };
  return {
    step: 'Client', status: 'failed', detail: 'the authorization server offers no dynamic registration and no client is configured',
    fix: 'register a client with the provider using the redirect URI above, then set oauth.clientId (and oauth.clientSecret)',
  };
}

function portStep({ host, port }: CallbackAddress): Promise<TraceStep> {
  if (port === 0) return Promise.resolve({ step: 'Callback port', status: 'ok', detail: 'any free port (0)' });
  const bind = bindAddresses(host)[0]!.address;
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve({ step: 'Callback port', status: 'failed', detail: `${host}:${port} is in use`, fix: 'set oauth.callbackPort (or MCPDECK_OAUTH_CALLBACK_PORT; 0 = any free port), or finish the sign-in that holds it' }));
    probe.listen(port, bind, () => probe.close(() => resolve({ step: 'Callback port', status: 'ok', detail: `${host}:${port} is free` })));
  });
}

function storedStep(stored: Awaited<ReturnType<CredentialStore['read']>>): TraceStep {
  if (!stored?.tokens) return { step: 'Saved sign-in', status: 'info', detail: 'none' };
  const who = stored.subject ? `as ${stored.subject}, ` : '';
  const expiry = stored.expiresAt ? `expires ${formatWhen(stored.expiresAt)}` : 'no stated expiry';
  return { step: 'Saved sign-in', status: 'ok', detail: `${who}scopes ${stored.scopes?.join(' ') || '(none stated)'}, ${expiry}, ${stored.tokens.refresh_token ? 'with' : 'no'} refresh token` };
}
