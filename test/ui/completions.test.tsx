// Completions in the deck's forms, against real servers: server-everything's completable
// prompt (its second argument completes from the first: the context) and the 2026 fixture's
// template variable. Suggestions show under the focused field; tab takes the first.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { everythingStdio } from '../helpers/servers.js';

const EDGE = fileURLToPath(new URL('../fixtures/servers/completions-edge.mjs', import.meta.url));
const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));

async function open(server: Record<string, unknown>): Promise<{ deck: Deck; app: Rendered }> {
  const deck = await deckWith({ one: server });
  const app = renderApp(deck);
  await deck.connectAll();
  await app.waitFor('✓ connected');
  await app.press(KEY.enter);
  await app.waitFor(/Tools.*Resources.*Prompts/);
  return { deck, app };
}

describe('completions in the deck forms', () => {
  let deck: Deck | undefined;
  let app: Rendered | undefined;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('a prompt argument: suggestions as you type, tab takes one, and the next field completes with it as context', async () => {
    ({ deck, app } = await open(everythingStdio()));
    await app.press('3');
    await app.waitFor('Team Management');
    await app.press('/', ...'team management', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    await app.waitFor('arguments (* required)');
    await app.press('S');
    let frame = await app.waitFor('⇥ Sales');
    expect(frame).toMatch(/⇥ Sales\n\s+Support\n/);
    expect(frame).not.toContain('Engineering');
    // A later letter narrows: the answer for "S" is dropped once "Su" is typed.
    await app.press('u');
    frame = await app.waitFor((f) => f.includes('⇥ Support') && !f.includes('Sales'));
    await app.press(KEY.backspace);
    await app.waitFor('⇥ Sales');
    await app.press(KEY.tab);
    frame = await app.waitFor((f) => /› department\*\s+Sales/.test(f) && !f.includes('⇥'));
    // Taken: tab now moves on, and the name's suggestions come from the department chosen.
    await app.press(KEY.tab);
    frame = await app.waitFor('⇥ David');
    // server-everything suggests names only for a department it is told of (context.arguments).
    expect(frame).toMatch(/› name\*\s*\n\s+⇥ David\n\s+Eve\n\s+Frank\n\s+Choose a team member/);
    await app.press('E');
    await app.waitFor((f) => f.includes('⇥ Eve') && !f.includes('David'));
    await app.press(KEY.tab);
    await app.waitFor(/› name\*\s+Eve/);
    await app.press(KEY.ctrl('s'));
    await app.waitFor('Please promote Eve to the head of the Sales team.');
  });

  it('↑↓ choose among the suggestions and tab takes the chosen one; past either end they move between fields', async () => {
    ({ deck, app } = await open({ command: process.execPath, args: [MODERN, 'stdio', 'reject'] }));
    await app.press('2');
    await app.waitFor('modern://notes/{name}');
    await app.press('/', ...'notes', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    let frame = await app.waitFor('⇥ alpha');
    expect(frame).toContain('↑↓ choose suggestion');
    await app.press(KEY.down);
    frame = await app.waitFor('⇥ beta');
    expect(frame).toMatch(/\n\s+alpha\n\s+⇥ beta\n\s+bravo\n/);
    await app.press(KEY.down);
    await app.waitFor(/\n\s+beta\n\s+⇥ bravo\n/);
    await app.press(KEY.up);
    await app.waitFor(/\n\s+⇥ beta\n\s+bravo\n/);
    // Typing narrows, and the choice starts again from the first.
    await app.press('b');
    await app.waitFor((f) => /⇥ beta\n\s+bravo\n/.test(f) && !f.includes('alpha'));
    await app.press(KEY.down);
    await app.waitFor(/\n\s+beta\n\s+⇥ bravo\n/);
    // Past the last suggestion, ↓ is the next field again (here the send button).
    await app.press(KEY.down);
    await app.waitFor((f) => !f.includes('⇥') && /›\s*\[ \w+ \]/.test(f));
    await app.press(KEY.up);
    await app.waitFor('⇥ beta');
    await app.press(KEY.down, KEY.tab);
    await app.waitFor(/› name\*?\s+bravo/);
    await app.press(KEY.ctrl('s'));
    await app.waitFor('note bravo');
  });

  it('a template variable: suggestions from the server, tab takes one, and the resource it names is read', async () => {
    ({ deck, app } = await open({ command: process.execPath, args: [MODERN, 'stdio', 'reject'] }));
    await app.press('2');
    await app.waitFor('modern://notes/{name}');
    await app.press('/', ...'notes', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    await app.waitFor('› name');
    // An empty field asks too: every value the server has.
    let frame = await app.waitFor('⇥ alpha');
    expect(frame).toMatch(/› name\*?\s*\n\s+⇥ alpha\n\s+beta\n\s+bravo\n/);
    await app.press('b');
    frame = await app.waitFor((f) => f.includes('⇥ beta') && !f.includes('alpha'));
    expect(frame).toMatch(/⇥ beta\n\s+bravo\n/);
    await app.press('r');
    await app.waitFor((f) => f.includes('⇥ bravo') && !f.includes('beta'));
    await app.press(KEY.tab);
    await app.waitFor(/› name\*?\s+bravo/);
    await app.press(KEY.ctrl('s'));
    await app.waitFor('note bravo');
  });

  it('a prompt argument of the 2026 server completes too; the footer offers tab only while a suggestion shows', async () => {
    ({ deck, app } = await open({ command: process.execPath, args: [MODERN, 'stdio', 'reject'] }));
    await app.press('3');
    await app.waitFor('paint');
    await app.press('/', ...'paint', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    await app.press('g');
    const frame = await app.waitFor('⇥ green');
    expect(frame).toContain('take suggestion');
    await app.press(KEY.tab);
    await app.waitFor((f) => /› colour\*\s+green/.test(f) && !f.includes('take suggestion'));
    await app.press(KEY.ctrl('s'));
    await app.waitFor('Paint it green');
  });

  it('a server that suggests control sequences: shown as harmless markers, never sent to the terminal', async () => {
    ({ deck, app } = await open({ command: process.execPath, args: [EDGE, 'hostile'] }));
    await app.press('3');
    await app.waitFor('pick');
    await app.press(KEY.enter);
    await app.waitFor('› value');
    const frame = await app.waitFor('⇥ red⟦ESC[2J⟧');
    expect(frame).toMatch(/⇥ red⟦ESC\[2J⟧\n\s+⟦OSC 52 clipboard⟧green\n\s+⟦RLO⟧gnp\.exe\n/);
    expect(app.written()).not.toContain('\u001b[2J');
    expect(app.written()).not.toContain('\u001b]52');
    expect(app.written()).not.toContain('\u202e');
  });

  it('a server whose completions fail: nothing is suggested and typing goes on as usual', async () => {
    ({ deck, app } = await open({ command: process.execPath, args: [EDGE, 'fails'] }));
    const failed: unknown[] = [];
    deck.events.on('traffic', ({ entry }) => {
      const message = entry.message as { error?: unknown };
      if (entry.direction === 'in' && message.error) failed.push(message.error);
    });
    await app.press('3');
    await app.waitFor('pick');
    await app.press(KEY.enter);
    await app.waitFor('› value');
    await app.press(...'abc');
    await app.waitFor(/› value\*\s+abc/);
    await vi.waitFor(() => expect(JSON.stringify(failed)).toContain('completions are broken today'), { timeout: 5000, interval: 10 });
    await app.press('d');
    const frame = await app.waitFor(/› value\*\s+abcd/);
    expect(frame).not.toContain('⇥');
    expect(frame).not.toContain('broken');
    // Tab is the next field as ever: here the send button.
    await app.press(KEY.tab, KEY.enter);
    await app.waitFor('picked [abcd]');
  });
});
