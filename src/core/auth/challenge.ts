import { extractWWWAuthenticateParams, LATEST_PROTOCOL_VERSION, type FetchLike } from '@modelcontextprotocol/client';

/** What a server's 401 or 403 asked for: where its metadata is, which scopes, which error. */
export interface Challenge {
  status: number;
  resourceMetadataUrl?: URL;
  scope?: string;
  error?: string;
  /** The challenge used the DPoP scheme (RFC 9449 §7.1): the server wants DPoP-bound tokens. */
  dpop?: boolean;
}

export function challengeOf(response: Response): Challenge {
  const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response);
  const dpop = /(?:^|,)\s*dpop(?:\s|$|,)/i.test(response.headers.get('www-authenticate') ?? '');
  return { status: response.status, resourceMetadataUrl, scope, error, ...(dpop && { dpop }) };
}

/**
 * Asks the server once without a token, the way a client's first request would, to
 * read its challenge. Undefined when it lets us in (no sign-in needed).
 */
export async function probeChallenge(serverUrl: string, fetchFn: FetchLike = fetch, headers: Record<string, string> = {}): Promise<Challenge | undefined> {
  const response = await fetchFn(serverUrl, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'mcpdeck-auth-probe', version: '0' } },
    }),
  });
  await response.body?.cancel().catch(() => undefined);
  if (response.status !== 401 && response.status !== 403) return undefined;
  return challengeOf(response);
}

/** Scopes as a set union, in first-seen order: step-up asks for what it had plus what is missing. */
export function unionScopes(...lists: (string | string[] | undefined)[]): string | undefined {
  const all = lists.flatMap((l) => (Array.isArray(l) ? l : (l ?? '').split(' '))).filter(Boolean);
  return all.length ? [...new Set(all)].join(' ') : undefined;
}
