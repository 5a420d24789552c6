import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import type { ServerDefinition } from '../../src/core/config/types.js';
import { machine, type Machine } from './helpers/clients.js';

let box: Machine | undefined;
afterEach(() => {
  if (box) rmSync(box.root, { recursive: true, force: true });
  box = undefined;
});

/** Reads the machine with only these fixtures placed. */
function load(fixtures: string[], env: NodeJS.ProcessEnv = {}) {
  box = machine(fixtures);
  const loaded = loadConfig({ cwd: box.project, home: box.home, platform: 'linux', env });
  const byName = Object.fromEntries(loaded.servers.map((s) => [s.name, s])) as Record<string, ServerDefinition>;
  return { ...loaded, byName, box };
}

const errors = (d: ServerDefinition) => d.issues.filter((i) => i.severity === 'error').map((i) => i.message);
const warnings = (d: ServerDefinition) => d.issues.filter((i) => i.severity === 'warning').map((i) => i.message);

describe('each client format maps into the server model, keeping its file and scope', () => {
  it('Claude Desktop: stdio servers with env, other settings ignored', () => {
    const { byName, box } = load(['claude_desktop_config.json']);
    expect(Object.keys(byName)).toEqual(['filesystem', 'github']);
    expect(byName.github!.config).toMatchObject({
      type: 'stdio', command: 'docker', env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_fixture000000000000000000000000000000' },
    });
    expect(byName.filesystem!.source).toEqual({
      kind: 'client', client: 'claude-desktop', scope: 'user', label: 'claude-desktop', path: box.at('claude_desktop_config.json'),
    });
    expect(byName.filesystem!.issues).toEqual([]);
  });

  it('Claude Code: user servers and this folder\'s local ones from ~/.claude.json, not other folders\'', () => {
    const { byName, box } = load(['claude.json']);
    expect(Object.keys(byName).sort()).toEqual(['airtable', 'helper', 'local-db', 'sentry']);
    expect(byName.sentry!.source).toMatchObject({ client: 'claude-code', scope: 'user', label: 'claude-code' });
    expect(byName.sentry!.config).toMatchObject({ type: 'http', url: 'https://mcp.sentry.dev/mcp', oauth: { clientId: 'sentry-app', callbackPort: 8787 } });
    expect(byName.airtable!.config).toMatchObject({ env: { AIRTABLE_API_KEY: 'pat-fixture' } });
    expect(byName['local-db']!.source).toMatchObject({ scope: 'local', label: 'claude-code:local', path: box.at('claude.json') });
    expect(warnings(byName.helper!)).toEqual([expect.stringContaining('mcpdeck does not: give them in "headers"')]);
  });

  it('Claude Code project .mcp.json is mcpdeck\'s project file, read once', () => {
    const { byName, sources } = load(['claude-code.mcp.json'], { API_KEY: 'k-1' });
    expect(byName['shared-api']!.source).toMatchObject({ kind: 'project', label: 'project' });
    expect(byName['shared-api']!.config).toMatchObject({ type: 'sse', headers: { 'X-API-Key': 'k-1' } });
    expect(sources.filter((s) => s.path.endsWith('.mcp.json')).map((s) => s.id)).toEqual(['project']);
  });

  it('Cursor: url without a type (http, falling back to SSE, quietly), ${env:VAR}, ${userHome}, ${workspaceFolder}, auth', () => {
    const { byName, box } = load(['cursor.mcp.json', 'cursor.project.mcp.json'], { CONTEXT7_KEY: 'c7' });
    expect(byName.context7!.config).toMatchObject({ type: 'http', typeAssumed: true, headers: { CONTEXT7_API_KEY: 'c7' } });
    expect(byName.context7!.issues).toEqual([]);
    expect(byName.notes!.config).toMatchObject({ args: [join(box.home, 'mcp', 'notes.js')], env: { NOTES_DIR: join(box.project, 'notes') } });
    expect(warnings(byName.browser!)).toEqual([expect.stringContaining('mcpdeck does not read "envFile"')]);
    expect(byName['oauth-app']!.config).toMatchObject({ oauth: { clientId: 'cursor-client', scopes: ['read', 'write'] } });
    expect(byName['project-db']!.source).toMatchObject({ client: 'cursor', scope: 'project', label: 'cursor:project', path: box.at('cursor.project.mcp.json') });
  });

  it('VS Code: the `servers` key, comments and tabs, `${input:id}` waiting for an answer, dev settings dropped', () => {
    const { byName, inputs, box } = load(['vscode.user.mcp.json']);
    expect(byName.playwright!.config).toMatchObject({ type: 'stdio', command: 'npx' });
    expect(byName.perplexity!.issues.filter((i) => /unknown field/.test(i.message))).toEqual([]);
    expect(byName.github!.config).toBeUndefined();
    expect(byName.github!.missingInputs).toEqual(['github-token']);
    expect(errors(byName.github!)).toEqual([expect.stringContaining('${input:github-token} has no value yet')]);
    expect(inputs.map((i) => [i.id, i.description, i.password, i.servers])).toEqual([
      ['github-token', 'GitHub Personal Access Token', true, ['github']],
      ['perplexity-key', 'Perplexity API Key', true, ['perplexity']],
    ]);
    expect(inputs[0]!.account).toBe(`input:${box.at('vscode.user.mcp.json')}:github-token`);
  });

  it('VS Code: an answered input expands; a workspace file with trailing commas; pickString choices', () => {
    box = machine(['vscode.user.mcp.json', 'vscode.workspace.mcp.json']);
    const account = `input:${box.at('vscode.user.mcp.json')}:github-token`;
    const loaded = loadConfig({ cwd: box.project, home: box.home, platform: 'linux', env: {}, inputValues: new Map([[account, 'ghp_x']]) });
    const github = loaded.servers.find((s) => s.name === 'github')!;
    expect(github.config).toMatchObject({ headers: { Authorization: 'Bearer ghp_x' } });
    const fetch = loaded.servers.find((s) => s.name === 'fetch')!;
    expect(fetch.config).toMatchObject({ type: 'stdio', cwd: box.project });
    expect(fetch.source).toMatchObject({ label: 'vscode:project' });
    expect(loaded.inputs.find((i) => i.id === 'region')).toMatchObject({ options: ['eu', 'us'], default: 'eu', servers: ['regional'] });
  });

  it('Windsurf: serverUrl, ${env:VAR}, disabled, disabledTools', () => {
    const { byName } = load(['windsurf.mcp_config.json'], { USERJOT_API_TOKEN: 'uj' });
    expect(byName.userjot!.config).toMatchObject({ type: 'http', url: 'https://api.userjot.com/v1/mcp', headers: { Authorization: 'Bearer uj' } });
    expect(byName.userjot!.issues).toEqual([]);
    expect(byName.git!.config).toMatchObject({ disabled: true, tools: { block: ['git_push'] } });
    expect(byName.ollama!.config).toMatchObject({ disabled: false });
    expect(byName.ollama!.issues).toEqual([]);
  });

  it('Gemini CLI: httpUrl, url (SSE), $VAR, timeout, include/excludeTools, mcp.excluded, trust ignored', () => {
    const { byName, box } = load(['gemini.settings.json', 'gemini.project.settings.json'], { DB_CONNECTION_STRING: 'pg://db', EXTERNAL_API_KEY: 'ext' });
    expect(byName.pythonTools!.config).toMatchObject({
      type: 'stdio', env: { DATABASE_URL: 'pg://db', API_KEY: 'ext' }, cwd: join(box.home, '.gemini', 'mcp-servers', 'python'),
      requestTimeout: 15000, tools: { allow: ['safe_tool', 'file_reader'], block: ['dangerous_tool'] },
    });
    expect(byName.pythonTools!.issues).toEqual([]);
    expect(byName.httpServer!.config).toMatchObject({ type: 'http', url: 'http://localhost:3000/mcp', requestTimeout: 5000 });
    expect(byName.sseServer!.config).toMatchObject({ type: 'sse', url: 'http://localhost:8080/sse' });
    expect(byName.experimental!.config).toMatchObject({ disabled: true });
    expect(warnings(byName.googleCloud!)).toEqual([expect.stringContaining('cannot sign in with Google credentials')]);
    expect(byName.googleCloud!.config).toMatchObject({ oauth: { scopes: ['https://www.googleapis.com/auth/userinfo.email'] } });
    expect(byName.projectTool!.source).toMatchObject({ label: 'gemini:project' });
  });

  it('Codex: [mcp_servers.*] tables from TOML, with env_vars, bearer tokens, header variables, timeouts in seconds, tool lists, enabled', () => {
    const { byName, box } = load(['codex.config.toml'], { CONTEXT7_API_KEY: 'c7', FIGMA_OAUTH_TOKEN: 'fig', FIGMA_ORG: 'acme' });
    expect(byName.docs!.config).toMatchObject({
      type: 'stdio', env: { LOG_LEVEL: 'info', CONTEXT7_API_KEY: 'c7' }, timeout: 20000, requestTimeout: 90000,
      tools: { allow: ['resolve-library-id', 'get-library-docs'] },
    });
    expect(byName.figma!.config).toMatchObject({
      type: 'http', url: 'https://mcp.figma.com/mcp', headers: { 'X-Figma-Region': 'us-east-1', 'X-Org': 'acme', Authorization: 'Bearer fig' },
    });
    expect(byName.figma!.config).not.toHaveProperty('typeAssumed');
    expect(byName.old!.config).toMatchObject({ disabled: true, tools: { block: ['delete_everything'] } });
    expect(byName.docs!.source).toMatchObject({ client: 'codex', label: 'codex', path: box.at('codex.config.toml') });
    expect(byName.docs!.issues).toEqual([]);
  });

  it('Codex: an env_vars name that is not set is simply not passed on', () => {
    const { byName } = load(['codex.config.toml'], { FIGMA_OAUTH_TOKEN: 'f', FIGMA_ORG: 'o' });
    expect(byName.docs!.config).toMatchObject({ env: { CONTEXT7_API_KEY: '' } });
  });

  it('qodercli: ~/.qoder/settings.json and the local .qoder/settings.local.json, streamable-http and timeout', () => {
    const { byName } = load(['qoder.settings.json', 'qoder.settings.local.json'], { SEARCH_TOKEN: 's' });
    expect(byName.deepwiki!.config).toMatchObject({ type: 'http', url: 'https://mcp.deepwiki.com/mcp', timeout: 30000 });
    expect(byName.deepwiki!.issues).toEqual([]);
    expect(byName.playwright!.source).toMatchObject({ client: 'qoder', scope: 'user', label: 'qoder' });
    expect(byName['local-search']!.source).toMatchObject({ client: 'qoder', scope: 'local', label: 'qoder:local' });
    expect(byName['local-search']!.config).toMatchObject({ type: 'sse', headers: { Authorization: 'Bearer s' } });
  });
});

