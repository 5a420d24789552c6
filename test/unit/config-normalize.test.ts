import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeEntry } from '../../src/core/config/normalize.js';
import type { ConfigSource, ServerDefinition } from '../../src/core/config/types.js';

const FILE = resolve('/tmp/proj/.mcp.json');
const source: ConfigSource = { kind: 'project', path: FILE, label: 'project' };

const norm = (raw: unknown, env: NodeJS.ProcessEnv = {}) => normalizeEntry('srv', raw, source, env);
const errors = (d: ServerDefinition) => d.issues.filter((i) => i.severity === 'error').map((i) => i.message);
const warnings = (d: ServerDefinition) => d.issues.filter((i) => i.severity === 'warning').map((i) => i.message);

describe('normalizeEntry: shape and type', () => {
  it('turns a plain stdio entry into a config with no issues', () => {
    const d = norm({ command: 'node', args: ['server.js'] });
    expect(d.issues).toEqual([]);
    expect(d.config).toMatchObject({ type: 'stdio', command: 'node', args: ['server.js'], env: {}, disabled: false });
    expect(d.source).toBe(source);
  });

  it('refuses an entry that is not an object', () => {
    const d = norm('node server.js');
    expect(d.config).toBeUndefined();
    expect(errors(d)).toEqual([`server "srv" in ${FILE}: must be an object like {"command": "..."} or {"type": "http", "url": "..."}`]);
  });

  it('names the valid types when the type is unknown', () => {
    const d = norm({ type: 'websocket', url: 'ws://x' });
    expect(d.config).toBeUndefined();
    expect(errors(d)).toEqual([`server "srv" in ${FILE}: unknown type "websocket"; use stdio, sse, http or inprocess`]);
  });

  it('accepts type aliases such as "streamable-http"', () => {
    const d = norm({ type: 'streamable-http', url: 'https://example.com/mcp' });
    expect(d.issues).toEqual([]);
    expect(d.config).toMatchObject({ type: 'http', url: 'https://example.com/mcp' });
    expect(d.config).not.toHaveProperty('typeAssumed');
  });

  it('says a stdio entry without a command needs one', () => {
    const d = norm({ type: 'stdio', args: ['x'] });
    expect(d.config).toBeUndefined();
    expect(errors(d)).toEqual([`server "srv" in ${FILE}: type "stdio" needs a "command" to run`]);
  });

  it('says an entry with neither command nor url needs one', () => {
    const d = norm({ args: ['x'] });
    expect(errors(d)).toEqual([`server "srv" in ${FILE}: has no "command" (local server) or "url" (remote server); add one`]);
  });

  it('takes a url without a type as Streamable HTTP that may fall back to SSE, without a warning (mcpdeck add writes it so)', () => {
    const d = norm({ url: 'https://example.com/mcp' });
    expect(d.config).toMatchObject({ type: 'http', url: 'https://example.com/mcp', typeAssumed: true });
    expect(d.issues).toEqual([]);
  });

  it('refuses a url that is not http(s)', () => {
    const d = norm({ type: 'http', url: 'ftp://example.com' });
    expect(d.config).toBeUndefined();
    expect(errors(d)).toEqual([`server "srv" in ${FILE}: "url" must be an http:// or https:// URL, got "ftp://example.com"`]);
  });

  it('reports a field of the wrong type with its path', () => {
    const d = norm({ command: 'node', args: 'server.js' });
    expect(d.config).toBeUndefined();
    expect(errors(d)).toHaveLength(1);
    expect(errors(d)[0]).toMatch(new RegExp(`^server "srv" in ${FILE.replace(/[.]/g, '\\.')}: "args": `));
  });
});

describe('normalizeEntry: stray whitespace', () => {
  it('is an error in command, naming the value', () => {
    const d = norm({ command: 'node ' });
    expect(d.config).toBeUndefined();
    expect(errors(d)).toEqual([`server "srv" in ${FILE}: "command" has stray whitespace: "node "; remove it`]);
  });

  it('is an error in url', () => {
    const d = norm({ type: 'http', url: ' https://example.com/mcp' });
    expect(d.config).toBeUndefined();
    expect(errors(d)).toEqual([`server "srv" in ${FILE}: "url" has stray whitespace: " https://example.com/mcp"; remove it`]);
  });

  it('is a warning in env and header values, and the server still loads', () => {
    const env = norm({ command: 'node', env: { TOKEN: 'abc\n' } });
    expect(env.config).toBeDefined();
    expect(warnings(env)).toEqual([`server "srv" in ${FILE}: env "TOKEN" has stray whitespace around its name or value`]);

    const headers = norm({ type: 'http', url: 'https://example.com', headers: { ' Authorization': 'Bearer x' } });
    expect(headers.config).toMatchObject({ headers: { Authorization: 'Bearer x' } });
    expect(warnings(headers)).toEqual([`server "srv" in ${FILE}: headers "Authorization" has stray whitespace around its name or value`]);
  });
});

