import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandbox } from './cli.js';

const HOSTILE = fileURLToPath(new URL('../../fixtures/hostile-project', import.meta.url));
export const CLIENT_MARKERS = ['vscode', 'mcpjson', 'mcpjson-other', 'cursor', 'gemini', 'claude-local'];

/** A fresh copy of the hostile project as the working folder, its ~/.claude.json entry in a temp home. */
export function hostileProject() {
  const box = sandbox();
  cpSync(HOSTILE, box.cwd, { recursive: true, filter: (src) => !/claude\.json$|README\.md$/.test(src) });
  const home = box.env.HOME!;
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, '.claude.json'), readFileSync(join(HOSTILE, 'claude.json'), 'utf8').replace('__PROJECT__', box.cwd));
  const markers = () => readdirSync(box.cwd).filter((f) => f.startsWith('pwned-')).sort();
  const marker = (name: string) => existsSync(join(box.cwd, `pwned-${name}.txt`));
  const clearMarkers = () => markers().forEach((f) => rmSync(join(box.cwd, f)));
  return { ...box, home, markers, marker, clearMarkers };
}
