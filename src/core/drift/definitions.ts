import { createHash } from 'node:crypto';
import type { ServerDefinition } from '../config/types.js';
import type { ServerState } from '../servers/state.js';
import { isRecord } from '../../util/is-record.js';
import { pruneDeep } from '../../util/json-depth.js';

/** Levels of a definition kept and compared: deeper is kept as a marker of its depth (a schema 10,000 deep would overflow the stack). */
const KEPT_DEPTH = 64;

/** The three lists whose definitions a server's users rely on: what an agent is told about each. */
export type DefinitionKind = 'tool' | 'prompt' | 'template';
export const DEFINITION_KINDS: readonly DefinitionKind[] = ['tool', 'prompt', 'template'];

/** One definition as compared: only the fields that say what it is and does (JSON values). */
export type DefinitionBody = Record<string, unknown>;

/**
 * A server's definitions by kind, each by its key (a tool's or prompt's name, a
 * template's URI template). A kind is absent when it was not listed (a command that
 * lists only tools knows nothing of the prompts): it is neither compared nor recorded.
 */
export type DefinitionSet = Partial<Record<DefinitionKind, Record<string, DefinitionBody>>>;

/** Keeps the fields of `item` that are set, in the given order. */
function pick(item: object, fields: readonly string[]): DefinitionBody {
  const source = item as Record<string, unknown>;
  const body: DefinitionBody = {};
  for (const field of fields) if (source[field] !== undefined) body[field] = pruneDeep(source[field], KEPT_DEPTH);
  return body;
}

const TOOL_FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;
const PROMPT_FIELDS = ['title', 'description', 'arguments'] as const;
const TEMPLATE_FIELDS = ['name', 'title', 'description', 'mimeType'] as const;

/** Which lists a state holds: those the deck asked for. A server without a capability holds it empty, which counts (all removed). */
export type ListedKinds = readonly DefinitionKind[];

/** The definitions in a connected server's state, for the kinds listed. */
export function definitionsOf(state: Pick<ServerState, 'tools' | 'prompts' | 'resourceTemplates'>, kinds: ListedKinds): DefinitionSet {
  const set: DefinitionSet = {};
  if (kinds.includes('tool')) set.tool = Object.fromEntries(state.tools.map((t) => [t.name, pick(t, TOOL_FIELDS)]));
  if (kinds.includes('prompt')) set.prompt = Object.fromEntries(state.prompts.map((p) => [p.name, pick(p, PROMPT_FIELDS)]));
  if (kinds.includes('template')) set.template = Object.fromEntries(state.resourceTemplates.map((r) => [r.uriTemplate, pick(r, TEMPLATE_FIELDS)]));
  return set;
}

/** A definition set read from a file: anything not shaped like one is left out. */
export function parseDefinitionSet(value: unknown): DefinitionSet {
  const set: DefinitionSet = {};
  if (!isRecord(value)) return set;
  for (const kind of DEFINITION_KINDS) {
    const items = value[kind];
    if (!isRecord(items)) continue;
    set[kind] = Object.fromEntries(Object.entries(items).filter((entry): entry is [string, DefinitionBody] => isRecord(entry[1])));
  }
  return set;
}

/**
 * Who a server is, for remembering its definitions across runs and configurations:
 * a remote server by its URL without query or fragment (as its sign-in is kept by
 * URL); a server defined in a file by that file, the servers map in it and its name
 * (as its approval is); one from the command line by what it runs. Kept as a hash:
 * a command line or a URL can hold a secret.
 */
export function serverIdentity(def: ServerDefinition): string {
  const { config, source } = def;
  let who: unknown[];
  if (config && (config.type === 'http' || config.type === 'sse')) who = ['url', withoutQuery(config.url)];
  else if (source.path) who = ['file', source.path, def.approval?.at ?? [], def.name];
  else if (config?.type === 'stdio') who = ['run', config.command, config.args, config.cwd ?? ''];
  else if (config?.type === 'inprocess') who = ['module', config.module, config.export ?? ''];
  else who = [source.kind, source.label, def.name];
  return `sha256:${createHash('sha256').update(JSON.stringify(who)).digest('hex')}`;
}

function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}
