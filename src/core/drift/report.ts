import type { Change } from 'diff';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import type { DriftItem, ServerDrift } from './compare.js';
import type { DefinitionBody, DefinitionKind } from './definitions.js';

/** Runs of unchanged lines longer than this are folded to a line that says how many. */
const CONTEXT = 3;
/** Past this many edits the two versions are shown whole, one after the other (a diff would cost too much). */
const MAX_EDITS = 4000;

type DiffLines = (a: string, b: string, options: { maxEditLength: number }) => Change[] | undefined;

const KIND_NAMES: Record<DefinitionKind, string> = { tool: 'tool', prompt: 'prompt', template: 'resource template' };

const fieldText = (field: string, value: unknown): string => (value === undefined ? '' : field === 'description' && typeof value === 'string' ? value : terminalJson(value, 2));

/** `- ` old lines, `+ ` new ones, two spaces for the same; long unchanged runs folded. */
function diffText(diffLines: DiffLines, before: string, after: string): string[] {
  const changes = diffLines(before, after, { maxEditLength: MAX_EDITS });
  if (!changes) return [...before.split('\n').map((l) => `- ${l}`), ...after.split('\n').map((l) => `+ ${l}`)];
  const out: string[] = [];
  changes.forEach((change, i) => {
    const lines = change.value.replace(/\n$/, '').split('\n');
    if (change.added || change.removed) return void out.push(...lines.map((l) => `${change.added ? '+' : '-'} ${l}`));
    const head = i === 0 ? 0 : CONTEXT;
    const tail = i === changes.length - 1 ? 0 : CONTEXT;
    if (lines.length <= head + tail + 1) return void out.push(...lines.map((l) => `  ${l}`));
    out.push(...lines.slice(0, head).map((l) => `  ${l}`), `  ⋯ ${lines.length - head - tail} unchanged lines`, ...lines.slice(lines.length - tail).map((l) => `  ${l}`));
  });
  return out;
}

function whole(body: DefinitionBody, mark: '+' | '-'): string[] {
  return Object.entries(body).flatMap(([field, value]) => [`${field}:`, ...fieldText(field, value).split('\n').map((l) => `${mark} ${l}`)]);
}

/** The heading of one item: `tool search: changed (description, inputSchema)`. */
function itemHeading(item: DriftItem): string {
  const what = item.change === 'changed' ? `changed (${item.fields.join(', ')})` : item.change;
  // One line whatever the name holds: a newline in it must not pass for a heading of its own.
  return `${KIND_NAMES[item.kind]} ${sanitizeLine(item.key)}: ${what}${item.called ? '  ⚠ you have called this tool before' : ''}`;
}

function itemLines(diffLines: DiffLines, item: DriftItem): string[] {
  const head = `── ${itemHeading(item)} ──`;
  if (item.change === 'new') return [head, ...whole(item.after!, '+')];
  if (item.change === 'removed') return [head, ...whole(item.before!, '-')];
  const fields = item.fields.flatMap((field) => [`${field}:`, ...diffText(diffLines, fieldText(field, item.before![field]), fieldText(field, item.after![field]))]);
  return [head, ...fields];
}

/**
 * The drift of one server as text for the pager or the terminal: per definition, what
 * changed, with `-` for the version accepted and `+` for the one the server gives now.
 * Raw server text: the pager sanitizes what it draws, the CLI each line it prints.
 */
export async function driftReport(server: string, drift: ServerDrift): Promise<string> {
  // The diff library loads when a report is asked for.
  const { diffLines } = await import('diff');
  const called = drift.calledChanged ? [`⚠ ${drift.calledChanged} of them ${drift.calledChanged === 1 ? 'is a tool' : 'are tools'} you have called before: read ${drift.calledChanged === 1 ? 'its' : 'their'} new definition before calling again.`] : [];
  const head = [`${sanitizeLine(server)}: ${drift.items.length} definition${drift.items.length === 1 ? '' : 's'} changed since you accepted them (- accepted, + now)`, ...called, ''];
  return [...head, ...drift.items.flatMap((item) => [...itemLines(diffLines as DiffLines, item), ''])].join('\n');
}
