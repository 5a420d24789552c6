import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Prompt, Resource, ResourceTemplate, Tool } from '@modelcontextprotocol/sdk/types.js';

const MAX_PAGES = 1000;

/** Follows nextCursor until the last page (the SDK returns one page per call). */
async function allPages<T>(fetchPage: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    // A server that repeats a cursor would loop forever.
    if (!cursor || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return items;
}

export const listTools = (client: Client): Promise<Tool[]> =>
  allPages(async (cursor) => {
    const r = await client.listTools(cursor ? { cursor } : undefined);
    return { items: r.tools, nextCursor: r.nextCursor };
  });

export const listResources = (client: Client): Promise<Resource[]> =>
  allPages(async (cursor) => {
    const r = await client.listResources(cursor ? { cursor } : undefined);
    return { items: r.resources, nextCursor: r.nextCursor };
  });

export const listResourceTemplates = (client: Client): Promise<ResourceTemplate[]> =>
  allPages(async (cursor) => {
    const r = await client.listResourceTemplates(cursor ? { cursor } : undefined);
    return { items: r.resourceTemplates, nextCursor: r.nextCursor };
  });

export const listPrompts = (client: Client): Promise<Prompt[]> =>
  allPages(async (cursor) => {
    const r = await client.listPrompts(cursor ? { cursor } : undefined);
    return { items: r.prompts, nextCursor: r.nextCursor };
  });
