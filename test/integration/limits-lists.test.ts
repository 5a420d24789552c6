// Enormous lists and schemas from a real stdio server (test/fixtures/servers/enormous-lists.mjs):
// 100,000 tools, schemas 5,000 levels deep, schemas that recurse through $ref, a cursor
// that never ends. Each connects and is callable, what was left out is said, and a
// healthy neighbour in the same deck stays connected and callable.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { ToolCallError } from '../../src/core/mcp/call.js';
import { listAll } from '../../src/core/mcp/list.js';
import { deckWith, state } from './helpers/deck.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/servers/enormous-lists.mjs', import.meta.url));
const server = (...args: string[]) => ({ command: process.execPath, args: [FIXTURE, ...args], timeout: 30_000 });

describe('a deck with enormous lists and schemas next to a healthy server', () => {
  let deck: Deck;
  beforeAll(async () => {
    deck = await deckWith({
      many: server('--tools', '100000'),
      deep: server('--deep', '5000'),
      recursive: server('--recursive'),
      endless: server('--endless-pages'),
    }, { demo: true });
    await deck.connectAll();
  }, 120_000);
  afterAll(() => deck.close());

  it('connects every one of them', () => {
    for (const name of ['many', 'deep', 'recursive', 'endless', 'demo']) {
      const s = state(deck, name);
      expect(s.status, `${name}: ${s.error}`).toBe('connected');
    }
    expect(state(deck, 'many').tools).toHaveLength(100_000);
    expect(state(deck, 'many').tools.at(-1)!.name).toBe('tool-100000');
    expect(state(deck, 'deep').tools.map((t) => t.name)).toEqual(['deep-input', 'deep-output']);
    expect(state(deck, 'recursive').tools.map((t) => t.name)).toEqual(['recursive-tree', 'recursive-self']);
    // A thousand pages, one tool each, then it stops asking.
    expect(state(deck, 'endless').tools).toHaveLength(1000);
    expect(state(deck, 'endless').listNotes).toEqual({ tools: 'stopped after 1,000 pages: the server kept sending a next cursor (1,000 tools listed)' });
    expect(state(deck, 'many').listNotes).toEqual({});
  });

  it('calls the last of 100,000 tools, and a tool of the endless list', async () => {
    expect((await deck.callTool('many', 'tool-100000', { n: 1 })).result.content).toEqual([{ type: 'text', text: 'called tool-100000' }]);
    expect((await deck.callTool('endless', 'page-999', {})).result.content).toEqual([{ type: 'text', text: 'called page-999' }]);
  });

  it('calls the deep tools: arguments and output go unchecked, and the outcome says why', async () => {
    const input = await deck.callTool('deep', 'deep-input', { level: { level: 'anything' } });
    expect(input.result.content).toEqual([{ type: 'text', text: 'called deep-input' }]);
    const output = await deck.callTool('deep', 'deep-output', {});
    expect(output.result.content).toEqual([{ type: 'text', text: 'called deep-output' }]);
    expect(output.output).toMatchObject({ valid: true, unchecked: 'the schema is too deep to check (10,001 levels, limit 128)' });
  });

  it('checks recursive schemas for real: a good tree passes, a bad one is refused before sending', async () => {
    const tree = { tree: { name: 'root', children: [{ name: 'a', children: [{ name: 'b' }] }] } };
    const call = await deck.callTool('recursive', 'recursive-tree', tree);
    expect(call.result.content).toEqual([{ type: 'text', text: 'called recursive-tree' }]);
    expect(call.output).toEqual({ valid: true, errors: [] });
    const chain = { value: 'a', next: { value: 'b', next: { value: 'c' } } };
    expect((await deck.callTool('recursive', 'recursive-self', chain)).result.content).toEqual([{ type: 'text', text: 'called recursive-self' }]);
    const bad = deck.callTool('recursive', 'recursive-self', { value: 'a', next: { next: { value: 3 } } });
    await expect(bad).rejects.toBeInstanceOf(ToolCallError);
    await expect(bad).rejects.toThrow('"next.next.value" must be string');
  });

  it('leaves the neighbour connected and callable', async () => {
    expect(state(deck, 'demo').status).toBe('connected');
    const outcome = await deck.callTool('demo', 'echo', { message: 'still here' });
    expect(JSON.stringify(outcome.result.content)).toContain('still here');
  });
});

describe('listAll: bounds and notes', () => {
  const clients: Client[] = [];
  const connect = async (...args: string[]) => {
    const client = new Client({ name: 'limits-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [FIXTURE, ...args], stderr: 'pipe' }));
    clients.push(client);
    return client;
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  it('lists every page of a long list whole, with no note', async () => {
    const listed = await listAll(await connect('--tools', '2500'), 'tools');
    expect(listed.items).toHaveLength(2500);
    expect(listed.truncated).toBeUndefined();
  });

  it('stops at the item cap, across pages or inside one, and says the rest is not shown', async () => {
    const paged = await listAll(await connect('--tools', '2500'), 'tools', { maxItems: 2000 });
    expect(paged.items.map((t) => t.name).slice(-1)).toEqual(['tool-002000']);
    expect(paged.truncated).toBe('the server offers more than 2,000 tools; only the first 2,000 are listed');
    const onePage = await listAll(await connect('--tools', '5000', '--page-size', '5000'), 'tools', { maxItems: 3000 });
    expect(onePage.items).toHaveLength(3000);
    expect(onePage.truncated).toBe('the server offers more than 3,000 tools; only the first 3,000 are listed');
  });

  it('stops a cursor that never ends after the page cap, keeping what came', async () => {
    const listed = await listAll(await connect('--endless-pages'), 'tools');
    expect(listed.items).toHaveLength(1000);
    expect(listed.truncated).toBe('stopped after 1,000 pages: the server kept sending a next cursor (1,000 tools listed)');
  });

  it('gives each page the timeout it is asked for', async () => {
    const client = await connect('--tools', '10', '--page-delay', '5000');
    await expect(listAll(client, 'tools', { timeout: 200 })).rejects.toThrow(/timed out/i);
  });
});
