import { afterEach, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { openTerminal, type Terminal } from './helpers/tmux.js';

const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };

describe('elicitation in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('answers server-everything\'s form at 80x24: the prompt over the running call, the values in the result', async () => {
    term = openTerminal({ everything }, { columns: 80, rows: 24 });
    await term.waitFor('✓ connected');
    await term.keys('Enter');
    await term.waitFor(/1 Tools \(\d+\)/);
    await term.keys('/');
    await term.type('trigger-elicitation-request');
    await term.keys('Enter');
    await term.waitFor(/› Trigger Elicitation Request Tool/);
    await term.keys('Enter');
    await term.waitFor('no arguments to fill in');
    await term.keys('C-s');
    const prompt = await term.waitFor('everything asks you to fill in a form');
    expect(prompt).toContain('waiting for your answer');
    expect(prompt).toContain('1 of 1');
    for (const button of ['[ Accept ]', '[ Decline ] ctrl+x', '[ Cancel ] esc', '╰']) expect(prompt).toContain(button);
    expect(prompt.trimEnd().split('\n').length).toBeLessThanOrEqual(24);
    await term.type('Grace Hopper');
    await term.keys('Tab', 'Space');
    await term.waitFor('[x] yes');
    await term.keys('C-s');
    const result = await term.waitFor('- Name: Grace Hopper');
    expect(result).not.toContain('asks you to fill in a form');
    expect(result).toContain('- Agreed to terms: true');
    expect(result).toContain('- Favorite Integer: 42');
  });
});
