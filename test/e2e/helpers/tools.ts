import type { Terminal } from './tmux.js';

/**
 * From the server list, as a person would: opens the first (selected) server, filters
 * its tools down to `tool` and opens its form. Resolves with the form on screen.
 */
export async function openTool(term: Terminal, tool: string, title: string): Promise<string> {
  await term.waitFor('✓ connected');
  await term.keys('Enter');
  await term.waitFor(/1 Tools \(\d+\)/);
  await term.keys('/');
  await term.type(tool);
  await term.keys('Enter');
  await term.waitFor(`› ${title}`);
  await term.keys('Enter');
  return term.waitFor('[ call ]');
}
