import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { openTool } from './helpers/tools.js';
import { everythingStdio } from '../helpers/servers.js';

const SHAPES = fileURLToPath(new URL('../fixtures/servers/form-shapes.mjs', import.meta.url));

describe('forms in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('fills a field of two types and an item of a list of objects, and sends them', async () => {
    term = openTerminal({ shapes: { command: process.execPath, args: [SHAPES] } }, { columns: 100, rows: 30 });
    await openTool(term, 'plan_trip', 'Plans a trip');
    await term.type('Ada');
    await term.keys('Tab');
    await term.waitFor(/› flexible\*\s+boolean: \[ \] no/);
    await term.keys('C-t');
    await term.waitFor(/› flexible\*\s+string:/);
    await term.type('a day either way');
    await term.keys('Tab', 'Tab');
    await term.waitFor(/› stops\*\s+no items · ctrl\+n adds one/);
    await term.keys('C-n');
    await term.waitFor('stops › item 1 of 1  esc back to the list');
    await term.type('Oslo');
    await term.keys('Tab');
    await term.type('2');
    await term.keys('Escape');
    await term.waitFor(/› stops\*\s+1\. city: Oslo, nights: 2/);
    await term.keys('C-s');
    const result = await term.waitFor('✓ ok');
    expect(result).toContain('got {"traveller":"Ada","flexible":"a day either way","stops":[{"city":"Oslo","nights":2}]}');
    expect(result).toContain(`$ mcpdeck call shapes plan_trip --args '{"traveller":"Ada","flexible":"a day either way","stops":[`);
  });

  it('chooses one of several object shapes and sends it to a real server, which takes it', async () => {
    term = openTerminal({ shapes: { command: process.execPath, args: [SHAPES] } }, { columns: 100, rows: 30 });
    await openTool(term, 'draw', 'Draws a shape');
    await term.waitFor(/› shape\*\s+‹ circle ›\s+1\/2/);
    await term.keys('Right');
    await term.waitFor(/› shape\*\s+‹ rect ›/);
    await term.keys('Tab');
    await term.type('3');
    await term.keys('Tab');
    await term.type('2');
    await term.keys('C-s');
    const result = await term.waitFor('✓ ok');
    expect(result).toContain('got {"shape":{"kind":"rect","width":3,"height":2}}');
  });

  it('at 80x24, ← and → on a prompt form stay in it, and the arguments are there again after esc and another tab', async () => {
    term = openTerminal({ everything: everythingStdio() }, { columns: 80, rows: 24 });
    await term.waitFor('✓ connected');
    await term.keys('Enter');
    await term.waitFor(/Tools.*Resources.*Prompts/);
    await term.keys('3');
    await term.waitFor('Arguments Prompt');
    await term.type('/arguments prompt');
    await term.keys('Enter', 'Enter');
    await term.waitFor('arguments (* required)');
    await term.type('Paris');
    await term.keys('Down');
    await term.type('IDF');
    await term.keys('Down');
    await term.waitFor(/› \[ get \]/);
    await term.keys('Right', 'Right', 'Left');
    await term.waitFor(/› \[ get \]/);
    expect(term.screen()).toContain('arguments (* required)');
    await term.keys('Escape');
    await term.waitFor((s) => !s.includes('arguments (* required)'));
    await term.keys('Right');
    await term.waitFor('Starting default (STDIO) server');
    await term.keys('Left');
    // The tab kept its filter and the prompt picked: Enter opens it again.
    await term.waitFor(/\/ arguments prompt  1 of 4/);
    await term.keys('Enter');
    const again = await term.waitFor('arguments (* required)');
    expect(again).toMatch(/city\*\s+Paris/);
    expect(again).toMatch(/state\s+IDF/);
  });

  it('sends arguments that fail the schema anyway, and server-everything refuses them itself', async () => {
    term = openTerminal({ everything: everythingStdio() }, { columns: 120, rows: 30 });
    await openTool(term, 'get-sum', 'Get Sum Tool');
    await term.type('two');
    await term.keys('Tab');
    await term.type('3');
    await term.keys('C-s');
    await term.waitFor('1 problem to fix · ctrl+y sends anyway');
    await term.keys('C-y');
    const result = await term.waitFor('✗ tool error');
    expect(result).toContain('⚠ sent anyway: the arguments fail the schema ("a" must be number)');
    expect(result).toContain('Input validation error');
    expect(result).toContain('# the arguments fail the schema: --no-validate sends them as they are');
    expect(result).toContain(`$ mcpdeck call everything get-sum --args '{"a":"two","b":3}' --no-validate`);
  });
});
