// Completions in a real terminal: suggestions appear under the field being typed in, tab
// takes one, and the next field's suggestions follow from it (server-everything's
// completable prompt), and a template variable of the 2026 fixture completes the same way
// (↓ chooses another suggestion first).
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { everythingStdio } from '../helpers/servers.js';

const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));

/** Opens the first server's tab `tab`, filters it to `filter`, and opens the form of what is left. */
async function openForm(term: Terminal, tab: string, filter: string, heading: string): Promise<string> {
  await term.waitFor('✓ connected');
  await term.keys('Enter');
  await term.waitFor(/1 Tools \(\d+\)/);
  await term.keys(tab);
  await term.keys('/');
  await term.type(filter);
  await term.keys('Enter');
  await term.waitFor(/1 of \d+/);
  await term.keys('Enter');
  return term.waitFor(heading);
}

describe('completions in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('a prompt argument: typed, suggested, taken with tab; the next field suggests from it; the prompt is got', async () => {
    term = openTerminal({ everything: everythingStdio() }, { columns: 80, rows: 24 });
    await openForm(term, '3', 'team management', 'arguments (* required)');
    await term.type('E');
    // The footer offers the suggestion's keys once the suggestion shows (its frame may come a moment after).
    await term.waitFor((s) => s.includes('⇥ Engineering') && /tab take suggestion/.test(s));
    await term.keys('Tab');
    await term.waitFor((s) => /› department\*\s+Engineering/.test(s) && !s.includes('⇥'));
    await term.keys('Tab');
    const names = await term.waitFor('⇥ Alice');
    expect(names).toMatch(/⇥ Alice\n\s+Bob\n\s+Charlie\n/);
    await term.type('C');
    await term.waitFor((s) => s.includes('⇥ Charlie') && !s.includes('Alice'));
    await term.keys('Tab');
    await term.waitFor(/› name\*\s+Charlie/);
    await term.keys('C-s');
    await term.waitFor('Please promote Charlie to the head of the Engineering team.');
  });

  it('a template variable of a 2026 server: a suggestion chosen with ↓, taken with tab, and the resource it names read', async () => {
    term = openTerminal({ modern: { command: process.execPath, args: [MODERN, 'stdio', 'reject'] } }, { columns: 80, rows: 24 });
    await openForm(term, '2', 'notes', 'modern://notes/{name}');
    await term.type('b');
    await term.waitFor((s) => /⇥ beta\n\s+bravo/.test(s) && !s.includes('alpha') && /↑↓ choose suggestion/.test(s));
    await term.keys('Down');
    await term.waitFor(/\n\s+beta\n\s+⇥ bravo/);
    await term.keys('Tab');
    await term.waitFor(/› name\*?\s+bravo/);
    await term.keys('C-s');
    await term.waitFor('note bravo');
  });
});