describe('files that cannot be read', () => {
  it('a broken client file is skipped with a warning naming file, line and column; the others still load', () => {
    box = machine(['cursor.mcp.json', 'windsurf.mcp_config.json']);
    writeFileSync(box.at('cursor.mcp.json'), '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}\n');
    const loaded = loadConfig({ cwd: box.project, home: box.home, platform: 'linux', env: { USERJOT_API_TOKEN: 't' } });
    expect(loaded.servers.map((s) => s.name)).toEqual(['userjot', 'git', 'ollama']);
    const path = box.at('cursor.mcp.json');
    expect(loaded.issues).toContainEqual(expect.objectContaining({ severity: 'warning', file: path, line: 4, column: 5, message: `${path}:4:5: JSON syntax error: expected ',' (Cursor's servers there are skipped)` }));
    expect(loaded.sources.find((s) => s.id === 'cursor')).toMatchObject({ status: 'error', reason: `${path}:4:5: JSON syntax error: expected ','` });
  });

  it('a broken TOML file names its line and column', () => {
    box = machine(['codex.config.toml']);
    writeFileSync(box.at('codex.config.toml'), 'model = "x"\n[mcp_servers.docs\ncommand = "y"\n');
    const loaded = loadConfig({ cwd: box.project, home: box.home, platform: 'linux', env: {} });
    expect(loaded.sources.find((s) => s.id === 'codex')).toMatchObject({ status: 'error', reason: expect.stringMatching(/config\.toml:2:\d+: TOML syntax error/) });
  });
});
