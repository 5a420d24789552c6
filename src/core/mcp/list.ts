import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { Prompt, Resource, ResourceTemplate, Tool } from './types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { headerParamProblem } from './header-params.js';
import { truncate, formatCount } from '../../util/text.js';

const MAX_PAGES = 1000;
/** Past this many items a list stops: 200,000 tools of a few hundred bytes is already ~100 MB held. */
const MAX_ITEMS = 200_000;

export interface ListOptions extends RequestOptions {
  /** Leave out tools whose `x-mcp-header` declarations are unusable (2026-07-28 sessions). */
  checkHeaderParams?: boolean;
  /** Stop after this many items (default MAX_ITEMS). */
  maxItems?: number;
  /** Stop after this many pages (default MAX_PAGES). */
  maxPages?: number;
  /** Request `_meta`, sent with every page. */
  meta?: Record<string, unknown>;
}

export interface Listed<T> {
  items: T[];
  /** Why the list is not whole, in words for a person; unset when it is. */
  truncated?: string;
  /** How long the server says the list stays fresh (2026-07-28 `ttlMs`, capped at a day); unset when it says nothing. */
  ttlMs?: number;
}

/** A server cannot make a list fresh for ever: the SDK's cache caps hints at a day too. */
const MAX_TTL_MS = 24 * 60 * 60 * 1000;

function ttlOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(value, MAX_TTL_MS) : undefined;
}

interface Items {
  tools: Tool;
  resources: Resource;
  resourceTemplates: ResourceTemplate;
  prompts: Prompt;
}
export type ListKind = keyof Items;
export type ListItem<K extends ListKind> = Items[K];

// Asked page by page with client.request: the SDK's listTools() walks every page into one
// answer (at most 64 pages, then throws) and caches it; we bound lists ourselves and
// validate outputs lazily, per call. Each item is checked on its own and only as deep as
// the deck reads it: the SDK's schemas walk a tool's JSON Schema to the bottom (one
// 5,000 levels deep overflows the stack), and one malformed item would hide the rest.
const PAGE = z.looseObject({ nextCursor: z.string().optional() });
/** Any object: a result read no further (ping's). */
export const ANY_RESULT = z.looseObject({});
const LISTS = {
  tools: { method: 'tools/list', item: z.looseObject({ name: z.string(), inputSchema: z.looseObject({ type: z.literal('object') }) }), noun: 'tools' },
  resources: { method: 'resources/list', item: z.looseObject({ uri: z.string(), name: z.string() }), noun: 'resources' },
  resourceTemplates: { method: 'resources/templates/list', item: z.looseObject({ uriTemplate: z.string(), name: z.string() }), noun: 'resource templates' },
  prompts: { method: 'prompts/list', item: z.looseObject({ name: z.string() }), noun: 'prompts' },
} as const;

/** The request that asks for each list. */
export const LIST_METHODS = Object.fromEntries(Object.entries(LISTS).map(([kind, { method }]) => [kind, method])) as Record<ListKind, string>;

/**
 * Every page of one list, following nextCursor, within bounds: at most `maxItems` items
 * and `maxPages` pages, and never a cursor twice. Hitting a bound keeps what was listed
 * and says so in `truncated`. Each page is its own request, so `timeout` is per page.
 */
export async function listAll<K extends ListKind>(client: Client, kind: K, options: ListOptions = {}): Promise<Listed<Items[K]>> {
  const { maxItems = MAX_ITEMS, maxPages = MAX_PAGES, checkHeaderParams, meta, ...request } = options;
  const { method, item, noun } = LISTS[kind];
  const items: Items[K][] = [];
  const skipped: string[] = [];
  let ttlMs: number | undefined;
  const listed = (truncated?: string): Listed<Items[K]> => {
    const notes = [truncated, skipped.length ? skippedNote(skipped, noun) : undefined].filter(Boolean);
    return { items, ...(notes.length && { truncated: notes.join('; ') }), ...(ttlMs !== undefined && { ttlMs }) };
  };
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page === maxPages) {
      return listed(`stopped after ${formatCount(maxPages)} pages: the server kept sending a next cursor (${formatCount(items.length)} ${noun} listed)`);
    }
    const params = cursor === undefined && !meta ? undefined : { ...(cursor !== undefined && { cursor }), ...(meta && { _meta: meta }) };
    const result: Record<string, unknown> & { nextCursor?: string } = await client.request({ method, params }, PAGE, request);
    // The first page's hint stands for the list: it is fetched again as a whole.
    if (page === 0) ttlMs = ttlOf(result.ttlMs);
    const got: unknown[] = Array.isArray(result[kind]) ? (result[kind] as unknown[]) : [];
    const room = maxItems - items.length;
    // One by one: push(...page) with a page of 100,000+ items overflows the call stack.
    for (let i = 0; i < got.length && items.length < maxItems; i++) {
      const checked = item.safeParse(got[i]);
      const position = items.length + skipped.length + 1;
      const headers = checked.success && kind === 'tools' && checkHeaderParams ? headerParamProblem(checked.data.inputSchema) : undefined;
      if (!checked.success) skipped.push(describeSkip(got[i], position, checked.error.issues));
      else if (headers) skipped.push(describeSkip(got[i], position, [{ path: ['inputSchema'], message: headers }]));
      else items.push(checked.data as unknown as Items[K]);
    }
    cursor = result.nextCursor;
    if (got.length > room || (items.length >= maxItems && cursor)) {
      return listed(`the server offers more than ${formatCount(maxItems)} ${noun}; only the first ${formatCount(maxItems)} are listed`);
    }
    if (!cursor) return listed();
    if (seen.has(cursor)) {
      return listed(`stopped at a next cursor the server had sent before (it would loop for ever); ${formatCount(items.length)} ${noun} listed`);
    }
    seen.add(cursor);
  }
}

/** "item 3 \"broken\": inputSchema.type: …" — which item, and what is wrong with it. */
function describeSkip(value: unknown, position: number, issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const name = typeof (value as { name?: unknown } | null)?.name === 'string' ? ` "${sanitizeLine(truncate((value as { name: string }).name, 40))}"` : '';
  const first = issues[0];
  const what = first ? `${first.path.map(String).join('.') || '(item)'}: ${first.message}` : 'not valid';
  return `item ${position}${name} (${truncate(sanitizeLine(what), 80)})`;
}

function skippedNote(skipped: string[], noun: string): string {
  const shown = skipped.slice(0, 3).join(', ');
  const more = skipped.length > 3 ? ` and ${formatCount(skipped.length - 3)} more` : '';
  // "1 malformed tool", "2 malformed resource templates".
  const named = skipped.length === 1 ? noun.replace(/s$/, '') : noun;
  return `${formatCount(skipped.length)} malformed ${named} left out: ${shown}${more}`;
}
