import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type LoadOptions } from '../../src/core/config/load.js';
import type { UserCatalog } from '../../src/core/config/user-catalog.js';

let root: string;
let home: string;
let project: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mcpdeck-precedence-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(project, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A server "shared" (and one of the file's own) written into a file, in the shape its client reads. */
function put(path: string, who: string, shape: 'mcpServers' | 'servers' = 'mcpServers', extra: Record<string, unknown> = {}): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ ...extra, [shape]: { shared: { command: who }, [`only-${who}`]: { command: who } } }));
}
const catalog = (who: string): UserCatalog => ({
  path: join(root, 'config', 'servers.json'),
  read: () => ({ shared: { command: who } }),
  write: () => undefined,
});
const load = (options: Partial<LoadOptions> = {}) => loadConfig({ cwd: project, home, platform: 'linux', env: {}, ...options });
const winner = (loaded: ReturnType<typeof load>) => (loaded.servers.find((s) => s.name === 'shared')!.config as { command: string }).command;

describe('which definition wins when two sources name the same server', () => {
  it('1. the user catalog wins over every client\'s user file', () => {
    put(join(home, '.cursor/mcp.json'), 'cursor');
    const loaded = load({ userCatalog: catalog('catalog') });
    expect(winner(loaded)).toBe('catalog');
    expect(loaded.conflicts).toEqual([{ name: 'shared', winner: 'user', overridden: ['cursor'] }]);
  });

  it('2. a client\'s project file wins over the user catalog, and says so (mcpdeck\'s own lost)', () => {
    put(join(project, '.cursor/mcp.json'), 'cursor-project');
    const loaded = load({ userCatalog: catalog('catalog') });
    expect(winner(loaded)).toBe('cursor-project');
    expect(loaded.issues.map((i) => i.message)).toContain('server "shared" from cursor:project overrides the one from user');
  });

  it('3. the project .mcp.json wins over other clients\' project files', () => {
    put(join(project, '.vscode/mcp.json'), 'vscode-project', 'servers');
    put(join(project, '.mcp.json'), 'project');
    expect(winner(load())).toBe('project');
  });

  it('4. --config files win over everything, the last one most', () => {
    put(join(project, '.mcp.json'), 'project');
    put(join(root, 'a.json'), 'a');
    put(join(root, 'b.json'), 'b');
    const loaded = load({ configFiles: [join(root, 'a.json'), join(root, 'b.json')] });
    expect(winner(loaded)).toBe('b');
    expect(loaded.conflicts[0]).toEqual({ name: 'shared', winner: `file:${join(root, 'b.json')}`, overridden: [`file:${join(root, 'a.json')}`, 'project'] });
  });

  it('5. within one level, the later client in the list wins (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Gemini CLI, Codex, qodercli)', () => {
    put(join(home, '.config/Claude/claude_desktop_config.json'), 'desktop');
    put(join(home, '.cursor/mcp.json'), 'cursor');
    put(join(home, '.gemini/settings.json'), 'gemini');
    const loaded = load();
    expect(winner(loaded)).toBe('gemini');
    expect(loaded.conflicts).toEqual([{ name: 'shared', winner: 'gemini', overridden: ['cursor', 'claude-desktop'] }]);
    // Duplicates among other clients are common (one server set up in each): no warning for them.
    expect(loaded.issues).toEqual([]);
  });

  it('6. within one client: user, then project, then local (this folder in ~/.claude.json)', () => {
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, '.claude.json'), JSON.stringify({
      mcpServers: { shared: { command: 'cc-user' } },
      projects: { [project]: { mcpServers: { shared: { command: 'cc-local' } } } },
    }));
    put(join(project, '.mcp.json'), 'project');
    const loaded = load();
    // Local is a project-level source of Claude Code; mcpdeck's own project file still comes after it.
    expect(loaded.conflicts[0]).toEqual({ name: 'shared', winner: 'project', overridden: ['claude-code:local', 'claude-code'] });
  });

  it('7. a hidden source is not read at all; --strict reads only --config files', () => {
    put(join(home, '.cursor/mcp.json'), 'cursor');
    put(join(home, '.codeium/windsurf/mcp_config.json'), 'windsurf');
    const hidden = load({ hiddenSources: ['windsurf'] });
    expect(winner(hidden)).toBe('cursor');
    expect(hidden.sources.find((s) => s.id === 'windsurf')).toMatchObject({ status: 'hidden', servers: [] });
    put(join(root, 'only.json'), 'only');
    const strict = load({ strict: true, configFiles: [join(root, 'only.json')], userCatalog: catalog('catalog') });
    expect(strict.servers.map((s) => s.name)).toEqual(['shared', 'only-only']);
    expect(strict.sources.filter((s) => s.status === 'skipped').map((s) => s.id)).toContain('cursor');
    expect(strict.sources.find((s) => s.id === 'user')).toMatchObject({ status: 'skipped', reason: '--strict reads only the --config files' });
  });

  it('an identical definition in mcpdeck\'s own files overrides quietly', () => {
    put(join(project, '.mcp.json'), 'same');
    const loaded = load({ userCatalog: catalog('same') });
    expect(loaded.issues).toEqual([]);
    expect(loaded.conflicts).toEqual([{ name: 'shared', winner: 'project', overridden: ['user'] }]);
  });

  it('lists every source in precedence order with what it gave', () => {
    put(join(home, '.cursor/mcp.json'), 'cursor');
    const loaded = load({ userCatalog: catalog('catalog') });
    expect(loaded.sources.map((s) => s.id)).toEqual([
      'claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'gemini', 'codex', 'qoder', 'user',
      'claude-code:local', 'cursor:project', 'vscode:project', 'gemini:project', 'qoder:local', 'project',
    ]);
    expect(loaded.sources.find((s) => s.id === 'cursor')).toMatchObject({ status: 'read', servers: ['shared', 'only-cursor'] });
    expect(loaded.sources.find((s) => s.id === 'vscode')).toMatchObject({ status: 'missing' });
    expect(loaded.winners).toEqual([{ name: 'only-cursor', source: 'cursor' }, { name: 'shared', source: 'user' }]);
  });
});
