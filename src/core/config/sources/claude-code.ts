import { dropFields, headersOf, lostSettings, mapStrings, refuseCommon, stdioFields, toPlainVars, transportOf } from './convert.js';
import type { ClientFormat, Where } from './types.js';
import { readDocument, valueAt } from './read.js';
import { inHome, inProject, pathsOf } from './where.js';
import { isRecord } from '../../../util/is-record.js';

const NAME = 'Claude Code';

/** ~/.claude.json (or $CLAUDE_CONFIG_DIR/.claude.json): user servers, and per-folder ("local") ones under `projects`. */
function claudeJson(where: Where): string {
  const dir = where.env.CLAUDE_CONFIG_DIR;
  return dir ? pathsOf(where).join(dir, '.claude.json') : inHome(where, '.claude.json');
}

/** Claude Code keys `projects` by the folder it was started in, with forward slashes on Windows too. */
const projectKey = (where: Where) => (where.platform === 'win32' ? where.cwd.replace(/\\/g, '/') : where.cwd);

/** What Claude Code keeps about this folder in ~/.claude.json: its answers about the project's `.mcp.json`, and servers turned off here. */
export interface ClaudeProjectLists {
  enabledMcpjsonServers: string[];
  disabledMcpjsonServers: string[];
  enableAllProjectMcpServers: boolean;
  disabledMcpServers: string[];
}

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * Read from ~/.claude.json only, a file the person's own Claude Code writes: never from a
 * project's .claude/settings.json, which a cloned repository could bring with "enable all".
 */
export function claudeProjectLists(where: Where): ClaudeProjectLists {
  const read = readDocument(claudeJson(where), 'json');
  const project = read.status === 'read' ? valueAt(read.document, ['projects', projectKey(where)]) : undefined;
  const at = isRecord(project) ? project : {};
  return {
    enabledMcpjsonServers: strings(at.enabledMcpjsonServers),
    disabledMcpjsonServers: strings(at.disabledMcpjsonServers),
    enableAllProjectMcpServers: at.enableAllProjectMcpServers === true,
    disabledMcpServers: strings(at.disabledMcpServers),
  };
}

/** Claude Code: `.mcp.json` (project), `~/.claude.json` `mcpServers` (user) and `projects[<folder>].mcpServers` (local). */
export const claudeCode: ClientFormat = {
  id: 'claude-code',
  name: NAME,
  files: (where) => [
    { client: 'claude-code', scope: 'user', path: claudeJson(where), at: ['mcpServers'], syntax: 'json' },
    { client: 'claude-code', scope: 'project', path: inProject(where, '.mcp.json'), at: ['mcpServers'], syntax: 'json' },
    { client: 'claude-code', scope: 'local', path: claudeJson(where), at: ['projects', projectKey(where), 'mcpServers'], syntax: 'json' },
  ],
  toDeck: (_name, raw) => dropFields(raw, { headersHelper: `${NAME} runs "headersHelper" to make headers; mcpdeck does not: give them in "headers"` }),
  fromDeck(entry) {
    const refusal = refuseCommon(entry, NAME, false);
    if (refusal) return refusal;
    const type = transportOf(entry)!;
    const notes = lostSettings(entry, NAME, { oauth: true });
    const body = type === 'stdio' ? stdioFields(entry, false, NAME, notes) : { url: entry.url, ...headersOf(entry) };
    const out: Record<string, unknown> = { type, ...mapStrings(body, toPlainVars) };
    if (isRecord(entry.oauth)) {
      const { clientId, callbackPort } = entry.oauth;
      if (clientId !== undefined || callbackPort !== undefined) out.oauth = { ...(clientId !== undefined && { clientId }), ...(callbackPort !== undefined && { callbackPort }) };
      if (Object.keys(entry.oauth).some((k) => k !== 'clientId' && k !== 'callbackPort')) notes.push(`${NAME} takes only "clientId" and "callbackPort" under "oauth": the rest was left out`);
    }
    return { entry: out, notes };
  },
};
