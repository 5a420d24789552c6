import { dropFields, headersOf, lostSettings, mapStrings, refuseCommon, stdioFields, toEnvColon, transportOf } from './convert.js';
import type { ClientFormat } from './types.js';
import { inHome, inProject } from './where.js';
import { isRecord } from '../../../util/is-record.js';

const NAME = 'Cursor';

/** Cursor: ~/.cursor/mcp.json and .cursor/mcp.json; a `url` without a type (Cursor finds the transport); `${env:VAR}`. */
export const cursor: ClientFormat = {
  id: 'cursor',
  name: NAME,
  files: (where) => [
    { client: 'cursor', scope: 'user', path: inHome(where, '.cursor', 'mcp.json'), at: ['mcpServers'], syntax: 'json' },
    { client: 'cursor', scope: 'project', path: inProject(where, '.cursor', 'mcp.json'), at: ['mcpServers'], syntax: 'json' },
  ],
  toDeck(_name, raw) {
    const converted = dropFields(raw, { envFile: 'mcpdeck does not read "envFile": give those variables in "env"', auth: null });
    // Cursor's static OAuth client: { auth: { CLIENT_ID, CLIENT_SECRET, scopes } }.
    const auth = raw.auth;
    if (isRecord(auth) && converted.entry.oauth === undefined) {
      converted.entry.oauth = {
        ...(typeof auth.CLIENT_ID === 'string' && { clientId: auth.CLIENT_ID }),
        ...(typeof auth.CLIENT_SECRET === 'string' && { clientSecret: auth.CLIENT_SECRET }),
        ...(Array.isArray(auth.scopes) && { scopes: auth.scopes }),
      };
    }
    return converted;
  },
  fromDeck(entry) {
    const refusal = refuseCommon(entry, NAME, false);
    if (refusal) return refusal;
    const notes = lostSettings(entry, NAME, { oauth: true });
    const body = transportOf(entry) === 'stdio' ? stdioFields(entry, false, NAME, notes) : { url: entry.url, ...headersOf(entry) };
    const out = mapStrings(body, toEnvColon(notes));
    if (isRecord(entry.oauth)) {
      const { clientId, clientSecret, scopes } = entry.oauth;
      out.auth = { ...(clientId !== undefined && { CLIENT_ID: clientId }), ...(clientSecret !== undefined && { CLIENT_SECRET: clientSecret }), ...(scopes !== undefined && { scopes }) };
    }
    return { entry: out, notes };
  },
};
