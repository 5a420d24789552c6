import { dropFields, headersOf, lostSettings, mapStrings, refuseCommon, stdioFields, toEnvColon, transportOf } from './convert.js';
import type { ClientFormat } from './types.js';
import { inHome } from './where.js';
import { isRecord } from '../../../util/is-record.js';

const NAME = 'Windsurf';
const PLAIN_NAME = /^[\w.-]+$/;

/** Windsurf: ~/.codeium/windsurf/mcp_config.json; remote servers under `serverUrl`; `disabled`, `disabledTools`. */
export const windsurf: ClientFormat = {
  id: 'windsurf',
  name: NAME,
  files: (where) => [
    { client: 'windsurf', scope: 'user', path: inHome(where, '.codeium', 'windsurf', 'mcp_config.json'), at: ['mcpServers'], syntax: 'json' },
  ],
  toDeck(_name, raw) {
    const { entry, notes } = dropFields(raw, { serverUrl: null, disabledTools: null, alwaysAllow: null });
    const url = typeof raw.serverUrl === 'string' && entry.url === undefined ? { url: raw.serverUrl } : {};
    if (Array.isArray(raw.disabledTools) && raw.disabledTools.length && entry.tools === undefined) entry.tools = { block: raw.disabledTools };
    return { entry: { ...url, ...entry }, notes };
  },
  fromDeck(entry) {
    const refusal = refuseCommon(entry, NAME, true);
    if (refusal) return refusal;
    const notes = lostSettings(entry, NAME, { tools: true });
    const body = transportOf(entry) === 'stdio' ? stdioFields(entry, false, NAME, notes) : { url: entry.url, ...headersOf(entry) };
    const { url, ...rest } = mapStrings(body, toEnvColon(notes));
    const out: Record<string, unknown> = url === undefined ? rest : { serverUrl: url, ...rest };
    if (entry.disabled === true) out.disabled = true;
    const tools = isRecord(entry.tools) ? entry.tools : {};
    const block = Array.isArray(tools.block) ? (tools.block as string[]) : [];
    if (block.length && block.every((t) => PLAIN_NAME.test(t))) out.disabledTools = block;
    else if (block.length) notes.push(`${NAME}'s "disabledTools" takes plain tool names, not patterns: "tools.block" was left out`);
    if (Array.isArray(tools.allow)) notes.push(`${NAME} has no list of allowed tools: "tools.allow" was left out`);
    return { entry: out, notes };
  },
};
