import { isRecord } from '../../util/is-record.js';

export const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key|api-key|.*token.*|.*secret.*|.*key)$/i;

/** What a secret reads as wherever it is shown. */
export const MASK = '••••••';
const KNOWN = new Set(['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'module', 'export', 'disabled', 'timeout', 'requestTimeout', 'tools', 'oauth', 'roots']);
const SECRET_NAME = /key|token|secret|password|passwd|auth|sig|credential/i;

function mask(value: unknown): string {
  const text = String(value);
  // A ${VAR} reference is not the secret, it names where it lives: keep it visible,
  // with at most a scheme word beside it ("Bearer ${TOKEN}").
  const literal = text.replace(/\$\{[^}]+\}/g, '').trim();
  return text !== literal && /^(bearer|basic|token)?$/i.test(literal) ? text : MASK;
}

/** Secret-looking query parameters and the password of a URL (a lone user name too: it is often a token), masked. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = MASK;
    else if (parsed.username) parsed.username = MASK;
    for (const name of [...parsed.searchParams.keys()]) if (SECRET_NAME.test(name)) parsed.searchParams.set(name, MASK);
    return parsed.search || parsed.password || parsed.username ? decodeURI(parsed.href) : url;
  } catch {
    return url;
  }
}

// Anything that looks like an absolute URL: a scheme, "//", and no whitespace or quote.
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/**
 * Every URL inside a sentence, masked as redactUrl masks one: failure reasons, log
 * lines and traces name the server's URL, and the SDK's own messages may quote it.
 */
export function maskUrls(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => {
    // A sentence may end right after the URL: keep its punctuation outside.
    const tail = /[.,;:)\]]+$/.exec(url)?.[0] ?? '';
    return redactUrl(url.slice(0, url.length - tail.length)) + tail;
  });
}

/**
 * Secrets by their shape, wherever they stand in a word: a scheme and its credentials
 * ("Bearer x", "Basic x"), and the token formats of the big providers (GitHub, OpenAI,
 * Anthropic, Slack, AWS access key ids, GitLab, npm, Google API keys, JWTs).
 */
const TOKEN_SHAPES = [
  /\b(?:bearer|basic|token)\s+(?!\$\{)[^\s'"]+/gi,
  /\b(?:gh[opsur]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|sk-[A-Za-z0-9_-]{16,}|xox[abprs]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|glpat-[A-Za-z0-9_-]{16,}|npm_[A-Za-z0-9]{30,}|AIza[0-9A-Za-z_-]{30,}|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*)/g,
];

/** A word with every secret-shaped part masked (a scheme word stays: "Bearer ••••••"). */
export function maskTokenShapes(text: string): string {
  return TOKEN_SHAPES.reduce((out, shape) => out.replace(shape, (found) => {
    const scheme = /^(bearer|basic|token)\s+/i.exec(found);
    return scheme ? `${scheme[0]}${MASK}` : MASK;
  }), text);
}

/**
 * Arguments with their secrets masked: the value of a secret-named option (`--token x`,
 * `--api-key=x`, `API_KEY=x`) and anything shaped like a token. A `${VAR}` reference
 * stays: it names where the secret lives, not the secret.
 */
export function redactArgs(args: readonly unknown[]): string[] {
  return args.map((arg, i) => {
    const text = String(arg);
    const inline = /^(-{0,2}[\w-]+)=(.*)$/s.exec(text);
    if (inline && SECRET_NAME.test(inline[1]!)) return `${inline[1]}=${mask(inline[2])}`;
    const previous = i > 0 ? String(args[i - 1]) : '';
    if (/^--?[\w-]+$/.test(previous) && SECRET_NAME.test(previous) && !text.startsWith('-')) return mask(text);
    return maskTokenShapes(text);
  });
}

/** The entry with env values and credential-like headers masked, for display. */
export function redactEntry(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  if (isRecord(raw.env)) out.env = Object.fromEntries(Object.entries(raw.env).map(([k, v]) => [k, mask(v)]));
  if (isRecord(raw.headers)) {
    out.headers = Object.fromEntries(Object.entries(raw.headers).map(([k, v]) => [k, SECRET_HEADER.test(k) ? mask(v) : v]));
  }
  if (typeof raw.url === 'string') out.url = redactUrl(raw.url);
  if (Array.isArray(raw.args)) out.args = redactArgs(raw.args);
  if (isRecord(raw.oauth)) out.oauth = redactOauth(raw.oauth);
  // Fields of other clients that mcpdeck passes over but still shows ("apiKey": "...").
  for (const [key, value] of Object.entries(raw)) {
    if (!KNOWN.has(key) && SECRET_NAME.test(key) && (typeof value === 'string' || typeof value === 'number')) out[key] = mask(value);
  }
  return out;
}

/** The secrets an `oauth` block may hold: a client secret, a private key, an IdP's ID token. */
function redactOauth(oauth: Record<string, unknown>): Record<string, unknown> {
  const out = { ...oauth };
  for (const key of ['clientSecret', 'privateKey'] as const) if (out[key] !== undefined) out[key] = mask(out[key]);
  if (isRecord(oauth.idp) && oauth.idp.idToken !== undefined) out.idp = { ...oauth.idp, idToken: mask(oauth.idp.idToken) };
  return out;
}
