import { dropFields, headersOf, lostSettings, mapStrings, refuseCommon, stdioFields, toEnvColon, transportOf } from './convert.js';
import type { ClientFormat } from './types.js';
import { appDataDir, inProject, pathsOf } from './where.js';

const NAME = 'VS Code';

/**
 * VS Code: .vscode/mcp.json and the user profile's mcp.json, with a `servers` map, an
 * `inputs` list for `${input:id}` values it asks for, and `${env:VAR}`.
 */
export const vscode: ClientFormat = {
  id: 'vscode',
  name: NAME,
  files: (where) => [
    { client: 'vscode', scope: 'user', path: pathsOf(where).join(appDataDir(where), 'Code', 'User', 'mcp.json'), at: ['servers'], syntax: 'json' },
    { client: 'vscode', scope: 'project', path: inProject(where, '.vscode', 'mcp.json'), at: ['servers'], syntax: 'json' },
  ],
  toDeck: (_name, raw) => dropFields(raw, { envFile: 'mcpdeck does not read "envFile": give those variables in "env"', dev: null, gallery: null, version: null }),
  fromDeck(entry) {
    const refusal = refuseCommon(entry, NAME, false);
    if (refusal) return refusal;
    const type = transportOf(entry)!;
    const notes = lostSettings(entry, NAME, {});
    const body = type === 'stdio' ? stdioFields(entry, true, NAME, notes) : { url: entry.url, ...headersOf(entry) };
    return { entry: { type, ...mapStrings(body, toEnvColon(notes)) }, notes };
  },
};
