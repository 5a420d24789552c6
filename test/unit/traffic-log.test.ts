import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { TrafficEntry } from '../../src/core/mcp/tap.js';
import { MAX_KEPT_MESSAGE, TrafficLog } from '../../src/core/servers/traffic-log.js';

let clock = 0;
function entry(direction: 'in' | 'out', message: JSONRPCMessage): TrafficEntry {
  const method = 'method' in message ? message.method : undefined;
  const id = 'id' in message ? message.id : undefined;
  return { direction, method, id, size: JSON.stringify(message).length, time: ++clock, message };
}
const request = (id: number | string, method: string): JSONRPCMessage => ({ jsonrpc: '2.0', id, method });
const result = (id: number | string): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: {} });

describe('TrafficLog', () => {
  it('pairs each answer with its request by id and direction', () => {
    const log = new TrafficLog();
    log.push('s', entry('out', request(1, 'tools/list')));
    log.push('s', entry('out', request(2, 'resources/read')));
    // The server asks something too, reusing id 1 in its own numbering.
    log.push('s', entry('in', request(1, 'roots/list')));
    log.push('s', entry('in', { jsonrpc: '2.0', id: 2, error: { code: -32002, message: 'not found' } }));
    log.push('s', entry('out', result(1)));
    log.push('s', entry('in', result(1)));
    log.push('s', entry('in', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }));
    log.push('s', entry('in', result(99)));
    const rows = log.of('s').getSnapshot();
    expect(rows.map((r) => [r.direction, r.kind, r.method])).toEqual([
      ['out', 'request', 'tools/list'],
      ['out', 'request', 'resources/read'],
      ['in', 'request', 'roots/list'],
      ['in', 'error', 'resources/read'],
      ['out', 'response', 'roots/list'],
      ['in', 'response', 'tools/list'],
      ['in', 'notification', 'notifications/message'],
      ['in', 'response', undefined],
    ]);
  });

  it('keeps the last 500 per server, counting every message so views keep their place', () => {
    const log = new TrafficLog();
    for (let i = 0; i < 520; i++) log.push('a', entry('out', request(i, `m${i}`)));
    log.push('b', entry('out', request(0, 'only')));
    const a = log.of('a').getSnapshot();
    expect(a).toHaveLength(500);
    expect(a[0]).toMatchObject({ seq: 20, method: 'm20' });
    expect(a.at(-1)).toMatchObject({ seq: 519, method: 'm519' });
    expect(log.of('b').getSnapshot().map((r) => r.method)).toEqual(['only']);
  });

  it('gives a reference-stable snapshot that changes on each message, and tells subscribers', () => {
    const log = new TrafficLog();
    const store = log.of('s');
    let calls = 0;
    const off = store.subscribe(() => calls++);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    log.push('s', entry('out', request(1, 'ping')));
    log.push('other', entry('out', request(1, 'ping')));
    expect(calls).toBe(1);
    expect(store.getSnapshot()).not.toBe(before);
    off();
  });

  it('keeps only a preview of a message too large to hold 500 times', () => {
    const log = new TrafficLog();
    const big: JSONRPCMessage = { jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(MAX_KEPT_MESSAGE) } };
    log.push('s', entry('in', big));
    const [row] = log.of('s').getSnapshot();
    expect(row!.message).toBeUndefined();
    expect(row!.preview!.startsWith('{"jsonrpc":"2.0","id":1')).toBe(true);
    expect(row!.preview!.length).toBeLessThan(row!.size);
  });
});
