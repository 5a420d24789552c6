// The built-in demo gives a new user something in every tab: a resource to read, a prompt
// whose argument completes, and log messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith, state, waitFor } from './helpers/deck.js';

describe('the built-in demo, beyond its tools', () => {
  let deck: Deck;

  beforeAll(async () => {
    deck = await deckWith({}, { demo: true });
    await deck.connectAll();
  });

  afterAll(async () => {
    await deck?.close();
  });

  it('offers a resource to read', async () => {
    expect(state(deck, 'demo').resources.map((r) => r.uri)).toEqual(['demo://about']);
    const read = await deck.readResource('demo', 'demo://about');
    expect(read.contents[0]).toMatchObject({ uri: 'demo://about', mimeType: 'text/plain', text: expect.stringContaining('nothing it does leaves your machine') });
  });

  it('offers a prompt whose style argument the server completes', async () => {
    const prompt = state(deck, 'demo').prompts.find((p) => p.name === 'greet');
    expect(prompt?.arguments?.map((a) => [a.name, a.required])).toEqual([['name', true], ['style', true]]);
    const suggested = await deck.complete('demo', { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'style', value: 'p' } });
    expect(suggested.completion.values).toEqual(['pirate', 'poetic']);
    const got = await deck.getPrompt('demo', 'greet', { name: 'Ann', style: 'pirate' });
    expect(got.messages[0]?.content).toEqual({ type: 'text', text: 'Write a pirate greeting for Ann.' });
  });

  it('logs: saving a note at info, each count at debug once the level allows it', async () => {
    await deck.callTool('demo', 'save_note', { name: 'k', text: 'hello' });
    await waitFor(deck, () => state(deck, 'demo').logs.some((l) => l.level === 'info' && l.data === 'saved the note "k" (5 characters)'), 'the info message');
    await deck.callTool('demo', 'save_note', { name: 'one', text: 'x' });
    await waitFor(deck, () => state(deck, 'demo').logs.some((l) => l.data === 'saved the note "one" (1 character)'), 'one character, in the singular');
    await deck.setLogLevel('demo', 'debug');
    await deck.callTool('demo', 'count_slowly', { n: 2, intervalMs: 10 });
    await waitFor(deck, () => state(deck, 'demo').logs.some((l) => l.level === 'debug' && l.data === 'counted 2 of 2'), 'the debug messages');
    expect(state(deck, 'demo').logs.find((l) => l.data === 'counted 1 of 2')).toMatchObject({ level: 'debug', logger: 'demo' });
  });
});
