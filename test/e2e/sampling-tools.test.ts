// Sampling with tools in a real terminal: the tools offered are shown (their server text
// harmless), one is picked and its input filled in, and the tool use is the model's answer.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { openTool } from './helpers/tools.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/servers/sampling-tools.mjs', import.meta.url));

describe('sampling with tools in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('answers with a tool use at 80x24: picked with ↓, input typed, sent with ctrl+s', async () => {
    term = openTerminal({ agent: { command: process.execPath, args: [FIXTURE, 'v1'] } }, { columns: 80, rows: 24 });
    await openTool(term, 'ask_agent', '');
    await term.type('Weather?');
    await term.keys('C-s');
    const prompt = await term.waitFor('agent asks for a model reply (sampling)');
    expect(prompt).toContain('2 offered, the model may use one (tool choice auto)');
    await term.keys('C-t');
    const tools = await term.waitFor('Use a tool, as the assistant:');
    expect(tools).toMatch(/▸ get_weather\(city: string, units\?: "c" \| "f"\)/);
    await term.keys('Down');
    await term.waitFor('▸ get_time()');
    await term.keys('Up', 'Enter');
    await term.waitFor('Use get_weather, as the assistant; its input:');
    await term.type('Oslo');
    await term.keys('C-s');
    const result = await term.waitFor('model said:');
    expect(result.replace(/\n/g, '')).toContain('"stopReason":"toolUse"');
    expect(result.replace(/\n/g, '')).toContain('"input":{"city":"Oslo"}');
    expect(result).not.toContain('asks for a model reply');
  });
});
