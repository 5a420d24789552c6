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

// Tool names are not paths: `*` must match across "/" and leading dots too, so both
// the names and the globs are matched with "/" swapped for a character neither uses.
const SLASH = '\u{E000}';
const unslash = (text: string) => text.replaceAll('/', SLASH);

function matcher(globs: string[] | undefined): ((name: string) => boolean) | undefined {
  return globs?.length ? picomatch(globs.map(unslash), { dot: true }) : undefined;
}

/**
 * Builds a predicate from allow/block globs over the plain or the qualified name:
 * allow (if any) must match, block must not.
 */
export function toolMatcher(server: string, filter: ToolFilter | undefined): (name: string) => boolean {
  const allow = matcher(filter?.allow);
  const block = matcher(filter?.block);
  return (name) => {
    const names = [unslash(name), unslash(qualifiedName(server, name))];
    return (!allow || names.some(allow)) && !(block && names.some(block));
  };
}

export function filterTools(server: string, tools: Tool[], filter: ToolFilter | undefined): { shown: ToolInfo[]; hidden: number } {
  const visible = toolMatcher(server, filter);
  const shown = tools.filter((t) => visible(t.name)).map((t) => ({ ...t, qualifiedName: qualifiedName(server, t.name) }));
  return { shown, hidden: tools.length - shown.length };
}
