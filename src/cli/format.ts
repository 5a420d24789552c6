import type { ServerState } from '../core/servers/state.js';
import { annotationTags, declaresWrites, taskTag, toolTitle, type ToolInfo } from '../core/servers/tools.js';
import { appResourceUri } from '../core/apps/ui-resource.js';
import { restartNote, statusSummary } from '../core/servers/status-label.js';
import { sanitizeLine } from '../util/sanitize.js';
import { truncate } from '../util/text.js';
import { columnsOf, padColumns } from '../util/columns.js';
import { painter, statusStyle } from './style.js';
import { badgeText } from '../core/servers/status.js';
import { whatRunsLines } from '../core/config/what-runs.js';

/** Each column's width in terminal columns (a CJK character or an emoji takes two). */
function columnWidths(rows: string[][]): number[] {
  return rows.reduce<number[]>((acc, row) => row.map((cell, i) => Math.max(acc[i] ?? 0, columnsOf(cell))), []);
}

/** Pads every cell but the last to its column's width. */
function padRow(row: string[], widths: number[]): string[] {
  return row.map((cell, i) => (i === row.length - 1 ? cell : padColumns(cell, widths[i] ?? 0)));
}

/** The servers in columns; with `tokens`, a TOKENS column: what each server's tool definitions cost in a model's context. */
export function statusTable(servers: readonly ServerState[], stream: NodeJS.WriteStream, tokens?: (server: ServerState) => number | undefined): string {
  const paint = painter(stream);
  const lines: string[] = [];
  const tokenCell = (s: ServerState) => (tokens ? [s.status === 'connected' ? String(tokens(s) ?? '-') : '-'] : []);
  const rows = [['NAME', 'STATUS', 'TRANSPORT', 'PROTOCOL', 'TOOLS', ...(tokens ? ['TOKENS'] : []), 'SOURCE'], ...servers.map((s) => [
    sanitizeLine(s.name),
    [badgeText(s.status), restartNote(s.restart, s.status)].filter(Boolean).join(' · '),
    // ⛨: sandboxed (status --json has what it was refused).
    `${s.transport ?? '-'}${s.sandbox && !s.sandbox.unavailable ? ` ⛨${s.sandbox.blocked ? ` ${s.sandbox.blocked} blocked` : ''}` : ''}`,
    s.status === 'connected' && s.protocolVersion ? sanitizeLine(s.protocolVersion) : '-',
    s.status === 'connected' ? String(s.tools.length) : '-',
    ...tokenCell(s),
    s.source.label,
  ])];
  const widths = columnWidths(rows);
  rows.forEach((row, index) => {
    const server = servers[index - 1];
    const cells = padRow(row, widths);
    if (server) cells[1] = paint(statusStyle(server.status), cells[1]!);
    const line = cells.join('  ').trimEnd();
    lines.push(server ? line : paint('bold', line));
    if (server?.error) lines.push(`  ${paint('dim', '└')} ${sanitizeLine(server.error)}`);
    else if (server?.status === 'connected' && server.fallback) lines.push(`  ${paint('dim', '└')} ${sanitizeLine(server.fallback)}`);
    // What approving it would let run, exactly: the person decides from this.
    if (server?.status === 'needs-approval' && server.approval?.runs) {
      for (const line of whatRunsLines(server.approval.runs)) lines.push(`  ${paint('dim', '└')} ${sanitizeLine(line)}`);
    }
  });
  return lines.join('\n');
}

export function summary(servers: readonly ServerState[]): string {
  return statusSummary(servers.map((s) => s.status));
}

/** The widest of `texts` in terminal columns, at least `least`: a loop, as a spread of 130,000 arguments overflows the stack. */
function widest(texts: Iterable<string>, least: number): number {
  let width = least;
  for (const text of texts) width = Math.max(width, columnsOf(text));
  return width;
}

/**
 * Each tool, its title (cut at 30 columns), its tags (and, given `tokens`, its
 * definition's token count), its description's first line under it.
 */
export function toolsTable(tools: ToolInfo[], stream: NodeJS.WriteStream, tokens?: (tool: ToolInfo) => number | undefined): string {
  const paint = painter(stream);
  const width = widest(tools.map((t) => sanitizeLine(t.name)), 4);
  const titles = tools.map((t) => truncate(sanitizeLine(toolTitle(t) ?? ''), 30));
  const titleWidth = widest(titles, 0);
  return tools
    .map((t, index) => {
      const title = titleWidth ? `${padColumns(titles[index]!, titleWidth)}  ` : '';
      const count = tokens?.(t);
      const task = taskTag(t);
      const tags = [
        ...(count === undefined ? [] : [`${count} tokens`]),
        ...(declaresWrites(t) ? ['[writes]'] : []),
        ...annotationTags(t).map(({ tag, declared }) => (declared ? `[${tag}]` : paint('dim', `[${tag}?]`))),
        ...(task ? [`[${task}]`] : []),
        ...(appResourceUri(t) ? ['[app]'] : []),
      ].join(' ');
      const description = truncate(sanitizeLine((t.description ?? '').split('\n')[0] ?? ''), 80);
      return `${padColumns(sanitizeLine(t.name), width)}  ${title}${tags}`.trimEnd() + `${description ? `\n${' '.repeat(width + 2)}${paint('dim', description)}` : ''}`;
    })
    .join('\n');
}

/** One row of an item list. */
export interface ListRow {
  label: string;
  extra?: string;
  description?: string;
}

/** A list of named things: the name padded, what else matters beside it, the description dimmed below. */
export function itemList(items: ListRow[], stream: NodeJS.WriteStream): string {
  const paint = painter(stream);
  const labels = items.map((i) => sanitizeLine(i.label));
  const width = Math.min(60, widest(labels, 4));
  return items
    .map((item, index) => {
      const label = labels[index]!;
      const pad = ' '.repeat(Math.max(0, width - columnsOf(label)));
      const extra = item.extra ? `  ${sanitizeLine(item.extra)}` : '';
      const description = truncate(sanitizeLine((item.description ?? '').split('\n')[0] ?? ''), 80);
      return `${label}${extra ? pad + extra : ''}${description ? `\n${' '.repeat(2)}${paint('dim', description)}` : ''}`;
    })
    .join('\n');
}
