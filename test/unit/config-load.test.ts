import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import type { UserCatalog } from '../../src/core/config/user-catalog.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdeck-load-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, content: unknown) => {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
};
const servers = (map: Record<string, unknown>) => ({ mcpServers: map });
/** A stand-in for the conf-backed catalog: only read() and path are used by loadConfig. */
const fakeCatalog = (map: Record<string, unknown>, path = join(dir, 'user', 'servers.json')): UserCatalog => ({
  path,
  read: () => map,
  write: () => {
    throw new Error('not used');
  },
});

describe('loadConfig: file errors', () => {
  it('reports a JSON syntax error with file, line and column', () => {
    const text = '{\n  "mcpServers": {\n    "a": { "command": "node" "args": [] }\n  }\n}\n';
    const path = write('.mcp.json', text);
    const { servers: loaded, issues } = loadConfig({ cwd: dir, home: dir, env: {} });
    const column = text.split('\n')[2]!.indexOf('"args"') + 1;
    expect(loaded).toEqual([]);
    expect(issues).toEqual([
      { severity: 'error', file: path, line: 3, column, message: `${path}:3:${column}: JSON syntax error: expected ','` },
    ]);
  });

  it('tolerates comments and trailing commas', () => {
    write('.mcp.json', '// project servers\n{ "mcpServers": { "a": { "command": "node", /* why */ }, }, }\n');
    const { servers: loaded, issues } = loadConfig({ cwd: dir, home: dir, env: {} });
    expect(issues).toEqual([]);
    expect(loaded.map((s) => s.name)).toEqual(['a']);
  });

  it('reports a missing --config file', () => {
    const path = join(dir, 'nope.json');
    const { issues } = loadConfig({ cwd: dir, home: dir, env: {}, configFiles: ['nope.json'] });
    expect(issues).toEqual([{ severity: 'error', file: path, message: `${path}: file not found` }]);
  });

  it('is quiet when the project has no .mcp.json', () => {
    const loaded = loadConfig({ cwd: dir, env: {}, home: join(dir, 'home') });
    expect([loaded.servers, loaded.issues]).toEqual([[], []]);
    expect(loaded.sources.find((s) => s.id === 'project')).toMatchObject({ status: 'missing', path: join(dir, '.mcp.json') });
  });

  it('reports a file without an mcpServers map', () => {
    const path = write('servers.json', { servers: { a: { command: 'node' } } });
    const { issues } = loadConfig({ cwd: dir, home: dir, env: {}, configFiles: [path] });
    expect(issues).toEqual([
      {
        severity: 'error',
        file: path,
        message: `${path}: expected an object with an "mcpServers" map, like {"mcpServers": {"name": {"command": "..."}}}`,
      },
    ]);
  });

  it('passes on issues of each server, with the server named', () => {
    write('.mcp.json', servers({ broken: { type: 'carrier-pigeon' } }));
    const { servers: loaded, issues } = loadConfig({ cwd: dir, home: dir, env: {} });
    expect(loaded).toHaveLength(1);
    expect(loaded[0]!.config).toBeUndefined();
    expect(issues).toEqual([expect.objectContaining({ severity: 'error', server: 'broken', message: expect.stringContaining('unknown type "carrier-pigeon"') })]);
  });
});

describe('loadConfig: sources and precedence', () => {
  it('records kind, label and path for each source', () => {
    const project = write('.mcp.json', servers({ p: { command: 'p' } }));
    const extra = write('conf/extra.json', servers({ f: { command: 'f' } }));
    const catalog = fakeCatalog({ u: { command: 'u' } });
    const { servers: loaded, issues } = loadConfig({ cwd: dir, home: dir, env: {}, userCatalog: catalog, configFiles: ['conf/extra.json'] });
    expect(issues).toEqual([]);
    expect(Object.fromEntries(loaded.map((s) => [s.name, s.source]))).toEqual({
      u: { kind: 'user', label: 'user', path: catalog.path },
      p: { kind: 'project', label: 'project', path: project },
      f: { kind: 'file', label: 'extra.json', path: extra },
    });
  });

  it('lets the project override the user catalog, and --config files override both, in order', () => {
    write('.mcp.json', servers({ shared: { command: 'from-project' } }));
    write('a.json', servers({ shared: { command: 'from-a' } }));
    write('b.json', servers({ shared: { command: 'from-b' } }));
    const { servers: loaded, issues } = loadConfig({
      cwd: dir,
      home: dir,
      env: {},
      userCatalog: fakeCatalog({ shared: { command: 'from-user' } }),
      configFiles: ['a.json', 'b.json'],
    });
    expect(loaded).toHaveLength(1);
    expect(loaded[0]!.config).toMatchObject({ command: 'from-b' });
    expect(issues.map((i) => i.message)).toEqual([
      'server "shared" from project overrides the one from user',
      'server "shared" from a.json overrides the one from project',
      'server "shared" from b.json overrides the one from a.json',
    ]);
    expect(issues.every((i) => i.severity === 'warning')).toBe(true);
  });

  it('in strict mode reads only the --config files', () => {
    write('.mcp.json', servers({ p: { command: 'p' } }));
    write('only.json', servers({ f: { command: 'f' } }));
    const { servers: loaded, issues } = loadConfig({
      cwd: dir,
      home: dir,
      env: {},
      strict: true,
      userCatalog: fakeCatalog({ u: { command: 'u' } }),
      configFiles: ['only.json'],
    });
    expect(issues).toEqual([]);
    expect(loaded.map((s) => s.name)).toEqual(['f']);
  });

  it('skips a broken project file but still loads the others', () => {
    write('.mcp.json', '{ "mcpServers": ');
    write('ok.json', servers({ f: { command: 'f' } }));
    const { servers: loaded, issues } = loadConfig({ cwd: dir, home: dir, env: {}, configFiles: ['ok.json'] });
    expect(loaded.map((s) => s.name)).toEqual(['f']);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toContain(`${join(dir, '.mcp.json')}:1:`);
  });

  it('expands variables from the env it is given', () => {
    write('.mcp.json', servers({ a: { command: 'node', env: { TOKEN: '${MY_TOKEN}' } } }));
    const { servers: loaded } = loadConfig({ cwd: dir, home: dir, env: { MY_TOKEN: 'xyz' } });
    expect(loaded[0]!.config).toMatchObject({ env: { TOKEN: 'xyz' } });
  });

  it('resolves relative cwd and module against the folder of the file that names them', () => {
    write('nested/deep.json', servers({ s: { command: 'node', cwd: 'work' }, m: { type: 'inprocess', module: '../lib/server.js' } }));
    const { servers: loaded, issues } = loadConfig({ cwd: dir, home: dir, env: {}, configFiles: ['nested/deep.json'] });
    expect(issues).toEqual([]);
    const byName = Object.fromEntries(loaded.map((s) => [s.name, s.config]));
    expect(byName.s).toMatchObject({ cwd: join(dir, 'nested', 'work') });
    expect(byName.m).toMatchObject({ module: join(dir, 'lib', 'server.js') });
  });
});
