import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY } from './helpers/render.js';
import { fits, startSession, type Session } from './helpers/elicitation.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/servers/sampling-tools.mjs', import.meta.url));
const agent = { command: process.execPath, args: [FIXTURE, 'v1'] };
const PROMPT = 'agent asks for a model reply (sampling)';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** Calls ask_agent with this question and tool choice; resolves once the overlay offers its keys. */
async function askAgent(session: Session, choice?: string): Promise<string> {
  await session.openTool('agent', 'ask_agent');
  await session.typeText('Weather in Oslo?');
  if (choice) {
    await session.app.press(KEY.down);
    for (let i = 0; i < ['auto', 'required', 'none'].indexOf(choice) + 1; i++) await session.app.press(KEY.right);
  }
  await session.app.press(KEY.ctrl('s'));
  await session.app.waitFor(PROMPT);
  return session.offered('ctrl+s send reply');
}

describe('sampling with tools, answered by hand', () => {
  it('shows the tools offered and the choice, and answers with a tool use filled in through the form', async () => {
    s = await startSession({ columns: 100, rows: 30 }, { agent });
    const prompt = await askAgent(s, 'auto');
    expect(fits(prompt, 100, 30), prompt).toBe(true);
    expect(prompt).toMatch(/tools\s+2 offered, the model may use one \(tool choice auto\): get_weather, get_time/);
    expect(prompt).toContain('[ Use a tool ] ctrl+t');
    // Into the tools: the description is server text, its escape sequences never reach the terminal raw.
    await s.app.press(KEY.ctrl('t'));
    let frame = await s.offered('↑↓ pick tool');
    expect(frame).toContain('Use a tool, as the assistant:');
    expect(frame).toMatch(/▸ get_weather\(city: string, units\?: "c" \| "f"\) — The weather in a city/);
    expect(frame).toContain('  get_time() — The time now');
    expect(frame).not.toContain('\u001b[31m');
    expect(frame).toContain('[ Write text ] ctrl+t');
    await s.app.press(KEY.down);
    await s.app.waitFor('▸ get_time()');
    await s.app.press(KEY.up);
    await s.app.waitFor('▸ get_weather(');
    await s.app.press(KEY.enter);
    frame = await s.app.waitFor('Use get_weather, as the assistant; its input:');
    expect(frame).toContain('[ Use tool ]');
    // The form checks the input against the tool's schema: city is required.
    await s.app.press(KEY.ctrl('s'));
    await s.app.waitFor('required');
    await s.typeText('Oslo');
    await s.app.press(KEY.ctrl('s'));
    const result = (await s.app.waitFor('✓ ok')).replace(/\x1b\[\d+m/g, '').replace(/\n/g, '');
    expect(result).not.toContain(PROMPT);
    expect(result).toContain('"stopReason":"toolUse"');
    expect(result).toContain('"type":"tool_use","name":"get_weather"');
    expect(result).toContain('"input":{"city":"Oslo"}');
  });

  it('a text reply where a tool use is required is refused with the reason, and the prompt stays', async () => {
    s = await startSession({ columns: 100, rows: 30 }, { agent });
    const prompt = await askAgent(s, 'required');
    expect(prompt).toContain('the model must use one (tool choice required)');
    await s.typeText('Sunny.');
    await s.app.press(KEY.ctrl('s'));
    await s.app.waitFor('the server requires a tool use');
    // ctrl+t and back keeps what was written.
    await s.app.press(KEY.ctrl('t'));
    await s.offered('↑↓ pick tool');
    await s.app.press(KEY.ctrl('t'));
    await s.app.waitFor('Sunny.');
    await s.app.press(KEY.ctrl('t'));
    await s.offered('↑↓ pick tool');
    await s.app.press(KEY.down);
    await s.app.press(KEY.enter);
    await s.app.waitFor('Use get_time, as the assistant; its input:');
    await s.app.press(KEY.ctrl('s'));
    const result = (await s.app.waitFor('✓ ok')).replace(/\x1b\[\d+m/g, '').replace(/\n/g, '');
    expect(result).toContain('"name":"get_time"');
  });

  it('fits 80x24 while picking a tool and filling in its input; ctrl+s on the list opens the chosen tool too', async () => {
    s = await startSession({ columns: 80, rows: 24 }, { agent });
    await askAgent(s);
    await s.app.press(KEY.ctrl('t'));
    const picking = await s.offered('↑↓ pick tool');
    expect(fits(picking, 80, 24), picking).toBe(true);
    expect(picking).toContain('▸ get_weather(');
    await s.app.press(KEY.ctrl('s'));
    const form = await s.app.waitFor('Use get_weather, as the assistant; its input:');
    expect(fits(form, 80, 24), form).toBe(true);
    expect(form).toMatch(/city\*/);
    expect(form).toContain('[ Decline ] ctrl+x/esc');
  });

  it('offers no tool use where the server forbids it', async () => {
    s = await startSession({ columns: 100, rows: 30 }, { agent });
    const prompt = await askAgent(s, 'none');
    expect(prompt).toContain('the model may not use them (tool choice none)');
    expect(prompt).not.toContain('ctrl+t');
  });
});
