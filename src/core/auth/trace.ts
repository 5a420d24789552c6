import { sanitizeLine } from '../../util/sanitize.js';
import { maskUrls } from '../config/redact.js';

/** One step of a sign-in, as the auth doctor and the Auth view show it. */
export interface TraceStep {
  step: string;
  status: 'ok' | 'failed' | 'skipped' | 'info';
  /** What was found or sent (URLs, kinds, scopes): never a token or secret. */
  detail?: string;
  /** For a failed step: what to do about it. */
  fix?: string;
}

/** How each status is marked, in the terminal and in the deck. */
const STEP_MARK: Record<TraceStep['status'], string> = { ok: '✓', failed: '✗', skipped: '-', info: '·' };

/** A step on one line, fit for a terminal: its mark, its name and its detail. */
export function stepLine(step: TraceStep): string {
  const { detail } = maskStep(step);
  return `${STEP_MARK[step.status]} ${sanitizeLine(step.step)}${detail ? `: ${sanitizeLine(detail)}` : ''}`;
}

/** A step with the secrets in its URLs (query tokens, user info) masked, for any output. */
export function maskStep(step: TraceStep): TraceStep {
  return { ...step, ...(step.detail && { detail: maskUrls(step.detail) }), ...(step.fix && { fix: maskUrls(step.fix) }) };
}

/** Which step of discovery or exchange an HTTP request belongs to, by its URL. */
export function stepOfRequest(url: URL, method: string, endpoints: { registration?: string; token?: string }): string | undefined {
  const path = url.pathname;
  if (path.includes('/.well-known/oauth-protected-resource')) return 'Protected resource metadata';
  if (path.includes('/.well-known/oauth-authorization-server') || path.includes('/.well-known/openid-configuration')) {
    return 'Authorization server metadata';
  }
  if (method === 'POST' && (url.href === endpoints.registration || (!endpoints.registration && path.endsWith('/register')))) {
    return 'Client registration';
  }
  if (method === 'POST' && (url.href === endpoints.token || (!endpoints.token && path.endsWith('/token')))) return 'Token request';
  return undefined;
}

/** A request seen during a sign-in, kept to build the trace. */
export interface SeenRequest {
  step: string;
  url: string;
  status?: number;
  /** An OAuth error code and description from a failed answer. */
  error?: string;
  /** Answered, but what it said was refused (an endpoint mcpdeck will not use). */
  refused?: string;
}

/** Folds the requests of each step into one line: discovery tries several URLs, and a 404 is a fallback, not a failure. */
export function stepsFromRequests(seen: SeenRequest[]): TraceStep[] {
  const order: string[] = [];
  for (const s of seen) if (!order.includes(s.step)) order.push(s.step);
  return order.map((step) => {
    const tries = seen.filter((s) => s.step === step);
    const refused = tries.find((t) => t.refused);
    if (refused) return { step, status: 'failed', detail: `${refused.url} → ${refused.status}: ${refused.refused}` };
    const good = tries.find((t) => t.status !== undefined && t.status >= 200 && t.status < 300);
    const tried = tries.map((t) => `${t.url} → ${t.status ?? 'no answer'}${t.error ? ` (${t.error})` : ''}`).join('; ');
    if (good) return { step, status: 'ok', detail: tries.length > 1 ? tried : good.url };
    return { step, status: 'failed', detail: tried };
  });
}
