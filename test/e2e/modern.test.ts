// A 2026-07-28-only server in a real terminal: its revision on the dashboard, and a
// question it asks inside a call's result (input_required) answered in the deck's form.
import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { openTool } from './helpers/tools.js';

const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));
const modern = { command: process.execPath, args: [MODERN, 'stdio', 'reject'] };

describe('a server of the current protocol revision in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('shows the revision, and answers an input_required form: the call goes on with the answer', async () => {
    term = openTerminal({ modern }, { columns: 80, rows: 24 });
    const dashboard = await term.waitFor('protocol 2026-07-28 (current)');
    expect(dashboard).toContain('✓ connected');
    await openTool(term, 'greet', 'greet');
    await term.waitFor('no arguments to fill in');
    await term.keys('C-s');
    // greet declares no annotations, so by the spec's defaults it may be destructive: asked first.
    await term.waitFor('Send this call?');
    await term.keys('y');
    const prompt = await term.waitFor('modern asks you to fill in a form');
    expect(prompt).toContain('Who is there?');
    expect(prompt).toContain('waiting for your answer');
    await term.type('Ada Lovelace');
    await term.keys('C-s');
    const result = await term.waitFor('hello, Ada Lovelace');
    expect(result).not.toContain('asks you to fill in a form');
  });
});
