import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memorySourceSettings } from '../../src/core/config/source-settings.js';
import type { InputRef } from '../../src/core/config/inputs.js';
import { approvedAsRead } from './helpers/approved.js';
import { createDeck, type Deck, type DeckOptions } from '../../src/core/deck.js';
import type { FormElicitation } from '../../src/core/elicitation/types.js';
import { openSecretStore } from '../../src/core/secrets/store.js';
import { EVERYTHING } from './helpers/everything.js';
import { state, waitFor, waitForStatus } from './helpers/deck.js';
import { everythingStdio } from '../helpers/servers.js';

let deck: Deck | undefined;
afterEach(async () => {
  await deck?.close();
  deck = undefined;
});

/** A project with a VS Code workspace file whose server needs `${input:api-key}`, and a home of its own. */
function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'mcpdeck-inputs-'));
  const project = join(root, 'project');
  mkdirSync(join(project, '.vscode'), { recursive: true });
  mkdirSync(join(root, 'home', '.cursor'), { recursive: true });
  const file = join(project, '.vscode', 'mcp.json');
  const servers = { everything: { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], env: { API_KEY: '${input:api-key}' } } };
  writeFileSync(file, JSON.stringify({
    inputs: [{ type: 'promptString', id: 'api-key', description: 'Everything API key', password: true }],
    servers,
  }));
  writeFileSync(join(root, 'home', '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { other: everythingStdio() } }));
  const where = { cwd: project, home: join(root, 'home'), env: { ...process.env, MCPDECK_CONFIG_DIR: join(root, 'config') } };
  const options: DeckOptions = {
    ...where,
    secrets: () => openSecretStore({ dir: join(root, 'config') }),
    // The person approved this workspace file before (a project's servers run only then).
    approved: approvedAsRead(where, 'everything'),
  };
  return { root, project, file, options, account: `input:${file}:api-key` };
}

const firstRequest = (d: Deck) => d.requests.getSnapshot().pending[0] as FormElicitation | undefined;

describe('${input:id} values', () => {
  it('the deck asks in its queue with one masked field, keeps the answer in the store, and connects', async () => {
    const w = workspace();
    deck = await createDeck(w.options);
    expect(state(deck, 'everything').status).toBe('failed');
    await waitFor(deck.requests, () => Boolean(firstRequest(deck!)), 'the question');
    const request = firstRequest(deck)!;
    expect(request.server).toBe('mcpdeck');
    expect(request.message).toContain('server "everything" needs ${input:api-key}');
    expect(request.requestedSchema.properties.value).toMatchObject({ type: 'string', title: 'Everything API key', format: 'password' });
    expect(deck.requests.respond(request.id, { action: 'accept', content: { value: 'k-123' } })).toEqual({ ok: true });
    const connected = await waitForStatus(deck, 'everything', ['connected']);
    // The state shows where the secret lives, never the secret.
    expect(connected.config).toMatchObject({ env: { API_KEY: '${input:api-key}' } });
    const store = await w.options.secrets!();
    expect(await store.get(w.account)).toBe('k-123');
    expect(deck.definition('everything')!.config).toMatchObject({ env: { API_KEY: 'k-123' } });
    await deck.close();

    // Asked once: the next deck finds the answer and asks nothing.
    deck = await createDeck(w.options);
    expect(deck.requests.getSnapshot().pending).toEqual([]);
    expect(deck.definition('everything')!.config).toMatchObject({ env: { API_KEY: 'k-123' } });
  });

  it('a server waiting for approval asks for nothing: a cloned project cannot prompt for secrets', async () => {
    const w = workspace();
    deck = await createDeck({ ...w.options, approved: [] });
    await deck.connectAll();
    expect(state(deck, 'everything').status).toBe('needs-approval');
    expect(deck.requests.getSnapshot().pending).toEqual([]);
    const asked: string[] = [];
    await deck.close();
    deck = await createDeck({ ...w.options, approved: [], askInput: async (i) => (asked.push(i.id), 'v') });
    expect(asked).toEqual([]);
  });

  it('a dismissed question leaves the server waiting; reconnecting asks again', async () => {
    deck = await createDeck(workspace().options);
    await waitFor(deck.requests, () => Boolean(firstRequest(deck!)), 'the question');
    deck.requests.cancel(firstRequest(deck)!.id);
    expect(state(deck, 'everything').configIssues[0]!.message).toContain('${input:api-key} has no value yet');
    await deck.reconnect('everything');
    await waitFor(deck.requests, () => Boolean(firstRequest(deck!)), 'the question again');
    deck.requests.respond(firstRequest(deck)!.id, { action: 'accept', content: { value: 'later' } });
    await waitForStatus(deck, 'everything', ['connected']);
  });

  it('the CLI asks on the spot, once, and only for servers it will connect', async () => {
    const w = workspace();
    const asked: InputRef[] = [];
    const askInput = async (input: InputRef) => (asked.push(input), 'from-terminal');
    deck = await createDeck({ ...w.options, askInput, only: ['other'] });
    expect(asked).toEqual([]);
    await deck.close();
    deck = await createDeck({ ...w.options, askInput });
    expect(asked.map((i) => [i.id, i.description, i.servers])).toEqual([['api-key', 'Everything API key', ['everything']]]);
    expect(deck.requests.getSnapshot().pending).toEqual([]);
    expect(deck.definition('everything')!.config).toMatchObject({ env: { API_KEY: 'from-terminal' } });
  });

  it('a disabled server\'s inputs are not asked for, and it is listed as disabled, not failed', async () => {
    const w = workspace();
    const servers = { off: { command: 'x', env: { K: '${input:k}' }, disabled: true } };
    writeFileSync(w.file, JSON.stringify({ servers }));
    const asked: string[] = [];
    deck = await createDeck({ ...w.options, approved: approvedAsRead(w.options, 'off'), askInput: async (i) => (asked.push(i.id), 'v') });
    expect(asked).toEqual([]);
    expect(state(deck, 'off')).toMatchObject({ status: 'disabled', error: undefined });
  });

  it('hiding a source takes its servers away; showing it brings them back, connected', async () => {
    const w = workspace();
    deck = await createDeck({ ...w.options, askInput: async () => 'k', sourceSettings: memorySourceSettings() });
    await deck.connectAll();
    expect(deck.getSnapshot().servers.map((s) => s.name)).toEqual(['other', 'everything']);
    await deck.setSourceHidden('cursor', true);
    expect(deck.getSnapshot().servers.map((s) => s.name)).toEqual(['everything']);
    expect(deck.config.sources.getSnapshot().sources.find((s) => s.id === 'cursor')).toMatchObject({ status: 'hidden' });
    await deck.setSourceHidden('cursor', false);
    expect(state(deck, 'other').status).toBe('connected');
  });
});
