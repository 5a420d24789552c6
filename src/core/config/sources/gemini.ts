import { bracesForBareVars, dropFields, headersOf, lostSettings, mapStrings, refuseCommon, stdioFields, toPlainVars, transportOf } from './convert.js';
import type { ClientFormat } from './types.js';
import { inHome, inProject } from './where.js';
import { isRecord } from '../../../util/is-record.js';

const NAME = 'Gemini CLI';

const names = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);

/** Whether the file's `mcp.excluded` / `mcp.allowed` lists (or their older names) turn a server off. */
function excludedBySettings(name: string, document: unknown): boolean {
  if (!isRecord(document)) return false;
  const mcp = isRecord(document.mcp) ? document.mcp : {};
  const excluded = names(mcp.excluded) ?? names(document.excludeMCPServers);
  const allowed = names(mcp.allowed) ?? names(document.allowMCPServers);
  return Boolean(excluded?.includes(name) || (allowed && !allowed.includes(name)));
}

/**
 * Gemini CLI: ~/.gemini/settings.json and .gemini/settings.json. `command`, `url`
 * (SSE), `httpUrl` (Streamable HTTP), `headers`, `timeout` (per request, ms),
 * `includeTools`/`excludeTools`; `$VAR` and `${VAR}` in values.
 */
export const gemini: ClientFormat = {
  id: 'gemini',
  name: NAME,
  files: (where) => [
    { client: 'gemini', scope: 'user', path: inHome(where, '.gemini', 'settings.json'), at: ['mcpServers'], syntax: 'json' },
    { client: 'gemini', scope: 'project', path: inProject(where, '.gemini', 'settings.json'), at: ['mcpServers'], syntax: 'json' },
  ],
  toDeck(name, raw, document) {
    const ignored = {
      httpUrl: null, timeout: null, includeTools: null, excludeTools: null, oauth: null, trust: null, description: null, extensionName: null,
      authProviderType: raw.authProviderType === 'google_credentials' ? 'mcpdeck cannot sign in with Google credentials ("authProviderType")' : null,
      targetAudience: null, targetServiceAccount: null,
    };
    const { entry, notes } = dropFields(raw, ignored);
    if (typeof raw.httpUrl === 'string') Object.assign(entry, { type: 'http', url: raw.httpUrl });
    else if (typeof raw.url === 'string' && entry.type === undefined) entry.type = 'sse';
    if (raw.timeout !== undefined) entry.requestTimeout = raw.timeout;
    const allow = names(raw.includeTools);
    const block = names(raw.excludeTools);
    if (allow || block) entry.tools = { ...(allow && { allow }), ...(block && { block }) };
    if (isRecord(raw.oauth) && raw.oauth.enabled !== false) {
      const { clientId, clientSecret, scopes } = raw.oauth;
      entry.oauth = { ...(clientId !== undefined && { clientId }), ...(clientSecret !== undefined && { clientSecret }), ...(scopes !== undefined && { scopes }) };
    }
    if (excludedBySettings(name, document)) entry.disabled = true;
    return { entry: mapStrings(entry, bracesForBareVars), notes };
  },
  fromDeck(entry) {
    const refusal = refuseCommon(entry, NAME, false);
    if (refusal) return refusal;
    const type = transportOf(entry)!;
    const notes = lostSettings(entry, NAME, { tools: true, timeouts: true, oauth: true });
    const body = type === 'stdio' ? stdioFields(entry, true, NAME, notes) : { url: entry.url, ...headersOf(entry) };
    const { url, ...rest } = mapStrings(body, toPlainVars);
    const out: Record<string, unknown> = url === undefined ? rest : { [type === 'http' ? 'httpUrl' : 'url']: url, ...rest };
    if (/\$\{[^}]*:-/.test(JSON.stringify(out))) notes.push(`${NAME} has no \${VAR:-default}: set those variables`);
    if (typeof entry.requestTimeout === 'number') out.timeout = entry.requestTimeout;
    if (entry.timeout !== undefined) notes.push(`${NAME} has one timeout, per request: the connect timeout was left out`);
    const tools = isRecord(entry.tools) ? entry.tools : {};
    if (Array.isArray(tools.allow)) out.includeTools = tools.allow;
    if (Array.isArray(tools.block)) out.excludeTools = tools.block;
    if (isRecord(entry.oauth)) out.oauth = { enabled: true, ...entry.oauth };
    return { entry: out, notes };
  },
};
