import { dropFields, lostSettings, refuseCommon, stdioFields, transportOf } from './convert.js';
import type { ClientFormat } from './types.js';
import { appDataDir, pathsOf } from './where.js';

const NAME = 'Claude Desktop';

/** claude_desktop_config.json: `mcpServers` of local (stdio) servers; nothing is expanded. */
export const claudeDesktop: ClientFormat = {
  id: 'claude-desktop',
  name: NAME,
  files: (where) => [
    { client: 'claude-desktop', scope: 'user', path: pathsOf(where).join(appDataDir(where), 'Claude', 'claude_desktop_config.json'), at: ['mcpServers'], syntax: 'json' },
  ],
  toDeck: (_name, raw) => dropFields(raw, {}),
  fromDeck(entry) {
    const refusal = refuseCommon(entry, NAME, false);
    if (refusal) return refusal;
    if (transportOf(entry) !== 'stdio') return { refused: `${NAME}'s file takes only local (stdio) servers; add a remote one under Settings → Connectors` };
    const notes = lostSettings(entry, NAME, {});
    const out = stdioFields(entry, false, NAME, notes);
    if (/\$\{/.test(JSON.stringify(out))) notes.push(`${NAME} does not expand \${VAR}: put the values in its file yourself`);
    return { entry: out, notes };
  },
};
