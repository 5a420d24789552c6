import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

/** A sign-in failure in words, with what to do about it. */
export function explainSignInError(error: unknown): { message: string; fix?: string } {
  const message = String((error as Error)?.message ?? error);
  if (error instanceof OAuthError) {
    const fix = error.errorCode === 'invalid_client' || error.errorCode === 'unauthorized_client'
      ? 'the authorization server does not accept this client: check oauth.clientId / oauth.clientSecret, or sign out and in again to register afresh'
      : error.errorCode === 'invalid_scope' ? 'set oauth.scopes to scopes the provider offers'
        : error.errorCode === 'invalid_grant' ? 'the code was not accepted (mistyped, already used or expired): start the sign-in again' : undefined;
    return { message: `${error.errorCode}: ${message}`, fix };
  }
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
  if (/fetch failed|ECONNREFUSED|ENOTFOUND/i.test(message)) {
    const cause = (error as { cause?: Error })?.cause?.message;
    return { message: `could not reach the authorization server: ${cause ?? message}`, fix: 'check that the authorization server is up and reachable from this machine (see the URLs above), then sign in again' };
  }
  return { message };
}
