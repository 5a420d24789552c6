import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ListToolsResultSchema,
  type ClientRequest,
  type Prompt,
  type Resource,
  type ResourceTemplate,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

export const MAX_PAGES = 1000;
/** Past this many items a list stops: 200,000 tools of a few hundred bytes is already ~100 MB held. */
export const MAX_ITEMS = 200_000;

export interface ListOptions extends RequestOptions {
  /** Stop after this many items (default MAX_ITEMS). */
  maxItems?: number;
  /** Stop after this many pages (default MAX_PAGES). */
  maxPages?: number;
}

export interface Listed<T> {
  items: T[];
  /** Why the list is not whole, in words for a person; unset when it is. */
  truncated?: string;
}

interface Items {
  tools: Tool;
  resources: Resource;
  resourceTemplates: ResourceTemplate;
  prompts: Prompt;
}
export type ListKind = keyof Items;

// Asked raw: client.listTools() compiles an Ajv validator for every tool's outputSchema
// (100,000 compiles, and a schema thousands deep overflows the stack); we validate
// outputs ourselves, lazily, per call.
const LISTS = {
  tools: { method: 'tools/list', schema: ListToolsResultSchema, noun: 'tools' },
  resources: { method: 'resources/list', schema: ListResourcesResultSchema, noun: 'resources' },
  resourceTemplates: { method: 'resources/templates/list', schema: ListResourceTemplatesResultSchema, noun: 'resource templates' },
  prompts: { method: 'prompts/list', schema: ListPromptsResultSchema, noun: 'prompts' },
} as const;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Every page of one list, following nextCursor, within bounds: at most `maxItems` items
 * and `maxPages` pages, and never a cursor twice. Hitting a bound keeps what was listed
 * and says so in `truncated`. Each page is its own request, so `timeout` is per page.
 */
export async function listAll<K extends ListKind>(client: Client, kind: K, options: ListOptions = {}): Promise<Listed<Items[K]>> {
  const { maxItems = MAX_ITEMS, maxPages = MAX_PAGES, ...request } = options;
  const { method, schema, noun } = LISTS[kind];
  const items: Items[K][] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page === maxPages) {
      return { items, truncated: `stopped after ${count(maxPages)} pages: the server kept sending a next cursor (${count(items.length)} ${noun} listed)` };
    }
    const params = cursor === undefined ? undefined : { cursor };
    const result = (await client.request({ method, params } as ClientRequest, schema, request)) as unknown as Record<string, unknown> & { nextCursor?: string };
    const got = (result[kind] ?? []) as Items[K][];
    const room = maxItems - items.length;
    // One by one: push(...page) with a page of 100,000+ items overflows the call stack.
    for (let i = 0; i < got.length && i < room; i++) items.push(got[i]!);
    cursor = result.nextCursor;
    if (got.length > room || (items.length >= maxItems && cursor)) {
      return { items, truncated: `the server offers more than ${count(maxItems)} ${noun}; only the first ${count(maxItems)} are listed` };
    }
    if (!cursor) return { items };
    if (seen.has(cursor)) {
      return { items, truncated: `stopped at a next cursor the server had sent before (it would loop for ever); ${count(items.length)} ${noun} listed` };
    }
    seen.add(cursor);
  }
}
