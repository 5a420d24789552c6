import { MASK, maskTokenShapes, redactUrl, SECRET_HEADER } from '../config/redact.js';

/** Headers that carry a credential whatever their name says: a DPoP proof, cookies set. */
const ALSO_SECRET = /^(dpop|set-cookie|proxy-authenticate-info|x-amz-security-token)$/i;
/** OAuth parameters that are secrets though their names do not say so. */
const SECRET_PARAMS = new Set(['code', 'code_verifier', 'assertion', 'client_assertion', 'subject_token', 'actor_token', 'id_token_hint', 'state']);

/** A URL as the Network view and the HAR show it: credentials, tokens and codes masked. */
export function maskExchangeUrl(url: string): string {
  try {
    const parsed = new URL(redactUrl(url));
    for (const name of [...parsed.searchParams.keys()]) if (SECRET_PARAMS.has(name.toLowerCase())) parsed.searchParams.set(name, MASK);
    return maskTokenShapes(parsed.search ? decodeURI(parsed.href) : parsed.href);
  } catch {
    return maskTokenShapes(url);
  }
}

/** SEP-2243 header values that are not plain ASCII travel as `=?base64?…?=`. */
const ENCODED = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/i;

/**
 * A header's value as shown: a credential masked (its scheme word kept: "Bearer ••••••"),
 * an `Mcp-*` value decoded, a session id cut short (it lets its holder into the session).
 */
export function maskHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (SECRET_HEADER.test(lower) || ALSO_SECRET.test(lower)) {
    const scheme = /^(bearer|basic|dpop|token|digest)\s+/i.exec(value);
    return scheme ? `${scheme[1]} ${MASK}` : MASK;
  }
  if (lower === 'mcp-session-id') return value.length > 8 ? `${value.slice(0, 6)}…${MASK}` : MASK;
  if (lower.startsWith('mcp-')) {
    const encoded = ENCODED.exec(value);
    if (encoded) return `${maskTokenShapes(Buffer.from(encoded[1]!, 'base64').toString('utf8'))} (decoded from base64)`;
  }
  if (lower === 'location' || lower === 'link' || lower === 'www-authenticate' || lower === 'content-location') {
    return value.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>,]+/gi, (url) => maskExchangeUrl(url));
  }
  return maskTokenShapes(value);
}

/** Every header of a Headers object (or init), masked, in the order given. */
export function maskedHeaders(headers: Headers): [string, string][] {
  const out: [string, string][] = [];
  headers.forEach((value, name) => out.push([name, maskHeader(name, value)]));
  return out;
}
