// `mcpdeck lint` for a person: the findings by tool (or by rule), errors and warnings in
// full, notes counted unless asked for, and the sources of the rules that matched.
import { clientLabels } from '../core/compat/clients.js';
import { countBySeverity, groupByRule, type RuleGroup } from '../core/compat/lint.js';
import type { Finding, Severity } from '../core/compat/types.js';
import { sanitizeLine } from '../util/sanitize.js';
import { countOf, formatCount, truncate } from '../util/text.js';
import type { painter } from './style.js';

type Paint = ReturnType<typeof painter>;

export interface LintReportOptions {
  server: string;
  /** The name the rules used for the server. */
  as: string;
  toolCount: number;
  clientCount: number;
  by: 'tool' | 'rule';
  /** Notes (info) in full, not only counted. */
  all: boolean;
  paint: Paint;
}

const GLYPH: Record<Severity, string> = { error: '✗', warning: '!', info: '·' };
const STYLE = { error: 'red', warning: 'yellow', info: 'dim' } as const;
/** How many of a rule's tools a note names before "and N more". */
const NAMED = 5;

const mark = (paint: Paint, severity: Severity) => paint(STYLE[severity], GLYPH[severity]);
const toolLabel = (tool: string | null) => (tool === null ? 'the server' : sanitizeLine(truncate(tool, 120)));

function head(findings: readonly Finding[], o: LintReportOptions): string[] {
  const named = o.as === o.server ? '' : ` (named ${JSON.stringify(sanitizeLine(o.as))} in its clients)`;
  const checked = `${sanitizeLine(o.server)}${named}: ${countOf(o.toolCount, 'tool')} checked against ${formatCount(o.clientCount)} clients and model APIs`;
  if (!findings.length) return [checked, 'no findings'];
  const counts = countBySeverity(findings);
  const words = { error: countOf(counts.error, 'error'), warning: countOf(counts.warning, 'warning'), info: countOf(counts.info, 'note') };
  return [checked, (['error', 'warning', 'info'] as const).map((s) => `${mark(o.paint, s)} ${words[s]}`).join('  ')];
}

/** One finding in two lines: what and for whom, then why and what it costs. */
const findingLines = (f: Finding, paint: Paint) => [`  ${mark(paint, f.severity)} ${paint('bold', f.rule)} · ${clientLabels(f.clients)}`, `    ${sanitizeLine(f.message)}`];

/** A note's tools, summed up: "131 tools (a, b, c, d, e and 126 more)". */
function namedTools(findings: readonly Finding[]): string {
  const names = findings.map((f) => toolLabel(f.tool));
  const more = names.length > NAMED ? ` and ${formatCount(names.length - NAMED)} more` : '';
  return `${countOf(names.length, 'tool')} (${names.slice(0, NAMED).join(', ')}${more})`;
}

function notesSummary(notes: RuleGroup[], o: LintReportOptions): string[] {
  if (!notes.length) return [];
  const lines = ['', `Notes (--all lists them by ${o.by}):`];
  for (const { rule, findings } of notes) {
    lines.push(`  ${mark(o.paint, 'info')} ${o.paint('bold', rule.id)} · ${clientLabels(findings[0]!.clients)}: ${namedTools(findings)}`, `    ${rule.title}: ${rule.effect}`);
  }
  return lines;
}

function byTool(findings: readonly Finding[], o: LintReportOptions): string[] {
  const shown = o.all ? findings : findings.filter((f) => f.severity !== 'info');
  const tools = new Map<string | null, Finding[]>();
  // The server as a whole first, then the tools in the order they were listed.
  for (const f of shown.filter((x) => x.tool === null)) tools.set(null, [...(tools.get(null) ?? []), f]);
  for (const f of shown.filter((x) => x.tool !== null)) tools.set(f.tool, [...(tools.get(f.tool) ?? []), f]);
  const lines: string[] = [];
  for (const [tool, list] of tools) lines.push('', o.paint('bold', toolLabel(tool)), ...list.flatMap((f) => findingLines(f, o.paint)));
  return [...lines, ...(o.all ? [] : notesSummary(groupByRule(findings.filter((f) => f.severity === 'info')), o))];
}

function byRule(findings: readonly Finding[], o: LintReportOptions): string[] {
  const lines: string[] = [];
  const groups = groupByRule(findings);
  for (const { rule, findings: list } of groups.filter((g) => o.all || g.rule.severity !== 'info')) {
    lines.push('', `${mark(o.paint, rule.severity)} ${o.paint('bold', rule.id)} · ${rule.severity} · ${clientLabels(list[0]!.clients)}`, `  ${rule.title}: ${rule.effect}`);
    for (const f of list) lines.push(`  - ${f.tool === null ? '' : `${toolLabel(f.tool)}: `}${sanitizeLine(f.detail)}`);
  }
  return [...lines, ...(o.all ? [] : notesSummary(groups.filter((g) => g.rule.severity === 'info'), o))];
}

/** Each matched rule's source, and its further evidence. */
function sources(findings: readonly Finding[]): string[] {
  const groups = groupByRule(findings);
  if (!groups.length) return [];
  const width = Math.max(...groups.map((g) => g.rule.id.length));
  const lines = ['', 'Sources:'];
  for (const { rule } of groups) {
    lines.push(`  ${rule.id.padEnd(width)}  ${rule.source}`);
    if (rule.evidence?.length) lines.push(`  ${''.padEnd(width)}  also ${rule.evidence.join(', ')}`);
    if (rule.note) lines.push(`  ${''.padEnd(width)}  ${rule.note}`);
  }
  return lines;
}

/** The whole report, every server-given text in it sanitized. */
export function lintReport(findings: readonly Finding[], o: LintReportOptions): string {
  const body = o.by === 'rule' ? byRule(findings, o) : byTool(findings, o);
  return [...head(findings, o), ...body, ...sources(findings)].join('\n');
}
