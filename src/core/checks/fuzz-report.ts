import { terminalJson } from '../../util/json.js';
import type { FindingKind, FuzzReport } from './fuzz.js';
import { countOf, formatCount } from '../../util/text.js';

const TITLE: Record<FindingKind, string> = {
  crash: 'crash',
  hang: 'hang',
  'protocol-error': 'protocol error',
  'invalid-result': 'unreadable result',
  'output-schema': 'output schema',
  'invalid-json-rpc': 'invalid JSON-RPC',
};

/** At most this much of the arguments in a report line: a 10,000-character edge string is named, not printed. */
const SHOWN_ARGS = 300;

const shortJson = (value: unknown) => {
  const json = terminalJson(value);
  return json.length > SHOWN_ARGS ? `${json.slice(0, SHOWN_ARGS)}… (${formatCount(json.length)} characters)` : json;
};

/**
 * The report a server author reads: each finding with its tool, what it means, and the
 * arguments that showed it (with the seed, the run can be replayed); then what each tool
 * got. `replay` says how to run it again (the CLI: its seed option; the deck: the whole command). Not sanitized: the CLI and the pager sanitize what they show.
 */
export function fuzzReportText(report: FuzzReport, replay = `--seed ${report.seed}`): string {
  const lines: string[] = [];
  const seconds = (report.elapsedMs / 1000).toFixed(1);
  lines.push(`fuzz ${report.server} · seed ${report.seed} · ${countOf(report.calls, 'call')} to ${countOf(report.tools.filter((t) => t.calls).length, 'tool')} in ${seconds} s`);
  if (report.cutShort) lines.push(`cut short: ${report.cutShort}`);
  lines.push('');
  if (!report.findings.length) lines.push('no findings: no crash, hang, protocol error, unreadable result, output schema failure or invalid JSON-RPC');
  for (const f of report.findings) {
    lines.push(`✗ ${TITLE[f.kind]} · ${f.tool}${f.times > 1 ? ` (${countOf(f.times, 'time')})` : ''}`);
    lines.push(`  ${f.message}`);
    lines.push(`  first with ${f.valid ? 'valid' : 'invalid'} arguments (${f.case}): ${shortJson(f.arguments)}`);
  }
  lines.push('');
  for (const t of report.tools) {
    const slow = t.slow ? ` · ${countOf(t.slow, 'slow call')} (still making progress at the per-call timeout: stopped, not a finding)` : '';
    lines.push(`  ${t.name}: ${countOf(t.calls, 'call')}${slow}${t.note ? ` · ${t.note}` : ''}`);
  }
  lines.push('');
  lines.push(`${countOf(report.findings.length, 'finding')} · replay with ${replay}`);
  return lines.join('\n');
}
