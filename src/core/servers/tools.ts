import picomatch from 'picomatch';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolFilter } from '../config/types.js';

export interface ToolInfo extends Tool {
  /** `mcp__<server>__<tool>`, the name agents know it by. */
  qualifiedName: string;
}

export function qualifiedName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/** Builds a predicate from allow/block globs: allow (if any) must match, block must not. */
export function toolMatcher(filter: ToolFilter | undefined): (name: string) => boolean {
  const allow = filter?.allow?.length ? picomatch(filter.allow) : undefined;
  const block = filter?.block?.length ? picomatch(filter.block) : undefined;
  return (name) => (!allow || allow(name)) && !(block && block(name));
}

export function filterTools(server: string, tools: Tool[], filter: ToolFilter | undefined): { shown: ToolInfo[]; hidden: number } {
  const visible = toolMatcher(filter);
  const shown = tools.filter((t) => visible(t.name)).map((t) => ({ ...t, qualifiedName: qualifiedName(server, t.name) }));
  return { shown, hidden: tools.length - shown.length };
}
