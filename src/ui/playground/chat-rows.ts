import type { ToolTurn, Turn } from '../../core/models/conversation.js';
import { resultForModel } from '../../core/models/toolset.js';
import { cutJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { formatDuration, truncate } from '../../util/text.js';
import { wrapRows } from '../widgets/text/wrap.js';

/** How a row reads: the theme colour it takes. */
export type Tone = 'user' | 'model' | 'tool' | 'error' | 'warning' | 'success' | 'muted';

/** One row of the conversation as drawn, already sanitized and no wider than the view. */
export interface ChatRow {
  /** The speaker (or a tool call's status mark), on the first row of a turn. */
  label?: string;
  labelTone?: Tone;
  text: string;
  tone?: Tone;
  /** A tool call's first row: its id, for picking it. */
  call?: string;
}

/** The label column: `you`, `model`, a tool call's status mark. */
export const LABEL = 7;
/** A tool's result shows this many rows at most; the whole result opens in the pager. */
const RESULT_ROWS = 3;

const MARK: Record<ToolTurn['status'], { mark: string; tone: Tone; word: string }> = {
  asking: { mark: '?', tone: 'warning', word: 'waiting for you' },
  running: { mark: '◌', tone: 'muted', word: 'running' },
  done: { mark: '✓', tone: 'success', word: 'done' },
  failed: { mark: '✗', tone: 'error', word: 'failed' },
  denied: { mark: '⊘', tone: 'warning', word: 'not run' },
};

/** A tool call on one line: `server/tool {"arg":…}`, sanitized. */
export function callLine(turn: Pick<ToolTurn, 'server' | 'tool' | 'args'>): string {
  return `${sanitizeLine(turn.server || '?')}/${sanitizeLine(turn.tool)} ${sanitizeLine(cutJson(turn.args))}`;
}

/** How a tool call ended, in words: `done in 3 ms`, `not run: stopped`. */
export function endWords(turn: ToolTurn): string {
  const { word } = MARK[turn.status];
  const took = turn.outcome ? ` in ${formatDuration(turn.outcome.durationMs)}` : '';
  if (turn.status === 'failed' && !turn.error) return `the tool returned an error${took}`;
  return `${word}${took}${turn.error ? `: ${sanitizeLine(turn.error)}` : ''}`;
}

/** A result as the model read it: its text, other blocks said in words. */
export function resultText(turn: ToolTurn): string | undefined {
  return turn.outcome ? resultForModel(turn.outcome.result).value : undefined;
}

function toolRows(turn: ToolTurn, width: number): ChatRow[] {
  const { mark, tone } = MARK[turn.status];
  const room = Math.max(10, width - LABEL);
  const rows: ChatRow[] = [{ label: mark, labelTone: tone, text: truncate(callLine(turn), room), tone: 'tool', call: turn.id }];
  const text = resultText(turn);
  if (turn.status === 'asking' || turn.status === 'running') return rows;
  if (text === undefined) return [...rows, { text: `  ${truncate(endWords(turn), room - 2)}`, tone }];
  const result = wrapRows(text, room - 2);
  const shown = result.slice(0, RESULT_ROWS).map((row, i) => ({ text: `${i ? '  ' : '→ '}${row}`, tone: turn.status === 'failed' ? ('error' as const) : undefined }));
  const more = result.length - shown.length;
  return [...rows, ...shown, { text: `  ${endWords(turn)}${more ? ` · ${more} more lines (tab, then enter: the whole result)` : ''}`, tone: 'muted' }];
}

/** Rows already made, per turn: a turn that did not change (the snapshot keeps it) is not wrapped again for each word streamed. */
export type RowCache = WeakMap<Turn, { width: number; rows: ChatRow[] }>;

/** The turns as rows of `width` columns: each speaker's text wrapped, each tool call with its arguments, then its result. */
export function chatRows(turns: readonly Turn[], width: number, cache: RowCache = new WeakMap()): ChatRow[] {
  return turns.flatMap((turn) => {
    const kept = cache.get(turn);
    if (kept?.width === width) return kept.rows;
    const rows = turnRows(turn, width);
    cache.set(turn, { width, rows });
    return rows;
  });
}

function turnRows(turn: Turn, width: number): ChatRow[] {
  const room = Math.max(10, width - LABEL);
  switch (turn.kind) {
    case 'user':
      return wrapRows(turn.text, room).map((text, i) => ({ label: i ? undefined : 'you', labelTone: 'user', text }));
    case 'assistant': {
      const rows = wrapRows(turn.text || (turn.streaming ? '' : '(no text)'), room);
      if (turn.streaming) rows[rows.length - 1] += '▍';
      return rows.map((text, i) => ({ label: i ? undefined : 'model', labelTone: 'model', text }));
    }
    case 'tool':
      return toolRows(turn, width);
    case 'error':
      return wrapRows(turn.text, room).map((text, i) => ({ label: i ? undefined : '✗', labelTone: 'error', text, tone: 'error' }));
  }
}

/** The first row of each tool call, by its id. */
export function callRows(rows: readonly ChatRow[]): Map<string, number> {
  const at = new Map<string, number>();
  rows.forEach((row, i) => row.call !== undefined && at.set(row.call, i));
  return at;
}
