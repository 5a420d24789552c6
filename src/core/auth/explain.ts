import { AuthorizationServerMismatchError, InsecureTokenEndpointError, IssuerMismatchError, OAuthError, RegistrationRejectedError } from '@modelcontextprotocol/client';
import { EndpointRefused } from './endpoints.js';
import { isRecord } from '../../util/is-record.js';
import { bodyExcerpt } from '../../util/sanitize.js';

/** A sign-in failure in words, with what to do about it, and the step of the trace it belongs to. */
export interface Explained {
  message: string;
  fix?: string;
  /** The step that failed, when it is not the sign-in as a whole. */
  step?: string;
}

const MIX_UP_FIX = 'the authorization server may be misconfigured, or someone is trying to take over this sign-in; nothing was sent. Check the server URL, then sign in again';

/** A sign-in failure in words, with what to do about it. */
export function explainSignInError(error: unknown): Explained {
  const message = String((error as Error)?.message ?? error);
  if (error instanceof IssuerMismatchError) return explainIssuer(error);
  if (error instanceof EndpointRefused) {
    return { step: 'Authorization server metadata', message: `${message}; none of its endpoints were used`, fix: 'the authorization server must publish https endpoints (or http on this machine); check the server URL, or ask its operator' };
  }
  if (error instanceof InsecureTokenEndpointError) {
    return { step: 'Authorization server metadata', message: `the authorization server's token_endpoint ${JSON.stringify(error.tokenEndpoint)} is plain http on another machine: refused`, fix: 'the token endpoint must be https (or http on this machine)' };
  }
  if (error instanceof AuthorizationServerMismatchError) {
    return {
      message: `the server now names another authorization server (${error.currentIssuer}) than the one this sign-in or its client belongs to (${error.recordedIssuer}); refused`,
      fix: 'sign in again; if it keeps happening, the server’s metadata changes under you: check the server URL',
    };
  }
  if (error instanceof OAuthError) {
    const fix = error.code === 'invalid_client' || error.code === 'unauthorized_client'
      ? 'the authorization server does not accept this client: check oauth.clientId / oauth.clientSecret, or sign out and in again to register afresh'
      : error.code === 'invalid_scope' ? 'set oauth.scopes to scopes the provider offers'
        : error.code === 'invalid_grant' ? 'the code was not accepted (mistyped, already used or expired): start the sign-in again' : undefined;
    return { message: `${error.code}: ${message}`, fix };
  }
  if (error instanceof RegistrationRejectedError) return explainRegistration(error);
  if (/does not support dynamic client registration/i.test(message)) {
    return {
      message: 'the authorization server does not offer dynamic client registration',
      fix: 'register a client with the provider (redirect URI as shown above) and set oauth.clientId (and oauth.clientSecret) for this server',
    };
  }
  if (/Protected resource .* does not match/i.test(message)) {
    return { message: `refused: ${message}`, fix: 'the server’s metadata names another resource; it may be misconfigured or not the server you meant to use' };
  }
  if (/cannot listen for the sign-in callback/.test(message)) {
    return { message, fix: 'set oauth.callbackPort for this server, or MCPDECK_OAUTH_CALLBACK_PORT for all (0 = any free port), or finish the other sign-in first' };
  }
  if (isValidationDump(error)) {
    return { message: 'the authorization server’s metadata is not valid OAuth metadata (a field is missing or malformed)', fix: 'check the server URL; the server or its authorization server may be misconfigured' };
  }
  if (/fetch failed|ECONNREFUSED|ENOTFOUND/i.test(message)) {
    const cause = (error as { cause?: Error })?.cause?.message;
    return { message: `could not reach the authorization server: ${cause ?? message}`, fix: 'check that the authorization server is up and reachable from this machine (see the URLs above), then sign in again' };
  }
  // The SDK quotes a response body whole ("Raw body: <!DOCTYPE html>..."): a page never reaches the terminal.
  return { message: /<[a-z!/]|\n/i.test(message) || message.length > 300 ? bodyExcerpt(message, 300) : message };
}

/**
 * RFC 7591 §3.2.2: the refusal is a JSON `error` with a description; anything else (a
 * web server's 404 page) is the status and a few words of it.
 */
function explainRegistration(error: RegistrationRejectedError): Explained {
  const fix = 'register a client with the provider (redirect URI as shown above) and set oauth.clientId (and oauth.clientSecret) for this server';
  let said: string | undefined;
  try {
    const body: unknown = JSON.parse(error.body);
    if (isRecord(body) && typeof body.error === 'string') said = [body.error, body.error_description].filter((s) => typeof s === 'string').join(': ');
  } catch {
    // Not JSON: a page or plain text.
  }
  const excerpt = bodyExcerpt(said ?? error.body);
  return { step: 'Client registration', message: `the authorization server refused to register mcpdeck as a client (HTTP ${error.status}${excerpt ? `: ${excerpt}` : ''})`, fix };
}

/**
 * RFC 8414 §3.3 (metadata) and RFC 9207 (the redirect's `iss`). The `iss` a redirect
 * carried is not shown: in a mix-up attack it is the attacker's text.
 */
function explainIssuer(error: IssuerMismatchError): Explained {
  if (error.kind === 'metadata') {
    return {
      step: 'Authorization server metadata',
      message: `its issuer ${JSON.stringify(error.received)} is not ${JSON.stringify(error.expected)}, the authorization server it was fetched for (RFC 8414 §3.3); none of its endpoints were used`,
      fix: MIX_UP_FIX,
    };
  }
  const why = error.received === undefined
    ? `the authorization server promises an iss parameter (RFC 9207) and the redirect had none`
    : `the redirect's iss is not ${JSON.stringify(error.expected)}, the authorization server this sign-in started at (RFC 9207)`;
  return { step: 'Callback', message: `${why}; the code was refused and not sent to the token endpoint`, fix: MIX_UP_FIX };
}

/** A schema library's error (the SDK's metadata parsing): never shown raw. */
function isValidationDump(error: unknown): boolean {
  const e = error as { name?: string; issues?: unknown };
  return e?.name === 'ZodError' || Array.isArray(e?.issues);
}
