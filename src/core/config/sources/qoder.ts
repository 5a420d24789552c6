import { dropFields, headersOf, lostSettings, mapStrings, refuseCommon, stdioFields, toPlainVars, transportOf } from './convert.js';
import type { ClientFormat } from './types.js';
import { inHome, inProject } from './where.js';

const NAME = 'qodercli';

/**
 * Qoder CLI: ~/.qoder/settings.json (user), .qoder/settings.local.json (local) and the
 * shared .mcp.json (project), each with `mcpServers` in the Claude Code shape plus `timeout`.
 */
export const qoder: ClientFormat = {
  id: 'qoder',
  name: NAME,
  files: (where) => [
    { client: 'qoder', scope: 'user', path: inHome(where, '.qoder', 'settings.json'), at: ['mcpServers'], syntax: 'json' },
    { client: 'qoder', scope: 'project', path: inProject(where, '.mcp.json'), at: ['mcpServers'], syntax: 'json' },
    { client: 'qoder', scope: 'local', path: inProject(where, '.qoder', 'settings.local.json'), at: ['mcpServers'], syntax: 'json' },
  ],
  toDeck: (_name, raw) => dropFields(raw, { description: null }),
  fromDeck(entry) {
    const refusal = refuseCommon(entry, NAME, false);
    if (refusal) return refusal;
    const type = transportOf(entry)!;
    const notes = lostSettings(entry, NAME, { timeouts: true });
    const body = type === 'stdio' ? stdioFields(entry, true, NAME, notes) : { url: entry.url, ...headersOf(entry) };
    const out: Record<string, unknown> = { type, ...mapStrings(body, toPlainVars) };
    if (typeof entry.timeout === 'number') out.timeout = entry.timeout;
    if (entry.requestTimeout !== undefined) notes.push(`${NAME} has one timeout: the request timeout was left out`);
    return { entry: out, notes };
  },
};
