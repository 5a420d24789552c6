import type { Terminal } from './tmux.js';

/**
 * From the server list, as a person would: opens the first (selected) server, filters
 * its tools down to `tool` (listed by its name, `title` beside it) and opens its form.
 * Resolves with the form on screen.
 */
export async function openTool(term: Terminal, tool: string, title: string): Promise<string> {
  await term.waitFor('✓ connected');
  await term.keys('Enter');
  await term.waitFor(/1 Tools \(\d+\)/);
  await term.keys('/');
  await term.type(tool);
  await term.keys('Enter');
  await term.waitFor((s) => s.includes(`› ${tool} `) && s.includes(title.slice(0, 20)));
  await term.keys('Enter');
  return term.waitFor('[ call ]');
}
