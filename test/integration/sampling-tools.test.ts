import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { runCli, sandbox } from './helpers/cli.js';
import { deckWith } from './helpers/deck.js';
import { nextPending, resultText } from './helpers/elicit.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/servers/sampling-tools.mjs', import.meta.url));

/** What the server got back from sampling, from its tool's text. */
function modelSaid(text: string): Record<string, unknown> {
  expect(text, text).toMatch(/^model said: /);
  return JSON.parse(text.slice('model said: '.length));
}

describe.each(['v1', 'v2'] as const)('sampling with tools, answered by hand (%s server)', (era) => {
  let deck: Deck;

  beforeAll(async () => {
    deck = await deckWith({ agent: { command: process.execPath, args: [FIXTURE, era] } });
    await deck.connectAll();
  });

  afterAll(async () => {
    await deck?.close();
  });

  it('offers the tools and the choice, and sends a tool use back as the model\'s answer', async () => {
    const call = deck.callTool('agent', 'ask_agent', { question: 'Weather in Oslo?', choice: 'auto' });
    const request = await nextPending(deck, 'sample', 'agent');
    expect(request.params.tools?.map((t) => t.name)).toEqual(['get_weather', 'get_time']);
    expect(request.params.toolChoice).toEqual({ mode: 'auto' });
    // Refused, and nothing sent: a tool it did not offer, an input that does not fit.
    expect(deck.requests.respond(request.id, { action: 'tool', name: 'rm_rf', input: {} })).toMatchObject({ ok: false, message: 'the server offered no tool named "rm_rf"' });
    expect(deck.requests.respond(request.id, { action: 'tool', name: 'get_weather', input: { units: 'k' } })).toMatchObject({
      ok: false,
      fieldErrors: { city: 'required', units: expect.stringContaining('must be one of') },
    });
    expect(deck.requests.respond(request.id, { action: 'tool', name: 'get_weather', input: { city: 'Oslo', units: 'c' } })).toEqual({ ok: true });
    const result = modelSaid(resultText(await call));
    expect(result).toMatchObject({
      role: 'assistant',
      model: 'mcpdeck (written by hand)',
      stopReason: 'toolUse',
      content: [{ type: 'tool_use', name: 'get_weather', input: { city: 'Oslo', units: 'c' }, id: expect.stringMatching(/^toolu_\w+$/) }],
    });
  });

  it('takes text when the choice allows it, and refuses it when a tool use is required', async () => {
    const required = deck.callTool('agent', 'ask_agent', { question: 'Time?', choice: 'required' });
    const asked = await nextPending(deck, 'sample', 'agent');
    expect(deck.requests.respond(asked.id, { action: 'reply', text: 'Noon.' })).toMatchObject({ ok: false, message: expect.stringContaining('requires a tool use') });
    expect(deck.requests.respond(asked.id, { action: 'tool', name: 'get_time', input: {} })).toEqual({ ok: true });
    expect(modelSaid(resultText(await required))).toMatchObject({ stopReason: 'toolUse', content: [{ type: 'tool_use', name: 'get_time', input: {} }] });

    const none = deck.callTool('agent', 'ask_agent', { question: 'Hi?', choice: 'none' });
    const second = await nextPending(deck, 'sample', 'agent');
    expect(deck.requests.respond(second.id, { action: 'tool', name: 'get_time', input: {} })).toMatchObject({ ok: false, message: expect.stringContaining('forbids tool use') });
    expect(deck.requests.respond(second.id, { action: 'reply', text: 'Hello.' })).toEqual({ ok: true });
    expect(modelSaid(resultText(await none))).toMatchObject({ stopReason: 'endTurn', content: { type: 'text', text: 'Hello.' } });
  });
});

describe('mcpdeck call, when a server samples with tools', () => {
  const v1 = ['--', process.execPath, FIXTURE, 'v1'];

  it('--sample-reply answers with text, and the tools do not get in the way', async () => {
    const box = sandbox();
    writeFileSync(join(box.cwd, 'reply.txt'), 'Sunny.\n');
    const r = await runCli(['call', 'ask_agent', 'question=Weather?', '--sample-reply', 'reply.txt', ...v1], box);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"stopReason":"endTurn"');
    expect(r.stdout).toContain('"text":"Sunny."');
  });

  it('when the server requires a tool use, --sample-reply fails and says why, once', async () => {
    const box = sandbox();
    writeFileSync(join(box.cwd, 'reply.txt'), 'Sunny.\n');
    const r = await runCli(['call', 'ask_agent', 'question=Weather?', 'choice=required', '--sample-reply', 'reply.txt', ...v1], box);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('mcpdeck: adhoc requires a tool use (toolChoice "required") and --sample-reply answers with text; answer it at a terminal, or use --on-sample decline');
    // The server's error only repeats it: not printed a second time.
    expect(`${r.stdout}${r.stderr}`.split('requires a tool use')).toHaveLength(2);
  });
});
