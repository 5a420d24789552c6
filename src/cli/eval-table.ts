import { basename } from 'node:path';
import type { EvalItem, EvalResult, EvalRun } from '../core/evals/run-evals.js';
import { runProblems, summarize, type EvalSummary } from '../core/evals/report.js';
import { columnsOf, padColumns } from '../util/columns.js';
import { sanitize, sanitizeLine } from '../util/sanitize.js';
import { countOf, formatDuration } from '../util/text.js';
import type { painter } from './style.js';

type Paint = ReturnType<typeof painter>;

const percent = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)}%`);
const tokens = (n: number) => String(Math.round(n));

/** A case's row: ✓ or ✗, then what the table's head names. */
function row(s: EvalSummary, withFile: boolean): string[] {
  return [
    s.pass && !s.errors ? '✓' : '✗',
    ...(withFile ? [sanitizeLine(basename(s.file))] : []),
    sanitizeLine(s.case),
    sanitizeLine(s.model),
    `${s.passed}/${s.runs}${s.errors ? ` (${s.errors} error${s.errors === 1 ? '' : 's'})` : ''}`,
    percent(s.toolAccuracy),
    tokens(s.tokens.input),
    tokens(s.tokens.output),
    formatDuration(s.latencyMs),
  ];
}

/**
 * The eval as a table of case × model: pass rate (runs passed of runs), tool-selection
 * accuracy, mean tokens in and out, mean latency; then why each failing case failed, run by
 * run; then the count.
 */
export function evalReport(results: readonly EvalResult[], paint: Paint): string {
  const summaries = results.map(summarize);
  const withFile = new Set(summaries.map((s) => s.file)).size > 1;
  const head = ['', ...(withFile ? ['FILE'] : []), 'CASE', 'MODEL', 'PASS', 'TOOL CHOICE', 'TOKENS IN', 'TOKENS OUT', 'LATENCY'];
  const rows = [head, ...summaries.map((s) => row(s, withFile))];
  const widths = rows.reduce<number[]>((acc, r) => r.map((cell, i) => Math.max(acc[i] ?? 0, columnsOf(cell))), []);
  const lines = rows.map((r, index) => {
    const cells = r.map((cell, i) => (i === r.length - 1 ? cell : padColumns(cell, widths[i]!)));
    if (index === 0) return paint('bold', cells.join('  ').trimEnd());
    cells[0] = paint(cells[0]!.startsWith('✓') ? 'green' : 'red', cells[0]!);
    return cells.join('  ').trimEnd();
  });
  const failing = results.filter((_, i) => !summaries[i]!.pass || summaries[i]!.errors);
  for (const result of failing) {
    const s = summarize(result);
    lines.push('', `${paint('red', '✗')} ${sanitizeLine(s.case)} (${sanitizeLine(s.model)}): ${s.passed}/${s.runs} runs passed${s.pass ? '' : minimum(result.item)}`);
    for (const run of result.runs) for (const problem of run.status === 'passed' ? [] : runProblems(run)) lines.push(`    run ${run.run}: ${sanitize(problem)}`);
  }
  const passed = summaries.filter((s) => s.pass && !s.errors).length;
  const cases = new Set(summaries.map((s) => `${s.file}\n${s.case}`)).size;
  const models = new Set(summaries.map((s) => s.model)).size;
  const runs = summaries.reduce((n, s) => n + s.runs, 0);
  lines.push('', `${passed} of ${summaries.length} passed (${countOf(cases, 'case')} × ${countOf(models, 'model')}, ${countOf(runs, 'run')})`);
  return `${lines.join('\n')}\n`;
}

const minimum = (item: EvalItem) => (item.case.minPassRate < 1 ? `, ${Math.round(item.case.minPassRate * 100)}% needed` : '');

/** One run as it ends, for stderr: `✓ echoes · openai:gpt-4.1 · run 2/3 · 1.20 s`, and why a run failed. */
export function runLine(item: EvalItem, run: EvalRun, paint: Paint): string {
  const mark = run.status === 'passed' ? paint('green', '✓') : paint('red', '✗');
  const head = `${mark} ${sanitizeLine(item.case.name)} · ${sanitizeLine(item.model)} · run ${run.run}/${item.runs} · ${formatDuration(run.ms)}`;
  return run.status === 'passed' ? `${head}\n` : `${head}\n${runProblems(run).map((p) => `    ${sanitize(p)}\n`).join('')}`;
}
