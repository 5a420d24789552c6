const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key|api-key|.*token.*|.*secret.*|.*key)$/i;

function mask(value: unknown): string {
  const text = String(value);
  // Keep a ${VAR} reference visible: it is not the secret, it names where it lives.
  return /^\$\{[^}]+\}$/.test(text) ? text : '••••••';
}

/** The entry with env values and credential-like headers masked, for display. */
export function redactEntry(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  if (isRecord(raw.env)) out.env = Object.fromEntries(Object.entries(raw.env).map(([k, v]) => [k, mask(v)]));
  if (isRecord(raw.headers)) {
    out.headers = Object.fromEntries(Object.entries(raw.headers).map(([k, v]) => [k, SECRET_HEADER.test(k) ? mask(v) : v]));
  }
  if (isRecord(raw.oauth) && raw.oauth.clientSecret !== undefined) out.oauth = { ...raw.oauth, clientSecret: mask(raw.oauth.clientSecret) };
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
