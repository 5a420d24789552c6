// vitest: mostly waiting (server-everything's simulated task work, stage by stage)
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { ToolCallError } from '../../src/core/mcp/call.js';
import type { TaskView } from '../../src/core/mcp/task-wire.js';
import type { Progress } from '../../src/core/mcp/types.js';
import { deckWith, state, waitFor } from './helpers/deck.js';
import { nextPending, resultText } from './helpers/elicit.js';
import { everythingStdio } from '../helpers/servers.js';

const TASKS_SERVER = fileURLToPath(new URL('../fixtures/servers/tasks-server.mjs', import.meta.url));
const TASK_PROGRESS = fileURLToPath(new URL('../fixtures/servers/task-progress.mjs', import.meta.url));

/** Every status a task was seen in, in order, repeats folded. */
function statuses(seen: TaskView[]): string[] {
  return seen.map((t) => t.status).filter((s, i, all) => s !== all[i - 1]);
}

/** A deck on a server-everything of the test's own, closed when the test ends. */
async function everythingDeck(onTestFinished: TestContext['onTestFinished']): Promise<Deck> {
  const deck = await deckWith({ everything: everythingStdio() });
  onTestFinished(() => deck.close());
  await deck.connectAll();
  return deck;
}

// server-everything's research task takes seconds of simulated work: each test has a server
// and a deck of its own, so the tests run side by side and those waits overlap.
describe.concurrent('tasks, 2025-11-25 (server-everything, experimental tasks)', () => {
  it('declares tasks (and task-augmented questions): the async tools are offered, the research tool requires a task', async ({ onTestFinished }) => {
    const deck = await everythingDeck(onTestFinished);
    const tools = state(deck, 'everything').tools;
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['trigger-elicitation-request-async', 'trigger-sampling-request-async']));
    expect(tools.find((t) => t.name === 'simulate-research-query')?.execution?.taskSupport).toBe('required');
  });

  it('runs a task-required tool as a task to completion, with its status messages and TTL on the way', async ({ onTestFinished }) => {
    const deck = await everythingDeck(onTestFinished);
    const seen: TaskView[] = [];
    const outcome = await deck.callTool('everything', 'simulate-research-query', { topic: 'tides' }, { onTask: (t) => seen.push(t) });
    expect(resultText(outcome)).toMatch(/Research Report: tides/);
    expect(statuses(seen)).toEqual(['working', 'completed']);
    expect(seen[0]?.statusMessage).toBe('Gathering sources...');
    expect(seen.at(-1)?.statusMessage).toBe('Generating report...');
    expect(seen[0]).toMatchObject({ ttlMs: 300000, pollIntervalMs: 1000 });
    // The deck keeps it, with the tool it came from; the server lists it too.
    const id = seen[0]!.taskId;
    expect(state(deck, 'everything').tasks?.[0]).toMatchObject({ taskId: id, tool: 'simulate-research-query', status: 'completed' });
    const listing = await deck.listTasks('everything');
    expect(listing.from).toBe('server');
    expect(listing.tasks.map((t) => t.taskId)).toContain(id);
    expect(await deck.getTask('everything', id)).toMatchObject({ status: 'completed' });
  });

  it('cancels a running task with tasks/cancel: the call ends cancelled, the task says so', async ({ onTestFinished }) => {
    const deck = await everythingDeck(onTestFinished);
    const abort = new AbortController();
    let id: string | undefined;
    const call = deck.callTool('everything', 'simulate-research-query', { topic: 'stop me' }, {
      signal: abort.signal,
      onTask: (t) => {
        id = t.taskId;
        // The first look at it, while it works: a later stage could pass between two polls on a busy machine.
        if (t.status === 'working') abort.abort();
      },
    });
    await expect(call).rejects.toMatchObject({ kind: 'cancelled', message: expect.stringMatching(/tasks\/cancel/) });
    expect((await deck.getTask('everything', id!)).status).toBe('cancelled');
  });

  it('asks for input while it runs: the question comes through the queue and the answer shapes the result', async ({ onTestFinished }) => {
    const deck = await everythingDeck(onTestFinished);
    const seen: TaskView[] = [];
    const call = deck.callTool('everything', 'simulate-research-query', { topic: 'python', ambiguous: true }, { onTask: (t) => seen.push(t) });
    const ask = await nextPending(deck, 'elicit-form', 'everything');
    expect(ask.message).toMatch(/multiple interpretations/);
    expect(deck.requests.respond(ask.id, { action: 'accept', content: { interpretation: 'snake' } })).toMatchObject({ ok: true });
    const outcome = await call;
    expect(resultText(outcome)).toMatch(/Clarification\*\*: snake/);
    expect(statuses(seen)).toEqual(expect.arrayContaining(['input_required', 'completed']));
  });

  it('answers a task-augmented elicitation (the server polls our task, then fetches its result)', async ({ onTestFinished }) => {
    const deck = await everythingDeck(onTestFinished);
    const call = deck.callTool('everything', 'trigger-elicitation-request-async', {});
    const ask = await nextPending(deck, 'elicit-form', 'everything');
    expect(deck.requests.respond(ask.id, { action: 'accept', content: { name: 'Ada' } })).toMatchObject({ ok: true });
    const text = resultText(await call);
    expect(text).toMatch(/\[COMPLETED\]/);
    expect(text).toMatch(/Name: Ada/);
  });

  it('answers a task-augmented sampling request the same way', async ({ onTestFinished }) => {
    const deck = await everythingDeck(onTestFinished);
    const call = deck.callTool('everything', 'trigger-sampling-request-async', { prompt: 'a colour?', maxTokens: 20 });
    const ask = await nextPending(deck, 'sample', 'everything');
    expect(deck.requests.respond(ask.id, { action: 'reply', text: 'Teal.' })).toEqual({ ok: true });
    const text = resultText(await call);
    expect(text).toMatch(/\[COMPLETED\] Async sampling completed/);
    expect(text).toMatch(/Teal\./);
  });

  it('fetches a finished task\'s result again by its id', async ({ onTestFinished }) => {
    const deck = await everythingDeck(onTestFinished);
    const seen: TaskView[] = [];
    await deck.callTool('everything', 'simulate-research-query', { topic: 'again' }, { onTask: (t) => seen.push(t) });
    const result = await deck.taskResult('everything', seen[0]!.taskId);
    expect(resultText({ result })).toMatch(/Research Report: again/);
  });
});

