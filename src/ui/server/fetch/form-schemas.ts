import type { Deck } from '../../../core/deck.js';
import type { Prompt, ResourceTemplate } from '../../../core/mcp/types.js';
import type { ServerState } from '../../../core/servers/state.js';
import { UriTemplate } from '../../../core/mcp/types.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import type { Suggest } from '../../widgets/form/state/suggestions.js';

export interface StringFormSchema {
  type: 'object';
  properties: Record<string, { type: 'string'; title?: string; description?: string }>;
  required: string[];
}

/** Query-style expressions ({?q}, {&page}) may be left out; path parts may not. */
function optionalVariables(template: string): Set<string> {
  const optional = new Set<string>();
  for (const [, op, names] of template.matchAll(/\{([?&]?)([^}]*)\}/g)) {
    if (op) for (const name of names!.split(',')) optional.add(name.replace(/(\*|:\d+)$/, '').trim());
  }
  return optional;
}

/** A form for a template's variables: one string each. Throws on a template the SDK cannot parse. */
export function templateForm(template: ResourceTemplate): { schema: StringFormSchema; expand: (args: Record<string, unknown>) => string } {
  const parsed = new UriTemplate(template.uriTemplate);
  const optional = optionalVariables(template.uriTemplate);
  const names = [...new Set(parsed.variableNames)];
  const schema: StringFormSchema = {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string' as const, title: sanitizeLine(name) }])),
    required: names.filter((n) => !optional.has(n)),
  };
  return { schema, expand: (args) => parsed.expand(strings(args)) };
}

/** A form for a prompt's arguments: strings, the required ones marked. */
export function promptSchema(prompt: Prompt): StringFormSchema {
  const args = prompt.arguments ?? [];
  return {
    type: 'object',
    properties: Object.fromEntries(args.map((a) => [a.name, {
      type: 'string' as const,
      ...(a.description && { description: sanitizeLine(a.description) }),
    }])),
    required: args.filter((a) => a.required).map((a) => a.name),
  };
}

/** Form answers as the strings the protocol wants; empty optional fields left out. */
export function strings(args: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/**
 * Suggestions for a prompt's arguments or a template's variables from the server's
 * completion/complete, with the other fields as context; none when it does not offer completions.
 */
export function completer(deck: Deck, server: ServerState, ref: CompletionRef): Suggest | undefined {
  if (!server.capabilities?.completions) return undefined;
  return async ({ field, value, context }, signal) => {
    const { completion } = await deck.complete(server.name, {
      ref,
      argument: { name: field, value },
      ...(Object.keys(context).length && { context: { arguments: context } }),
    }, { signal });
    return completion;
  };
}
