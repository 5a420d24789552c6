import type { CallbackResult } from './callback-server.js';

/** A pasted redirect URL (with its state, to check) or a bare authorization code. */
export function parsePasted(text: string): { result: CallbackResult; state?: string } | { invalid: string } {
  const trimmed = text.trim();
  if (!trimmed) return { invalid: 'paste the URL the browser was sent to (or just the code)' };
  if (/^https?:\/\//i.test(trimmed)) {
    const url = new URL(trimmed);
    const state = url.searchParams.get('state') ?? undefined;
    const error = url.searchParams.get('error');
    if (error) return { result: { error, description: url.searchParams.get('error_description') ?? undefined }, state };
    const code = url.searchParams.get('code');
    if (!code) return { invalid: 'that URL has no code in it: paste the address the browser shows after you approve' };
    return { result: { code, iss: url.searchParams.get('iss') ?? undefined }, state };
  }
  if (/\s/.test(trimmed)) return { invalid: 'a code has no spaces: paste the redirected URL or just its code' };
  return { result: { code: trimmed, bare: true } };
}
