import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { openTool } from './helpers/tools.js';
import { everythingStdio } from '../helpers/servers.js';

const everything = everythingStdio();
const ASKS_TWICE = fileURLToPath(new URL('./helpers/asks-twice.mjs', import.meta.url));
const TOOL = 'trigger-elicitation-request';
const TITLE = 'Trigger Elicitation Request Tool';
const FORM = 'everything asks you to fill in a form';

describe('forms and sampling in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('answers server-everything\'s form at 80x24: the prompt over the running call, the values in the result', async () => {
    term = openTerminal({ everything }, { columns: 80, rows: 24 });
    await openTool(term, TOOL, TITLE);
    await term.waitFor('no arguments to fill in');
    await term.keys('C-s');
    const prompt = await term.waitFor(FORM);
    expect(prompt).toContain('waiting for your answer');
    expect(prompt).toContain('1 of 1');
    for (const button of ['[ Accept ]', '[ Decline ] ctrl+x', '[ Cancel ] esc', '╰']) expect(prompt).toContain(button);
    expect(prompt.trimEnd().split('\n').length).toBeLessThanOrEqual(24);
    await term.type('Grace Hopper');
    await term.keys('Tab', 'Space');
    await term.waitFor('[x] yes');
    await term.keys('C-s');
    const result = await term.waitFor('- Name: Grace Hopper');
    expect(result).not.toContain(FORM);
    expect(result).toContain('- Agreed to terms: true');
    expect(result).toContain('- Favorite Integer: 42');
  });

  it('declines with ctrl+x, then calls again and cancels with esc: the server hears each', async () => {
    term = openTerminal({ everything });
    await openTool(term, TOOL, TITLE);
    await term.keys('C-s');
    await term.waitFor(FORM);
    await term.keys('C-x');
    const declined = await term.waitFor('User declined to provide the requested information.');
    expect(declined).not.toContain(FORM);
    expect(declined).toContain('"action": "decline"');
    // `a` goes back to the (empty) form to call again.
    await term.keys('a');
    await term.waitFor('no arguments to fill in');
    await term.keys('C-s');
    await term.waitFor(FORM);
    await term.keys('Escape');
    const cancelled = await term.waitFor('User cancelled the elicitation dialog.');
    expect(cancelled).not.toContain(FORM);
    expect(cancelled).toContain('"action": "cancel"');
  });

  it('answers a sampling request by hand: the reply written here is the tool\'s result', async () => {
    term = openTerminal({ everything }, { columns: 80, rows: 24 });
    await openTool(term, 'trigger-sampling-request', 'Trigger Sampling Request Tool');
    await term.type('Name a colour');
    await term.keys('C-s');
    const prompt = await term.waitFor('everything asks for a model reply (sampling)');
    expect(prompt).toContain('You are a helpful test server.');
    expect(prompt).toMatch(/max 100 tokens/);
    expect(prompt).toContain('Resource trigger-sampling-request context: Name a colour');
    expect(prompt).toContain('[ Send ] ctrl+s');
    await term.type('Teal, obviously.');
    // Enter starts a new line of the reply; ctrl+s sends it.
    await term.keys('Enter');
    await term.type('Or grey.');
    await term.keys('C-s');
    const result = await term.waitFor('LLM sampling result');
    expect(result).not.toContain('asks for a model reply');
    expect(result).toContain('"model": "mcpdeck (written by hand)"');
    expect(result).toContain('"text": "Teal, obviously.\\nOr grey."');
  });

  it("the demo's survey at 80x24: an email, an integer, a yes/no and a titled choice come back as answered", async () => {
    term = openTerminal({}, { columns: 80, rows: 24, args: ['--demo'] });
    await openTool(term, 'survey', 'Take a short survey');
    await term.keys('C-s');
    const prompt = await term.waitFor('demo asks you to fill in a form');
    expect(prompt).toMatch(/Cups of coffee a day\s+2\s/);
    expect(prompt).toContain('Same as my system');
    await term.type('nobody');
    await term.keys('C-s');
    await term.waitFor('must be an email address');
    await term.type('@example.com');
    await term.keys('Tab', 'BSpace');
    await term.type('4');
    await term.keys('Tab', 'Space', 'Tab', 'Right');
    await term.waitFor('‹ Dark ›');
    await term.keys('C-s');
    const result = await term.waitFor('You answered:');
    expect(result).not.toContain('asks you to fill in a form');
    for (const line of ['- email: nobody@example.com', '- cups of coffee a day: 4', '- newsletter: yes', '- colour theme: Dark']) expect(result).toContain(line);
  });

  it('queues two requests asked at once: "1 of 2", then the second after the first is answered', async () => {
    term = openTerminal({ twice: { command: process.execPath, args: [ASKS_TWICE] } });
    await openTool(term, 'ask-twice', 'Ask twice');
    await term.keys('C-s');
    const first = await term.waitFor((s) => s.includes('twice asks you to fill in a form') && s.includes('1 of 2'));
    expect(first).toContain('What is your name?');
    await term.type('Ada');
    await term.keys('C-s');
    const second = await term.waitFor((s) => s.includes('twice asks for a model reply (sampling)') && s.includes('1 of 1'));
    expect(second).toContain('Say hello to the person');
    expect(second).toContain('waiting for your answer');
    await term.type('Hello, Ada!');
    await term.keys('C-s');
    const result = await term.waitFor('✓ ok');
    expect(result).toContain('form: accept {"name":"Ada"}');
    expect(result).toContain('reply: Hello, Ada!');
  });
});
