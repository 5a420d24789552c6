import type { Deck } from '../../../core/deck.js';
import type { ServerState } from '../../../core/servers/state.js';
import type { Suggest } from '../../widgets/form/suggestions.js';

type Ref = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/**
 * Suggestions for a prompt's arguments or a template's variables from the server's
 * completion/complete, with the other fields as context; none when it does not offer completions.
 */
export function completer(deck: Deck, server: ServerState, ref: Ref): Suggest | undefined {
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