describe('a 2025 task\'s progress, reported after the call became a task (its progressToken lives as long as the task)', () => {
  let deck: Deck;

  beforeAll(async () => {
    deck = await deckWith({ counter: { command: process.execPath, args: [TASK_PROGRESS] } });
    await deck.connectAll();
  });
  afterAll(async () => {
    await deck?.close();
  });

  it('reaches the call as it comes, and the task on the deck keeps the last of it', async () => {
    const progress: Progress[] = [];
    const outcome = await deck.callTool('counter', 'count', { to: 3 }, { onProgress: (p) => progress.push(p) });
    expect(resultText(outcome)).toBe('counted to 3');
    expect(progress).toEqual([1, 2, 3].map((i) => ({ progress: i, total: 3, message: `counted ${i}` })));
    expect(state(deck, 'counter').tasks?.[0]).toMatchObject({ tool: 'count', status: 'completed', progress: { progress: 3, total: 3, message: 'counted 3' } });
  });
});

describe('tasks, 2026-07-28 (the io.modelcontextprotocol/tasks extension)', () => {
  let deck: Deck;

  beforeAll(async () => {
    deck = await deckWith({ tasks: { command: process.execPath, args: [TASKS_SERVER, 'stdio'], env: { STEP_MS: '150' } } });
    await deck.connectAll();
  });
  afterAll(async () => {
    await deck?.close();
  });

  it('speaks 2026-07-28 with the extension on both sides', () => {
    expect(state(deck, 'tasks')).toMatchObject({ status: 'connected', protocolEra: 'modern', capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } });
  });

  it('follows a call the server turned into a task to its result', async () => {
    const seen: TaskView[] = [];
    const outcome = await deck.callTool('tasks', 'research', { topic: 'tides' }, { onTask: (t) => seen.push(t) });
    expect(resultText(outcome)).toBe('report on tides');
    expect(statuses(seen)).toEqual(['working', 'completed']);
    expect(seen[0]?.statusMessage).toBe('starting');
    expect(seen.at(-1)?.statusMessage).toBe('done');
    expect(seen[0]).toMatchObject({ ttlMs: 60000 });
    // A call the server answers at once stays a plain call.
    expect(resultText(await deck.callTool('tasks', 'quick', {}))).toBe('quick answer');
  });

  it('cancels a running task', async () => {
    const abort = new AbortController();
    let id: string | undefined;
    const call = deck.callTool('tasks', 'research', { topic: 'stop', steps: 40 }, {
      signal: abort.signal,
      onTask: (t) => {
        id = t.taskId;
        if (t.statusMessage === 'step 1 of 40') abort.abort();
      },
    });
    await expect(call).rejects.toBeInstanceOf(ToolCallError);
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
    expect(await deck.getTask('tasks', id!)).toMatchObject({ status: 'cancelled', statusMessage: 'cancelled on request' });
  });

  it('answers what a task asks (inputRequests) through the queue, sent back with tasks/update', async () => {
    const seen: TaskView[] = [];
    const call = deck.callTool('tasks', 'research', { topic: 'python', ambiguous: true }, { onTask: (t) => seen.push(t) });
    const ask = await nextPending(deck, 'elicit-form', 'tasks');
    expect(ask.message).toMatch(/two meanings/);
    expect(deck.requests.respond(ask.id, { action: 'accept', content: { meaning: 'animal' } })).toMatchObject({ ok: true });
    expect(resultText(await call)).toBe('report on python (animal)');
    expect(statuses(seen)).toEqual(['working', 'input_required', 'working', 'completed']);
  });

  it('hears each change of a task as the server pushes it (notifications/tasks on the listen stream), and stops asking tasks/get', async () => {
    const traffic: string[] = [];
    const off = deck.events.on('traffic', ({ entry }) => entry.method && traffic.push(`${entry.direction} ${entry.method}`));
    const seen: TaskView[] = [];
    const outcome = await deck.callTool('tasks', 'research', { topic: 'waves', steps: 6 }, { onTask: (t) => seen.push(t) });
    off();
    expect(resultText(outcome)).toBe('report on waves');
    expect(seen.map((t) => t.statusMessage)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6].map((i) => `step ${i} of 6`)));
    expect(traffic).toContain('out subscriptions/listen');
    expect(traffic.filter((t) => t === 'in notifications/tasks').length).toBeGreaterThanOrEqual(7);
    // Asked at the poll interval (100 ms) only until the first push (and once as the stream opens); polling alone would ask every 100 ms for 1 s.
    const afterFirstPush = traffic.slice(traffic.indexOf('in notifications/tasks'));
    expect(afterFirstPush.filter((t) => t === 'out tasks/get').length).toBeLessThanOrEqual(1);
  });

  it('reports a failed task with the server\'s reason', async () => {
    await expect(deck.callTool('tasks', 'doomed', {})).rejects.toMatchObject({ kind: 'task-failed', message: 'the task failed: the disk is full' });
  });

  it('lists the tasks started here (the extension has no tasks/list) and fetches a result by id', async () => {
    const listing = await deck.listTasks('tasks');
    expect(listing.from).toBe('known');
    const done = listing.tasks.find((t) => t.tool === 'research' && t.status === 'completed');
    expect(done).toBeDefined();
    expect(resultText({ result: await deck.taskResult('tasks', done!.taskId) })).toMatch(/^report on/);
    await waitFor(deck, () => (state(deck, 'tasks').tasks?.length ?? 0) >= 4, 'the tasks on the state');
  });
});

