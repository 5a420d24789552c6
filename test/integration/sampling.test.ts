import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { runCli, sandbox } from './helpers/cli.js';
import { deckWith } from './helpers/deck.js';
import { nextPending, resultText } from './helpers/elicit.js';
import { EVERYTHING } from './helpers/everything.js';
import { everythingStdio } from '../helpers/servers.js';

/** The CreateMessageResult server-everything received, from its answer's text. */
function sampled(text: string): Record<string, unknown> {
  return JSON.parse(text.slice(text.indexOf('{')));
}

describe('sampling answered by hand, through the request queue', () => {
  let deck: Deck;

  beforeAll(async () => {
    deck = await deckWith({ everything: everythingStdio() });
    await deck.connectAll();
  });

  afterAll(async () => {
    await deck?.close();
  });

  it('shows what the server asks and sends the written reply as the assistant message', async () => {
    const call = deck.callTool('everything', 'trigger-sampling-request', { prompt: 'Name a colour', maxTokens: 20 });
    const request = await nextPending(deck, 'sample', 'everything');
    expect(request.params).toMatchObject({
      systemPrompt: 'You are a helpful test server.',
      maxTokens: 20,
      temperature: 0.7,
      messages: [{ role: 'user', content: { type: 'text', text: expect.stringContaining('Name a colour') } }],
    });
    expect(deck.requests.respond(request.id, { action: 'reply', text: '' })).toMatchObject({ ok: false });
    expect(deck.requests.respond(request.id, { action: 'reply', text: 'Teal.' })).toEqual({ ok: true });
    expect(sampled(resultText(await call))).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Teal.' },
      model: 'mcpdeck (written by hand)',
      stopReason: 'endTurn',
    });
  });

  it('declines with an error the server can read', async () => {
    const call = deck.callTool('everything', 'trigger-sampling-request', { prompt: 'x' });
    deck.requests.respond((await nextPending(deck, 'sample', 'everything')).id, { action: 'decline' });
    const outcome = await call;
    expect(outcome.isError).toBe(true);
    expect(resultText(outcome)).toContain('the person declined the sampling request');
  });
});

describe('mcpdeck call answering sampling', () => {
  const everything = ['--', process.execPath, EVERYTHING, 'stdio'];

  it('--sample-reply sends the file as the reply (its last newline is the file\'s)', async () => {
    const box = sandbox();
    writeFileSync(join(box.cwd, 'reply.txt'), 'Blue.\nAnd green.\n');
    const r = await runCli(['call', 'trigger-sampling-request', 'prompt=hi', '--sample-reply', 'reply.txt', ...everything], box);
    expect(r.code, r.stderr).toBe(0);
    expect(sampled(r.stdout)).toMatchObject({ content: { type: 'text', text: 'Blue.\nAnd green.' }, model: 'mcpdeck (written by hand)' });
  });

  it('--on-sample decline declines; without a terminal, ask fails and names the options', async () => {
    const declined = await runCli(['call', 'trigger-sampling-request', 'prompt=hi', '--on-sample', 'decline', ...everything], sandbox());
    expect(declined.code).toBe(1);
    expect(declined.stdout).toContain('the person declined the sampling request');
    const asked = await runCli(['call', 'trigger-sampling-request', 'prompt=hi', ...everything], sandbox());
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('asked for a model reply (sampling) and there is no terminal to write it; use --sample-reply <file> or --on-sample decline');
  });

  it('refuses --sample-reply with --on-sample decline', async () => {
    const box = sandbox();
    writeFileSync(join(box.cwd, 'r.txt'), 'x');
    const r = await runCli(['call', 'trigger-sampling-request', '--sample-reply', 'r.txt', '--on-sample', 'decline', ...everything], box);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--sample-reply answers sampling requests; it cannot go with --on-sample decline');
  });
});
