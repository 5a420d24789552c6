import { describe, expect, it } from 'vitest';
import { CLIENTS } from '../../src/core/config/sources/registry.js';
import { whereFrom } from '../../src/core/config/sources/where.js';

/** Every file each client reads, as "id: path [at]", for one machine. */
function locations(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, cwd: string): string[] {
  const where = whereFrom({ env, cwd, platform });
  return CLIENTS.flatMap((c) => c.files(where).map((f) => `${c.id}:${f.scope}: ${f.path}${f.at[0] === 'mcpServers' && f.at.length === 1 ? '' : ` [${f.at.join(' > ')}]`}`));
}

describe('where each client keeps its servers', () => {
  it('on Linux (XDG_CONFIG_HOME unset)', () => {
    expect(locations('linux', { HOME: '/home/ann' }, '/work/app')).toEqual([
      'claude-desktop:user: /home/ann/.config/Claude/claude_desktop_config.json',
      'claude-code:user: /home/ann/.claude.json',
      'claude-code:project: /work/app/.mcp.json',
      'claude-code:local: /home/ann/.claude.json [projects > /work/app > mcpServers]',
      'cursor:user: /home/ann/.cursor/mcp.json',
      'cursor:project: /work/app/.cursor/mcp.json',
      'vscode:user: /home/ann/.config/Code/User/mcp.json [servers]',
      'vscode:project: /work/app/.vscode/mcp.json [servers]',
      'windsurf:user: /home/ann/.codeium/windsurf/mcp_config.json',
      'gemini:user: /home/ann/.gemini/settings.json',
      'gemini:project: /work/app/.gemini/settings.json',
      'codex:user: /home/ann/.codex/config.toml [mcp_servers]',
      'qoder:user: /home/ann/.qoder/settings.json',
      'qoder:project: /work/app/.mcp.json',
      'qoder:local: /work/app/.qoder/settings.local.json',
    ]);
  });

  it('on Linux, XDG_CONFIG_HOME, CODEX_HOME and CLAUDE_CONFIG_DIR move what they move', () => {
    const env = { HOME: '/home/ann', XDG_CONFIG_HOME: '/xdg', CODEX_HOME: '/codex', CLAUDE_CONFIG_DIR: '/claude' };
    const all = locations('linux', env, '/work/app');
    expect(all).toContain('claude-desktop:user: /xdg/Claude/claude_desktop_config.json');
    expect(all).toContain('vscode:user: /xdg/Code/User/mcp.json [servers]');
    expect(all).toContain('codex:user: /codex/config.toml [mcp_servers]');
    expect(all).toContain('claude-code:user: /claude/.claude.json');
    expect(all).toContain('claude-code:local: /claude/.claude.json [projects > /work/app > mcpServers]');
  });

  it('on macOS', () => {
    const all = locations('darwin', { HOME: '/Users/ann' }, '/Users/ann/app');
    expect(all).toContain('claude-desktop:user: /Users/ann/Library/Application Support/Claude/claude_desktop_config.json');
    expect(all).toContain('vscode:user: /Users/ann/Library/Application Support/Code/User/mcp.json [servers]');
    expect(all).toContain('cursor:user: /Users/ann/.cursor/mcp.json');
    expect(all).toContain('windsurf:user: /Users/ann/.codeium/windsurf/mcp_config.json');
    expect(all).toContain('gemini:user: /Users/ann/.gemini/settings.json');
  });

  it('on Windows: %APPDATA% for the desktop apps, %USERPROFILE% for the rest, backslashes, forward slashes in Claude Code\'s project key', () => {
    const env = { USERPROFILE: 'C:\\Users\\ann', APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' };
    const all = locations('win32', env, 'C:\\work\\app');
    expect(all).toContain('claude-desktop:user: C:\\Users\\ann\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
    expect(all).toContain('vscode:user: C:\\Users\\ann\\AppData\\Roaming\\Code\\User\\mcp.json [servers]');
    expect(all).toContain('vscode:project: C:\\work\\app\\.vscode\\mcp.json [servers]');
    expect(all).toContain('claude-code:user: C:\\Users\\ann\\.claude.json');
    expect(all).toContain('claude-code:local: C:\\Users\\ann\\.claude.json [projects > C:/work/app > mcpServers]');
    expect(all).toContain('windsurf:user: C:\\Users\\ann\\.codeium\\windsurf\\mcp_config.json');
    expect(all).toContain('codex:user: C:\\Users\\ann\\.codex\\config.toml [mcp_servers]');
  });

  it('on Windows without %APPDATA%, under the profile', () => {
    expect(locations('win32', { USERPROFILE: 'C:\\Users\\ann' }, 'C:\\app')).toContain(
      'claude-desktop:user: C:\\Users\\ann\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
  });
});
