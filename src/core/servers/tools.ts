import picomatch from 'picomatch';
import type { Tool } from '../mcp/types.js';
import type { ToolFilter } from '../config/types.js';
import { taskSupport } from '../mcp/task-wire.js';

export interface ToolInfo extends Tool {
  /** `mcp__<server>__<tool>`, the name agents know it by. */
  qualifiedName: string;
}

/** What a tool is called for people: its `title`, else its annotations' title; none when that is just its name. */
export function toolTitle(tool: { name: string; title?: string; annotations?: { title?: string } }): string | undefined {
  const title = tool.title ?? tool.annotations?.title;
  return title && title !== tool.name ? title : undefined;
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

/**
 * The tools the filter lets through, each with its qualified name. Never copied as
 * `{ ...tool, qualifiedName }`: V8 gives each object made by a spread with a property
 * after it a hidden class of its own (a map and its descriptors, about 260 bytes a tool,
 * 26 MB at 100,000 tools). A literal that starts with a property shares one. (Not
 * Object.assign either: it would set the prototype from an own `__proto__` key.)
 */
export function filterTools(server: string, tools: Tool[], filter: ToolFilter | undefined): { shown: ToolInfo[]; hidden: number } {
  const visible = toolMatcher(server, filter);
  const shown = tools.filter((t) => visible(t.name)).map((t): ToolInfo => ({ name: t.name, ...(t as Omit<Tool, 'name'>), qualifiedName: qualifiedName(server, t.name) }));
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

/** Declared destructive by the server (and not read-only): fuzzing leaves it out unless the person names it. */
export function declaredDestructive(tool: Pick<Tool, 'annotations'>): boolean {
  return tool.annotations?.destructiveHint === true && tool.annotations.readOnlyHint !== true;
}

/**
 * A tool that declares it is neither read-only nor destructive still changes something:
 * `[writes]`, so it does not look like a tool that declared nothing.
 */
export function declaresWrites(tool: Pick<Tool, 'annotations'>): boolean {
  return tool.annotations?.readOnlyHint === false && tool.annotations.destructiveHint === false;
}

/** URL schemes an icon may have: anything else (http:, file:, javascript:) could track, leak or run. */
const ICON_SCHEMES = ['https:', 'data:'];

export interface ToolIcons {
  /** Icons with an https: or data: URL: the tool is marked as having an icon. */
  accepted: NonNullable<Tool['icons']>;
  /** The schemes of the icons left out (`http:`, `file:`, or `not a URL`), one per icon. */
  ignored: string[];
}

/**
 * A tool's icons, checked: only https: and data: URLs are accepted (as the spec asks of
 * clients); the rest are ignored and said to be so. No icon is ever fetched or drawn.
 */
export function toolIcons(tool: Pick<Tool, 'icons'>): ToolIcons {
  const icons = Array.isArray(tool.icons) ? tool.icons : [];
  const accepted: ToolIcons['accepted'] = [];
  const ignored: string[] = [];
  for (const icon of icons) {
    const scheme = typeof icon?.src === 'string' && URL.canParse(icon.src) ? new URL(icon.src).protocol : 'not a URL';
    if (ICON_SCHEMES.includes(scheme)) accepted.push(icon);
    else ignored.push(scheme);
  }
  return { accepted, ignored };
}

/** The icons in a few words for the detail: how many, their types and sizes, and what was ignored and why. */
export function iconSummary(tool: Pick<Tool, 'icons'>): string | undefined {
  const { accepted, ignored } = toolIcons(tool);
  if (!accepted.length && !ignored.length) return undefined;
  const kinds = accepted.map((i) => [i.mimeType, i.sizes?.join(' '), i.theme, new URL(i.src).protocol.slice(0, -1)].filter(Boolean).join(' '));
  const parts = accepted.length ? [`${accepted.length} (${kinds.join('; ')})`] : ['none accepted'];
  const why = [...new Set(ignored)].map((scheme) => (scheme === 'not a URL' ? scheme : `${scheme} URL`)).join(', ');
  if (ignored.length) parts.push(`${ignored.length} ignored: ${why} (only https: and data: URLs are accepted)`);
  return parts.join(', ');
}
