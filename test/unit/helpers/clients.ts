import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../../fixtures/clients/', import.meta.url));

export const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

/** Where each fixture goes on Linux, relative to the home (~) or the project folder (.), written out by hand. */
export const PLACES: Record<string, string> = {
  'claude_desktop_config.json': '~/.config/Claude/claude_desktop_config.json',
  'claude.json': '~/.claude.json',
  'claude-code.mcp.json': './.mcp.json',
  'cursor.mcp.json': '~/.cursor/mcp.json',
  'cursor.project.mcp.json': './.cursor/mcp.json',
  'vscode.user.mcp.json': '~/.config/Code/User/mcp.json',
  'vscode.workspace.mcp.json': './.vscode/mcp.json',
  'windsurf.mcp_config.json': '~/.codeium/windsurf/mcp_config.json',
  'gemini.settings.json': '~/.gemini/settings.json',
  'gemini.project.settings.json': './.gemini/settings.json',
  'codex.config.toml': '~/.codex/config.toml',
  'qoder.settings.json': '~/.qoder/settings.json',
  'qoder.settings.local.json': './.qoder/settings.local.json',
};

export interface Machine {
  root: string;
  home: string;
  project: string;
  /** The path a fixture was placed at. */
  at: (fixture: string) => string;
}

/** A temp home and project folder; `names` fixtures placed where their client keeps them (all by default). */
export function machine(names: string[] = Object.keys(PLACES)): Machine {
  const root = mkdtempSync(join(tmpdir(), 'mcpdeck-clients-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const at = (name: string) => {
    const place = PLACES[name]!;
    return place.startsWith('~/') ? join(home, place.slice(2)) : join(project, place.slice(2));
  };
  for (const name of names) {
    const path = at(name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, fixture(name).replaceAll('__PROJECT__', project));
  }
  return { root, home, project, at };
}
