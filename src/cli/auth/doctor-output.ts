import type { DoctorReport } from '../../core/auth/doctor.js';
import { maskStep } from '../../core/auth/trace.js';
import { redactUrl } from '../../core/config/redact.js';
import { formatWhen } from '../../core/auth/when.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { painter } from '../style.js';
import { traceLines } from './trace-lines.js';

export function printDoctor(name: string, raw: DoctorReport, json: boolean): void {
  // Secrets in URLs (a token in the query, user info) are masked in every form of the report.
  const report: DoctorReport = {
    ...raw,
    serverUrl: redactUrl(raw.serverUrl),
    steps: raw.steps.map(maskStep),
    ...(raw.lastSignIn && { lastSignIn: { ...raw.lastSignIn, steps: raw.lastSignIn.steps.map(maskStep) } }),
  };
  if (json) {
    process.stdout.write(`${terminalJson({ server: name, ...report }, 2)}\n`);
    return;
  }
  const paint = painter(process.stdout);
  const out = (text: string) => process.stdout.write(`${text}\n`);
  out(`Sign-in of ${sanitizeLine(name)} (${sanitizeLine(report.serverUrl)})`);
  for (const line of traceLines(report.steps, paint)) out(`  ${line}`);
  if (report.redirectUri) out(`  Redirect URI to register with a provider: ${report.redirectUri}`);
  if (report.lastSignIn) {
    out(`Last sign-in ${formatWhen(report.lastSignIn.at)}: ${report.lastSignIn.outcome}`);
    for (const line of traceLines(report.lastSignIn.steps, paint)) out(`  ${line}`);
  }
}
