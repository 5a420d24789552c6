import picomatch from 'picomatch';
import type { Tool } from '../mcp/types.js';
import type { ToolFilter } from '../config/types.js';
import { taskSupport } from '../mcp/task-wire.js';

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

export type AnnotationTag = 'read-only' | 'destructive' | 'open-world' | 'idempotent';

/**
 * The annotation tags with the spec's defaults applied: an unannotated tool may destroy
 * and may reach the outside world. `declared` tells a server's claim from a default.
 * These are hints from the server, never verified: nothing may rely on them for safety.
 */
export function annotationTags(tool: Pick<Tool, 'annotations'>): { tag: AnnotationTag; declared: boolean }[] {
  const a = tool.annotations ?? {};
  const readOnly = a.readOnlyHint === true;
  const tags: { tag: AnnotationTag; declared: boolean }[] = [];
  if (readOnly) tags.push({ tag: 'read-only', declared: true });
  if (!readOnly && a.destructiveHint !== false) tags.push({ tag: 'destructive', declared: a.destructiveHint === true });
  if (a.openWorldHint !== false) tags.push({ tag: 'open-world', declared: a.openWorldHint === true });
  if (a.idempotentHint === true) tags.push({ tag: 'idempotent', declared: true });
  return tags;
}

/** Asks before calling: anything not declared read-only may be destructive. */
export function mayDestroy(tool: Pick<Tool, 'annotations'>): boolean {
  return annotationTags(tool).some((t) => t.tag === 'destructive');
}

/** The tag a task-capable tool carries (2025-11-25 `execution.taskSupport`), or none. */
export function taskTag(tool: Pick<Tool, 'execution'>): 'task' | 'task required' | undefined {
  const support = taskSupport(tool);
  return support === 'required' ? 'task required' : support === 'optional' ? 'task' : undefined;
}
