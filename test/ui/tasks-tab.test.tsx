import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import type { TaskView } from '../../src/core/mcp/task-wire.js';
import { deckWith, state, waitFor } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const TASKS_SERVER = fileURLToPath(new URL('../fixtures/servers/tasks-server.mjs', import.meta.url));
const OPTIONAL = fileURLToPath(new URL('../fixtures/servers/optional-task.mjs', import.meta.url));
const TASK_PROGRESS = fileURLToPath(new URL('../fixtures/servers/task-progress.mjs', import.meta.url));

describe('asking for a task in the call form (2025-11-25, taskSupport optional)', () => {
  let deck: Deck | undefined;
  let app: Rendered | undefined;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('ctrl+k toggles "run as a task"; the call then shows its task and ends with its id', async () => {
    deck = await deckWith({ optional: { command: process.execPath, args: [OPTIONAL] } });
    app = renderApp(deck, { columns: 110, rows: 30 });
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor(/slow_sum .*\[task\]/);
    await app.press(KEY.enter);
    await app.waitFor('○ run as a task (ctrl+k)');
    await app.press(KEY.ctrl('k'));
    await app.waitFor('● run as a task (ctrl+k)');
    await app.press('2', KEY.tab, '3', KEY.ctrl('s'));
    // No annotations: asked first.
    await app.waitFor('Send this call?');
    await app.press('y');
    const done = await app.waitFor('sum: 5');
    expect(done).toMatch(/✓ ok · .* · task \S+/);
    expect(state(deck, 'optional').tasks?.[0]).toMatchObject({ tool: 'slow_sum', status: 'completed', ttlMs: 120000 });
  });
});

describe('the Tasks tab (a 2026-07-28 server with the tasks extension)', () => {
  let deck: Deck | undefined;
  let app: Rendered | undefined;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  async function open(): Promise<{ deck: Deck; app: Rendered }> {
    deck = await deckWith({ tasks: { command: process.execPath, args: [TASKS_SERVER, 'stdio'], env: { STEP_MS: '200' } } });
    app = renderApp(deck, { columns: 110, rows: 30 });
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor(/Tools.*Log.*Info.*Tasks/);
    return { deck, app };
  }

  it('is the sixth tab; before any call it says the server keeps no list', async () => {
    const { app } = await open();
    await app.press('6');
    await app.waitFor('no tasks yet: calls this server turns into tasks show here');
  });

  it('lists a running task live, x cancels it (the server says cancelled), enter on a finished one shows its result', async () => {
    const { deck, app } = await open();
    await app.press('6');
    let first: TaskView | undefined;
    const long = deck.callTool('tasks', 'research', { topic: 'long', steps: 200 }, { onTask: (t) => (first ??= t) }).catch(() => undefined);
    await app.waitFor(/research · working · step \d+ of 200 · ttl 1 min/);
    await app.press('x');
    await app.waitFor('research · cancelled · cancelled on request');
    await long;
    expect(state(deck, 'tasks').tasks?.find((t) => t.taskId === first?.taskId)?.status).toBe('cancelled');

    await deck.callTool('tasks', 'research', { topic: 'tides', steps: 1 });
    await waitFor(deck, () => state(deck, 'tasks').tasks?.[0]?.status === 'completed', 'the second task done');
    // The newest first, selected: its result in the result view.
    await app.press(KEY.up, KEY.enter);
    const result = await app.waitFor('report on tides');
    expect(result).toMatch(/✓ ok · .* · task \S+/);
    await app.press(KEY.esc);
    await app.waitFor('research · completed · done');
  });
});

describe('the Tasks tab, a 2025 task reporting progress after the call became one', () => {
  let deck: Deck | undefined;
  let app: Rendered | undefined;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('shows the progress in the task\'s detail as it comes', async () => {
    deck = await deckWith({ counter: { command: process.execPath, args: [TASK_PROGRESS], env: { STEP_MS: '250' } } });
    app = renderApp(deck, { columns: 110, rows: 30 });
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor(/Tools.*Log.*Info.*Tasks/);
    await app.press('6');
    const call = deck.callTool('counter', 'count', { to: 8 });
    await app.waitFor(/progress: [2-7]\/8 · counted [2-7]/);
    await call;
    await app.waitFor('progress: 8/8 · counted 8');
    await app.waitFor('count · completed');
  });
});
