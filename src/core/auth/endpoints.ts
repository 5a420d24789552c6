/** Host names that never leave this machine. */
export const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The endpoints of authorization server metadata that mcpdeck would send a person, a code or a secret to. */
const CHECKED = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const;

/** An endpoint in a server's metadata that mcpdeck will not use; its message names it. */
export class EndpointRefused extends Error {
  constructor(
    readonly endpoint: string,
    readonly reason: string,
  ) {
    super(`the authorization server's ${endpoint} is refused: ${reason}`);
  }
}

/**
 * Why an endpoint URL is refused, or undefined when it is fine: https, or http on this
 * machine only. Plain http elsewhere lets anyone on the path read or rewrite the sign-in,
 * and other schemes (file:, javascript:, data:) are not web pages a sign-in can use.
 */
export function endpointProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'it is not a URL';
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${shown} is not a URL`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname) ? undefined : `${shown} is plain http on another machine (only https, or http on 127.0.0.1, localhost or [::1])`;
  }
  return `${shown} is a ${url.protocol} URL (only https, or http on this machine)`;
}

/** Throws EndpointRefused for the first endpoint of the metadata that may not be used. */
export function checkEndpoints(metadata: Record<string, unknown>): void {
  for (const name of CHECKED) {
    if (metadata[name] === undefined) continue;
    const problem = endpointProblem(metadata[name]);
    if (problem) throw new EndpointRefused(name, problem);
  }
}