describe('running tasks no call follows, looked at again while watched (2026-07-28 over HTTP: a task outlives its session)', () => {
  let child: ChildProcess;
  let deck: Deck;

  beforeAll(async () => {
    child = spawn(process.execPath, [TASKS_SERVER, 'http'], { env: { ...process.env, PORT: '0', STEP_MS: '100' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().replace('listening on ', '').trim())));
    deck = await deckWith({ remote: { type: 'http', url } });
    await deck.connectAll();
  });
  afterAll(async () => {
    await deck?.close();
    child?.kill();
  });

  it('a task whose call was cut off by a reconnect is seen to its end while watched', async () => {
    let id: string | undefined;
    // Caught at once: the call may fail while the reconnect is still under way.
    const call = deck.callTool('remote', 'research', { topic: 'cut off', steps: 10 }, { onTask: (t) => (id ??= t.taskId) }).then(() => undefined, (error: unknown) => error);
    await waitFor(deck, () => Boolean(id), 'the task');
    await deck.reconnect('remote');
    expect(await call).toBeInstanceOf(ToolCallError);
    const entry = () => state(deck, 'remote').tasks?.find((t) => t.taskId === id);
    expect(entry()?.status).toBe('working');
    const stop = deck.watchTasks('remote');
    await waitFor(deck, () => entry()?.status === 'completed', 'the task completed on the deck');
    stop();
    expect(entry()?.statusMessage).toBe('done');
  });
});
