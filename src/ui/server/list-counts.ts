import type { ServerState } from '../../core/servers/state.js';

/** What each list tab holds, counted as the tab lists it: Resources lists the templates too. */
export function listCounts(server: ServerState): { Tools: number; Resources: number; Prompts: number } {
  return { Tools: server.tools.length, Resources: server.resources.length + server.resourceTemplates.length, Prompts: server.prompts.length };
}
