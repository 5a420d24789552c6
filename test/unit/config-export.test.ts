import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportServers, exportTarget } from '../../src/core/config/export-servers.js';
import { CLIENTS, clientById } from '../../src/core/config/sources/registry.js';
import type { ClientFile } from '../../src/core/config/sources/types.js';
import { whereFrom } from '../../src/core/config/sources/where.js';
import { ConfigWriteError } from '../../src/core/config/write-error.js';
import { fixture } from './helpers/clients.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdeck-export-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const STDIO = { command: 'npx', args: ['-y', 'srv'], env: { TOKEN: '${TOKEN}', MODE: 'dev' } };
const HTTP = { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}', 'X-Team': 'core' } };
const SSE = { type: 'sse', url: 'https://sse.example.com/sse' };
const client = (id: string) => clientById(id)!;
const file = (id: string, path: string, scope: ClientFile['scope'] = 'user'): ClientFile => ({ ...exportTarget(client(id), whereFrom({ env: {}, cwd: dir, home: dir, platform: 'linux' }), scope), path });
const place = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
};

describe('an mcpdeck entry in each client\'s format', () => {
  it('keeps what each client can say, in its words', () => {
    expect(client('claude-desktop').fromDeck(STDIO)).toEqual({ entry: STDIO, notes: [expect.stringContaining('does not expand ${VAR}')] });
    expect(client('claude-code').fromDeck(HTTP)).toEqual({ entry: { type: 'http', url: HTTP.url, headers: HTTP.headers }, notes: [] });
    expect(client('cursor').fromDeck(HTTP)).toEqual({ entry: { url: HTTP.url, headers: { Authorization: 'Bearer ${env:API_TOKEN}', 'X-Team': 'core' } }, notes: [] });
    expect(client('vscode').fromDeck({ ...STDIO, cwd: '/srv' })).toEqual({ entry: { type: 'stdio', command: 'npx', args: ['-y', 'srv'], env: { TOKEN: '${env:TOKEN}', MODE: 'dev' }, cwd: '/srv' }, notes: [] });
    expect(client('windsurf').fromDeck({ ...HTTP, disabled: true, tools: { block: ['rm'] } })).toEqual({
      entry: { serverUrl: HTTP.url, headers: { Authorization: 'Bearer ${env:API_TOKEN}', 'X-Team': 'core' }, disabled: true, disabledTools: ['rm'] }, notes: [],
    });
    expect(client('gemini').fromDeck({ ...HTTP, requestTimeout: 5000, tools: { allow: ['a'], block: ['b'] } })).toEqual({
      entry: { httpUrl: HTTP.url, headers: HTTP.headers, timeout: 5000, includeTools: ['a'], excludeTools: ['b'] }, notes: [],
    });
    expect(client('gemini').fromDeck(SSE)).toEqual({ entry: { url: SSE.url }, notes: [] });
    expect(client('codex').fromDeck({ ...HTTP, timeout: 20000, requestTimeout: 90000, disabled: true })).toEqual({
      entry: { url: HTTP.url, bearer_token_env_var: 'API_TOKEN', http_headers: { 'X-Team': 'core' }, startup_timeout_sec: 20, tool_timeout_sec: 90, enabled: false }, notes: [],
    });
    expect(client('codex').fromDeck({ command: 'srv', env: { TOKEN: '${TOKEN}', MODE: 'dev' } })).toEqual({ entry: { command: 'srv', env: { MODE: 'dev' }, env_vars: ['TOKEN'] }, notes: [] });
    expect(client('qoder').fromDeck({ ...SSE, timeout: 3000 })).toEqual({ entry: { type: 'sse', url: SSE.url, timeout: 3000 }, notes: [] });
  });

  it('refuses what a client cannot hold, saying why', () => {
    expect(client('claude-desktop').fromDeck(HTTP)).toEqual({ refused: expect.stringContaining('only local (stdio) servers') });
    expect(client('codex').fromDeck(SSE)).toEqual({ refused: expect.stringContaining('only Streamable HTTP') });
    expect(client('cursor').fromDeck({ ...STDIO, disabled: true })).toEqual({ refused: expect.stringContaining('no way to keep a server disabled') });
    for (const c of CLIENTS) expect(c.fromDeck({ type: 'inprocess', module: './x.js' })).toEqual({ refused: 'an in-process server runs only inside mcpdeck' });
  });

  it('notes what it leaves out', () => {
    const { notes } = client('cursor').fromDeck({ ...STDIO, cwd: '/x', tools: { allow: ['a'] }, timeout: 1 }) as { notes: string[] };
    expect(notes).toEqual([
      'Cursor has no tool filter: "tools" was left out',
      'Cursor has no per-server timeouts: they were left out',
      'Cursor has no working folder setting: "cwd" was left out',
    ]);
  });

  it('reads back as the same server in every client (export, then read)', () => {
    for (const c of CLIENTS) {
      for (const entry of [STDIO, HTTP]) {
        const out = c.fromDeck(entry);
        if ('refused' in out) continue;
        const back = c.toDeck('x', out.entry, {}).entry;
        expect({ client: c.id, command: back.command ?? back.url }).toEqual({ client: c.id, command: (entry as { command?: string }).command ?? (entry as { url?: string }).url });
      }
    }
  });
});

