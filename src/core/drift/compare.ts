import { definitionsHash } from '../config/approvals.js';
import { DEFINITION_KINDS, type DefinitionBody, type DefinitionKind, type DefinitionSet } from './definitions.js';

type DriftChange = 'new' | 'changed' | 'removed';

/** One definition that is not as the person last accepted it. */
export interface DriftItem {
  kind: DefinitionKind;
  /** A tool's or prompt's name, a template's URI template. */
  key: string;
  change: DriftChange;
  /** For `changed`: the fields that differ (`description`, `inputSchema`, ...). */
  fields: string[];
  before?: DefinitionBody;
  after?: DefinitionBody;
  /** A tool the person has called before: a change to it matters most. */
  called?: boolean;
}

/** What a server's definitions look like against the accepted ones. */
export interface ServerDrift {
  items: DriftItem[];
  counts: Record<DriftChange, number>;
  /** Changed or removed tools the person has called before. */
  calledChanged: number;
}

const same = (a: unknown, b: unknown) => definitionsHash(a ?? null) === definitionsHash(b ?? null);

export interface CompareOptions {
  /** Whether the person has called this tool before (recent arguments kept for it). */
  called?: (tool: string) => boolean;
  /** A removed definition the person could not see anyway (a tool the tools filter hides) is not counted. */
  shown?: (kind: DefinitionKind, key: string) => boolean;
}

/** Compares the kinds both sets hold; new first, then changed, then removed, each by key. */
export function compareDefinitions(accepted: DefinitionSet, current: DefinitionSet, options: CompareOptions = {}): ServerDrift {
  const items: DriftItem[] = [];
  for (const kind of DEFINITION_KINDS) {
    const before = accepted[kind];
    const after = current[kind];
    if (!before || !after) continue;
    for (const [key, body] of Object.entries(after)) {
      const old = before[key];
      if (!old) items.push({ kind, key, change: 'new', fields: [], after: body });
      else if (!same(old, body)) items.push({ kind, key, change: 'changed', fields: changedFields(old, body), before: old, after: body });
    }
    for (const [key, body] of Object.entries(before)) {
      if (!(key in after) && (options.shown?.(kind, key) ?? true)) items.push({ kind, key, change: 'removed', fields: [], before: body });
    }
  }
  for (const item of items) if (item.kind === 'tool' && item.change !== 'new' && options.called?.(item.key)) item.called = true;
  const order: Record<DriftChange, number> = { changed: 0, new: 1, removed: 2 };
  items.sort((a, b) => Number(Boolean(b.called)) - Number(Boolean(a.called)) || order[a.change] - order[b.change] || DEFINITION_KINDS.indexOf(a.kind) - DEFINITION_KINDS.indexOf(b.kind) || a.key.localeCompare(b.key));
  const counts = { new: 0, changed: 0, removed: 0 };
  for (const item of items) counts[item.change]++;
  return { items, counts, calledChanged: items.filter((i) => i.called).length };
}

function changedFields(before: DefinitionBody, after: DefinitionBody): string[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.filter((f) => !same(before[f], after[f]));
}

/** "2 changed, 1 new", or '' for none. */
export function driftSummary(drift: ServerDrift | undefined): string {
  if (!drift?.items.length) return '';
  return (['changed', 'new', 'removed'] as const).filter((c) => drift.counts[c]).map((c) => `${drift.counts[c]} ${c}`).join(', ');
}

/** One kind's part of a server's drift: its items by key (for marking rows), and what was removed (no row to mark). */
export interface KindDrift {
  byKey: ReadonlyMap<string, DriftItem>;
  removed: string[];
  counts: Record<DriftChange, number>;
}

export function kindDrift(drift: ServerDrift | undefined, kind: DefinitionKind): KindDrift | undefined {
  const items = drift?.items.filter((i) => i.kind === kind) ?? [];
  if (!items.length) return undefined;
  const counts = { new: 0, changed: 0, removed: 0 };
  for (const item of items) counts[item.change]++;
  return { byKey: new Map(items.map((i) => [i.key, i])), removed: items.filter((i) => i.change === 'removed').map((i) => i.key), counts };
}
