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

/** A text's lines kept wrapped at most: past it, the memo starts again. */
const MEMO_LINES = 20_000;

/**
 * Rows already made, so the model's streaming costs each word, not the whole reply so far:
 * a turn that did not change (the snapshot keeps it) is not made again, and of the turn
 * that streams, only its last line is wrapped again (the lines before it are kept).
 */
export class RowCache {
  private width = -1;
  private turns = new WeakMap<Turn, ChatRow[]>();
  private readonly lines = new Map<string, string[]>();

  /** The rows of `turn`, made once for `width`. */
  rows(turn: Turn, width: number): ChatRow[] {
    if (width !== this.width) {
      this.width = width;
      this.turns = new WeakMap();
      this.lines.clear();
    }
    let rows = this.turns.get(turn);
    if (!rows) this.turns.set(turn, (rows = turnRows(turn, width, this)));
    return rows;
  }

  /** Text wrapped line by line; the last line of a text still streaming is not kept (each word makes a new one). */
  wrap(text: string, room: number, streaming: boolean): string[] {
    const lines = text.split('\n');
    return lines.flatMap((line, i) => {
      if (streaming && i === lines.length - 1) return wrapRows(line, room);
      let rows = this.lines.get(line);
      if (!rows) {
        if (this.lines.size >= MEMO_LINES) this.lines.clear();
        this.lines.set(line, (rows = wrapRows(line, room)));
      }
      return rows;
    });
  }
}

/** The turns as rows of `width` columns: each speaker's text wrapped, each tool call with its arguments, then its result. */
export function chatRows(turns: readonly Turn[], width: number, cache = new RowCache()): ChatRow[] {
  return turns.flatMap((turn) => cache.rows(turn, width));
}

function turnRows(turn: Turn, width: number, cache: RowCache): ChatRow[] {
  const room = Math.max(10, width - LABEL);
  switch (turn.kind) {
    case 'user':
      return wrapRows(turn.text, room).map((text, i) => ({ label: i ? undefined : 'you', labelTone: 'user', text }));
    case 'assistant': {
      const rows = cache.wrap(turn.text || (turn.streaming ? '' : '(no text)'), room, turn.streaming);
      return rows.map((text, i) => ({ label: i ? undefined : 'model', labelTone: 'model', text: turn.streaming && i === rows.length - 1 ? `${text}▍` : text }));
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