describe('exportServers into a JSON file', () => {
  it('adds in the file\'s own indentation and keeps comments and other fields byte for byte', async () => {
    const original = '{\n\t// mine\n\t"theme": "dark",\n\t"mcpServers": {\n\t\t"old": {"command": "x"}\n\t}\n}\n';
    const path = place(join(dir, '.cursor', 'mcp.json'), original);
    const result = await exportServers({ client: client('cursor'), file: file('cursor', path), servers: { api: HTTP } });
    expect(result.added).toEqual(['api']);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('{\n\t// mine\n\t"theme": "dark",\n\t"mcpServers": {\n\t\t"old": {"command": "x"},\n\t\t"api": {\n\t\t\t"url"')).toBe(true);
  });

  it('keeps a server of the same name unless forced; an identical one is "already there"', async () => {
    const path = place(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { api: { url: 'https://other.example.com' } } }, null, 4));
    const first = await exportServers({ client: client('cursor'), file: file('cursor', path), servers: { api: HTTP } });
    expect(first.skipped).toEqual([{ name: 'api', why: 'Cursor already has a server of that name there (--force replaces it)' }]);
    const forced = await exportServers({ client: client('cursor'), file: file('cursor', path), servers: { api: HTTP }, force: true });
    expect(forced.replaced).toEqual(['api']);
    const again = await exportServers({ client: client('cursor'), file: file('cursor', path), servers: { api: HTTP } });
    expect(again.same).toEqual(['api']);
    expect(readFileSync(path, 'utf8')).toContain('\n    "mcpServers": {\n        "api": {');
  });

  it('into ~/.claude.json for this folder (local scope), leaving the rest of that big file alone', async () => {
    const path = place(join(dir, '.claude.json'), fixture('claude.json').replaceAll('__PROJECT__', dir));
    const before = readFileSync(path, 'utf8');
    await exportServers({ client: client('claude-code'), file: file('claude-code', path, 'local'), servers: { s: SSE } });
    const after = JSON.parse(readFileSync(path, 'utf8'));
    expect(after.projects[dir].mcpServers.s).toEqual({ type: 'sse', url: SSE.url });
    expect(after.mcpServers).toEqual(JSON.parse(before).mcpServers);
    expect(after.projects['/some/other/project']).toEqual(JSON.parse(before).projects['/some/other/project']);
  });

  it('VS Code: the `servers` key, and an `inputs` entry for each ${input:id} it did not declare', async () => {
    const path = place(join(dir, 'Code', 'User', 'mcp.json'), fixture('vscode.user.mcp.json'));
    const entry = { command: 'srv', env: { KEY: '${input:new-key}', GH: '${input:github-token}' } };
    await exportServers({ client: client('vscode'), file: file('vscode', path), servers: { mine: entry } });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('// VS Code user profile MCP servers');
    const { parse: parseJsonc } = await import('jsonc-parser');
    const doc = parseJsonc(text);
    expect(doc.servers.mine).toEqual({ type: 'stdio', command: 'srv', env: { KEY: '${input:new-key}', GH: '${input:github-token}' } });
    expect(doc.inputs.map((i: { id: string }) => i.id)).toEqual(['github-token', 'perplexity-key', 'new-key']);
    const other = await exportServers({ client: client('cursor'), file: file('cursor', join(dir, 'c.json')), servers: { mine: entry } });
    expect(other.skipped).toEqual([{ name: 'mine', why: 'it uses ${input:new-key}, which only VS Code asks for' }]);
  });

  it('never overwrites a file it cannot parse: refused, and left byte for byte', async () => {
    const broken = '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n';
    const path = place(join(dir, 'mcp.json'), broken);
    await expect(exportServers({ client: client('cursor'), file: file('cursor', path), servers: { api: HTTP } })).rejects.toThrow(
      new ConfigWriteError(`${path}:4:5: JSON syntax error: expected ','; fix it before changing servers there`),
    );
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });
});

