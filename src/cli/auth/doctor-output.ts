import type { DoctorReport } from '../../core/auth/doctor.js';
import { formatWhen } from '../../core/auth/when.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { painter } from '../style.js';
import { traceLines } from './trace-lines.js';

export function printDoctor(name: string, report: DoctorReport, json: boolean): void {
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
