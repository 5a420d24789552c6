import { redactUrl } from '../../../core/config/redact.js';
import type { DoctorReport } from '../../../core/auth/doctor.js';
import { stepLine, type TraceStep } from '../../../core/auth/trace.js';
import { formatWhen } from '../../../core/auth/when.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { fieldRows, wrapRows } from '../../widgets/text/wrap.js';
import type { AuthDetails } from './useAuthDetails.js';

export interface AuthLine {
  text: string;
  kind?: 'heading' | 'ok' | 'warning' | 'error';
}

export interface AuthView {
  serverUrl: string;
  /** A configured Authorization header: mcpdeck sends it and does no OAuth. */
  staticHeader: boolean;
  details?: AuthDetails;
  doctor?: DoctorReport;
  now: number;
}

const LABEL = 14;

/** Steps in full (the tab scrolls): a mark, the step and its detail, then what to do. */
function stepLines(steps: readonly TraceStep[], width: number): AuthLine[] {
  return steps.flatMap((s) => {
    const kind = s.status === 'failed' ? 'error' as const : undefined;
    const head = wrapRows(stepLine(s), width - 6)
      .map((text, i) => ({ text: `${i ? '    ' : '  '}${text}`, kind }));
    const fix = s.fix ? wrapRows(sanitizeLine(s.fix), width - 9).map((text, i) => ({ text: `${i ? '         ' : '    fix: '}${text}`, kind: 'warning' as const })) : [];
    return [...head, ...fix];
  });
}

/** The Auth tab as rows no wider than `width`: the saved sign-in (never a token), the doctor, the last sign-in. */
export function authLines(view: AuthView, width: number): AuthLine[] {
  const out: AuthLine[] = [];
  const field = (label: string, value: string, kind?: AuthLine['kind']) => {
    for (const text of fieldRows(label, value, width, LABEL)) out.push({ text, kind });
  };
  const d = view.details;
  if (view.staticHeader) field('Sign-in', 'a static Authorization header is configured: mcpdeck sends it and does no OAuth');
  else if (!d) field('Sign-in', 'reading the saved sign-in…');
  else if (d.signedIn) field('Sign-in', `signed in${d.subject ? ` as ${d.subject}` : ''}`, 'ok');
  else field('Sign-in', 'not signed in', 'warning');
  field('Server', redactUrl(view.serverUrl));
  if (d?.signedIn) {
    if (d.issuer) field('Issuer', d.issuer);
    field('Scopes', d.scopes.join(' ') || '(none stated)');
    field('Expires', d.expiresAt ? `${d.expiresAt < view.now ? 'expired ' : ''}${formatWhen(d.expiresAt, view.now)}` : 'not stated');
    field('Refreshable', d.refreshable ? 'yes: a refresh token is kept' : 'no: sign in again when it expires');
  }
  if (d) field('Client', d.registered ? 'registered with the authorization server (kept with the sign-in)' : 'none registered yet');
  if (d?.storage) field('Kept in', d.storage);
  if (d?.error) field('Error', d.error, 'error');
  if (view.doctor) {
    out.push({ text: '' }, { text: 'Doctor', kind: 'heading' }, ...stepLines(view.doctor.steps, width));
    if (view.doctor.redirectUri) field('  Register', `${view.doctor.redirectUri} as the redirect URI with a provider that asks for one`);
  }
  const last = d?.lastSignIn;
  out.push({ text: '' }, { text: last ? `Last sign-in ${formatWhen(last.at, view.now)}: ${last.outcome}` : 'Last sign-in: none recorded', kind: 'heading' });
  if (last) out.push(...stepLines(last.steps, width));
  return out;
}