describe('exportServers into Codex\'s TOML', () => {
  it('appends [mcp_servers.<name>] tables and keeps every other line', async () => {
    const original = fixture('codex.config.toml');
    const path = place(join(dir, 'config.toml'), original);
    const result = await exportServers({ client: client('codex'), file: file('codex', path), servers: { api: HTTP, 'my.tool': STDIO } });
    expect(result.added).toEqual(['api', 'my.tool']);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith(original)).toBe(true);
    const doc = parse(text) as { mcp_servers: Record<string, unknown>; model: string };
    expect(doc.mcp_servers.api).toEqual({ url: HTTP.url, bearer_token_env_var: 'API_TOKEN', http_headers: { 'X-Team': 'core' } });
    expect(doc.mcp_servers['my.tool']).toEqual({ command: 'npx', args: ['-y', 'srv'], env: { MODE: 'dev' }, env_vars: ['TOKEN'] });
  });

  it('replaces a server\'s tables with --force, and nothing else', async () => {
    const path = place(join(dir, 'config.toml'), fixture('codex.config.toml'));
    await exportServers({ client: client('codex'), file: file('codex', path), servers: { docs: { command: 'new-docs' } }, force: true });
    const doc = parse(readFileSync(path, 'utf8')) as { mcp_servers: Record<string, unknown>; profiles: unknown };
    expect(doc.mcp_servers.docs).toEqual({ command: 'new-docs' });
    expect(Object.keys(doc.mcp_servers)).toEqual(['figma', 'old', 'docs']);
    expect(doc.profiles).toEqual({ fast: { model: 'gpt-5-mini' } });
  });

  it('refuses a server written inline rather than guess, leaving the file as it was', async () => {
    const original = 'mcp_servers = { docs = { command = "x" } }\n';
    const path = place(join(dir, 'config.toml'), original);
    await expect(exportServers({ client: client('codex'), file: file('codex', path), servers: { docs: { command: 'y' } }, force: true })).rejects.toThrow(/edit the file yourself/);
    await expect(exportServers({ client: client('codex'), file: file('codex', path), servers: { other: { command: 'y' } } })).rejects.toThrow(/edit the file yourself/);
    expect(readFileSync(path, 'utf8')).toBe(original);
  });

  it('refuses a broken TOML file, untouched', async () => {
    const broken = 'model = "x"\n[mcp_servers.docs\n';
    const path = place(join(dir, 'config.toml'), broken);
    await expect(exportServers({ client: client('codex'), file: file('codex', path), servers: { a: { command: 'y' } } })).rejects.toThrow(/config\.toml:2:\d+: TOML syntax error/);
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });
});
