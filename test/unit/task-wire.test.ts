import { describe, expect, it } from 'vitest';
import { acceptTaskResults, createdTask, parseTask, taskProblem } from '../../src/core/mcp/task-wire.js';
import type { Client } from '@modelcontextprotocol/client';
import { taskFields, taskLine } from '../../src/core/calls/task-text.js';
import { taskTag } from '../../src/core/servers/tools.js';
import { ServerTasks, type TaskEntry } from '../../src/core/servers/tasks.js';

const TASKS_2025 = { tasks: { requests: { tools: { call: {} } } } };

describe('task shapes of both generations', () => {
  it('reads 2025 ttl/pollInterval and 2026 ttlMs/pollIntervalMs under one name', () => {
    expect(parseTask({ taskId: 'a', status: 'working', ttl: 300000, pollInterval: 1000 })).toMatchObject({ ttlMs: 300000, pollIntervalMs: 1000 });
    expect(parseTask({ taskId: 'b', status: 'completed', ttlMs: null, pollIntervalMs: 50, result: { content: [{ type: 'text', text: 'x' }] } })).toMatchObject({ ttlMs: null, result: { content: [{ text: 'x' }] } });
  });

  it('is not fooled by what is not a task: no id, an unknown status, a negative TTL', () => {
    expect(parseTask({ status: 'working' })).toBeUndefined();
    expect(parseTask({ taskId: 'a', status: 'paused' })).toBeUndefined();
    expect(parseTask({ taskId: 'a', status: 'working', ttl: -5 })?.ttlMs).toBeUndefined();
    expect(parseTask({ taskId: 'a', status: 'input_required', inputRequests: { q: { method: 'elicitation/create', params: {} }, bad: 7 } })?.inputRequests).toEqual({ q: { method: 'elicitation/create', params: {} } });
  });

  it('finds the task a tools/call answered with: 2025 { task }, 2026 resultType "task"; a plain result has none', () => {
    expect(createdTask({ task: { taskId: 'a', status: 'working' } })?.taskId).toBe('a');
    expect(createdTask({ resultType: 'task', taskId: 'b', status: 'working', ttlMs: 60000 })?.taskId).toBe('b');
    expect(createdTask({ content: [{ type: 'text', text: 'hi' }] })).toBeUndefined();
  });
});

describe('the SDK seam a task result comes through', () => {
  it('leaves a client without it as it is (no crash at connect)', () => {
    const client = { request: () => undefined };
    expect(() => acceptTaskResults(client as unknown as Client)).not.toThrow();
    expect(Object.keys(client)).toEqual(['request']);
  });
});

describe('whether a call can go as asked', () => {
  const required = { name: 'research', execution: { taskSupport: 'required' } };
  const optional = { name: 'maybe', execution: { taskSupport: 'optional' } };
  const plain = { name: 'echo', execution: { taskSupport: 'forbidden' } };

  it('refuses a task-required tool on a 2025 server that offers no tasks for tools/call, before sending', () => {
    expect(taskProblem(required, 'legacy', {}, false)).toMatch(/research runs only as a task, and the server does not offer tasks for tools\/call/);
    expect(taskProblem(required, 'legacy', TASKS_2025, false)).toBeUndefined();
  });

  it('refuses --task on a tool that runs no task, and allows it on an optional one', () => {
    expect(taskProblem(plain, 'legacy', TASKS_2025, true)).toMatch(/echo does not run as a task \(its execution.taskSupport is forbidden\)/);
    expect(taskProblem(optional, 'legacy', TASKS_2025, true)).toBeUndefined();
    expect(taskProblem(optional, 'legacy', TASKS_2025, false)).toBeUndefined();
  });

  it('on 2026-07-28 the server decides: --task needs only the extension', () => {
    expect(taskProblem(plain, 'modern', { extensions: { 'io.modelcontextprotocol/tasks': {} } }, true)).toBeUndefined();
    expect(taskProblem(plain, 'modern', {}, true)).toMatch(/no io.modelcontextprotocol\/tasks extension/);
  });

  it('tags task-capable tools', () => {
    expect([taskTag(required), taskTag(optional), taskTag(plain), taskTag({})]).toEqual(['task required', 'task', undefined, undefined]);
  });
});

describe('a task in words', () => {
  it('says status, message and TTL on one line, sanitized', () => {
    expect(taskLine({ taskId: 'a', status: 'input_required', statusMessage: 'which?\x1b[2J', ttlMs: 300000 })).toBe('input required · which?⟦ESC[2J⟧ · ttl 5 min');
    expect(taskLine({ taskId: 'a', status: 'working', ttlMs: null })).toBe('working · kept with no time limit');
    expect(taskLine({ taskId: 'a', status: 'completed', ttlMs: 1500 })).toBe('completed · ttl 1.50 s');
  });

  it('lists the fields a task has, in order', () => {
    expect(taskFields({ taskId: 'a', status: 'working', ttlMs: 5_400_000, pollIntervalMs: 1000, tool: 'research' })).toEqual([
      ['task', 'a'], ['status', 'working'], ['kept', 'ttl 1.5 h'], ['tool', 'research'], ['poll every', '1.00 s'],
    ]);
  });
});

describe('the tasks a server is known to have', () => {
  it('puts a new task first, keeps a known one in its place as it changes, and remembers its tool', () => {
    const published: string[][] = [];
    let last: readonly TaskEntry[] = [];
    const clock = { now: () => 7, after: () => () => undefined };
    const noSession = () => Promise.reject(new Error('no session in this test'));
    const tasks = new ServerTasks((all) => {
      last = all;
      published.push(all.map((t) => `${t.taskId}:${t.status}`));
    }, noSession, clock);
    const research = tasks.follow('research', {});
    research.onTask({ taskId: 'a', status: 'working' });
    tasks.follow('other', {}).onTask({ taskId: 'b', status: 'working' });
    research.onTask({ taskId: 'a', status: 'completed' });
    expect(published.at(-1)).toEqual(['b:working', 'a:completed']);
    expect(last[1]).toMatchObject({ taskId: 'a', tool: 'research', seenAt: 7 });
  });
});
