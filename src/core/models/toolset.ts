import { createHash } from 'node:crypto';
import type { CallToolResult, Tool } from '../mcp/types.js';
import { annotationTags } from '../servers/tools.js';
import { cutJson } from '../../util/json.js';

/** A server's tool as a model sees it: under a name every model API takes. */
export interface ModelTool {
  /** The function name sent to the model: `^[a-zA-Z0-9_-]{1,64}$`, unique in the set. */
  name: string;
  server: string;
  tool: Tool;
}

/** OpenAI's and Anthropic's function names: letters, digits, `_` and `-`, at most 64. */
const MAX_NAME = 64;

function modelName(text: string, taken: Set<string>): string {
  let name = text.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (name.length > MAX_NAME || taken.has(name)) {
    const tag = createHash('sha256').update(text).digest('hex').slice(0, 6);
    name = `${name.slice(0, MAX_NAME - 7)}_${tag}`;
  }
  taken.add(name);
  return name;
}

/**
 * The tools of the servers picked, named for the model: a tool's own name with one server,
 * `server__tool` with several (as agents prefix them), each changed only as far as the
 * model APIs need; the table maps the model's name back to the server and tool.
 */
export function modelTools(servers: readonly { name: string; tools: readonly Tool[] }[]): ModelTool[] {
  const taken = new Set<string>();
  const prefix = servers.length > 1;
  return servers.flatMap(({ name: server, tools }) => tools.map((tool) => ({ name: modelName(prefix ? `${server}__${tool.name}` : tool.name, taken), server, tool })));
}

/**
 * Whether a model's call of this tool waits for the person: the rule of a hand call and
 * more, as a model chooses its own arguments. Anything that may change something, and
 * anything that may reach the outside world (where a model could send what it read), asks
 * first: only a tool declared read-only and closed-world runs at once. Annotations are the
 * server's claims: this is a courtesy to the person, never a sandbox.
 */
export function needsApproval(tool: Pick<Tool, 'annotations'>): boolean {
  const tags = annotationTags(tool).map((t) => t.tag);
  return !tags.includes('read-only') || tags.includes('open-world');
}

/** The input schema as the model APIs take it: an object at the root. */
export function parametersOf(tool: Tool): Record<string, unknown> {
  const schema = (tool.inputSchema ?? {}) as Record<string, unknown>;
  return { ...schema, type: 'object', properties: schema.properties ?? {} };
}

/** What the model reads of a result: at most this many characters. */
const RESULT_CHARS = 50_000;

/** A tool result as the model is given it: its text, other blocks said in words, structured content as JSON, capped. */
export function resultForModel(result: CallToolResult): { type: 'text' | 'error-text'; value: string } {
  const parts: string[] = [];
  for (const block of result.content ?? []) {
    if (block.type === 'text') parts.push(block.text);
    else if (block.type === 'resource') parts.push('text' in block.resource ? String(block.resource.text) : `[resource ${block.resource.uri}]`);
    else if (block.type === 'resource_link') parts.push(`[resource link ${block.uri}]`);
    else parts.push(`[${block.type}${'mimeType' in block ? ` ${String(block.mimeType)}` : ''}]`);
  }
  if (!parts.length && result.structuredContent) parts.push(cutJson(result.structuredContent));
  let value = parts.join('\n') || '(no content)';
  if (value.length > RESULT_CHARS) value = `${value.slice(0, RESULT_CHARS)}\n[cut: ${value.length - RESULT_CHARS} more characters]`;
  return { type: result.isError ? 'error-text' : 'text', value };
}