describe('normalizeEntry: unknown fields', () => {
  it('warns with a did-you-mean for a typo and ignores the field', () => {
    const d = norm({ comand: 'node', url: 'https://example.com', type: 'http' });
    expect(d.config).toMatchObject({ type: 'http' });
    expect(warnings(d)).toEqual([`server "srv" in ${FILE}: unknown field "comand" is ignored (did you mean "command"?)`]);
  });

  it('warns without a suggestion when nothing is close', () => {
    const d = norm({ command: 'node', description: 'my server' });
    expect(warnings(d)).toEqual([`server "srv" in ${FILE}: unknown field "description" is ignored`]);
  });
});

describe('normalizeEntry: ${VAR} expansion', () => {
  const env = { BIN: '/usr/bin/node', DIR: '/srv', TOKEN: 's3cret', HOST: 'api.example.com', EMPTY: '' };

  it('expands command, args and env values', () => {
    const d = norm({ command: '${BIN}', args: ['${DIR}/main.js', '--port=${PORT:-8080}'], env: { KEY: '${TOKEN}', MODE: '${MODE:-dev}' } }, env);
    expect(d.issues).toEqual([]);
    expect(d.config).toMatchObject({ command: '/usr/bin/node', args: ['/srv/main.js', '--port=8080'], env: { KEY: 's3cret', MODE: 'dev' } });
  });

  it('expands url and headers', () => {
    const d = norm({ type: 'http', url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${TOKEN}', 'X-Region': '${REGION:-eu}' } }, env);
    expect(d.issues).toEqual([]);
    expect(d.config).toMatchObject({ url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer s3cret', 'X-Region': 'eu' } });
  });

  it('uses the default for a set-but-empty variable, and empty without a default', () => {
    const d = norm({ command: 'node', args: ['${EMPTY:-fallback}', '[${EMPTY}]'] }, env);
    expect(d.config).toMatchObject({ args: ['fallback', '[]'] });
  });

  it('keeps the raw entry unexpanded', () => {
    const raw = { command: '${BIN}' };
    expect(norm(raw, env).raw).toEqual({ command: '${BIN}' });
  });

  it('an unset variable without a default is an error naming the variable and the server', () => {
    const d = normalizeEntry('github', { type: 'http', url: 'https://api.example.com', headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } }, source, {});
    expect(d.config).toBeUndefined();
    expect(d.issues).toEqual([
      {
        severity: 'error',
        server: 'github',
        file: FILE,
        message: `server "github" in ${FILE}: environment variable \${GITHUB_TOKEN} is not set; set it or write \${GITHUB_TOKEN:-default}`,
      },
    ]);
  });

  it('an unset variable in the url is reported once, not as a bad url', () => {
    const d = norm({ type: 'sse', url: '${BASE_URL}/sse' });
    expect(errors(d)).toEqual([`server "srv" in ${FILE}: environment variable \${BASE_URL} is not set; set it or write \${BASE_URL:-default}`]);
  });
});

describe('normalizeEntry: paths', () => {
  it('resolves a relative cwd against the config file folder', () => {
    const d = norm({ command: 'node', cwd: 'tools/server' });
    expect(d.config).toMatchObject({ cwd: resolve('/tmp/proj/tools/server') });
  });

  it('keeps an absolute cwd', () => {
    expect(norm({ command: 'node', cwd: '/opt/x' }).config).toMatchObject({ cwd: '/opt/x' });
  });

  it('resolves a relative inprocess module against the config file folder, and keeps a package name', () => {
    expect(norm({ type: 'inprocess', module: './servers/echo.js', export: 'create' }).config).toEqual(
      expect.objectContaining({ type: 'inprocess', module: resolve('/tmp/proj/servers/echo.js'), export: 'create' }),
    );
    expect(norm({ module: '@acme/mcp-server' }).config).toMatchObject({ type: 'inprocess', module: '@acme/mcp-server' });
  });

  it('resolves a relative cwd against the current folder when the source has no file', () => {
    const adhoc: ConfigSource = { kind: 'adhoc', label: 'adhoc' };
    const d = normalizeEntry('srv', { command: 'node', cwd: 'sub' }, adhoc, {});
    expect(d.config).toMatchObject({ cwd: resolve(process.cwd(), 'sub') });
  });
});
