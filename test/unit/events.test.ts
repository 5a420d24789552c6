import { describe, expect, it } from 'vitest';
import { Emitter } from '../../src/core/events.js';

type Events = { status: { server: string; state: string }; log: string };

describe('Emitter', () => {
  it('delivers a payload to the listeners of that event only', () => {
    const emitter = new Emitter<Events>();
    const statuses: Events['status'][] = [];
    const logs: string[] = [];
    emitter.on('status', (p) => statuses.push(p));
    emitter.on('log', (p) => logs.push(p));
    emitter.emit('status', { server: 'a', state: 'connected' });
    expect(statuses).toEqual([{ server: 'a', state: 'connected' }]);
    expect(logs).toEqual([]);
  });

  it('calls listeners in the order they were added', () => {
    const emitter = new Emitter<Events>();
    const calls: string[] = [];
    emitter.on('log', () => calls.push('first'));
    emitter.on('log', () => calls.push('second'));
    emitter.emit('log', 'x');
    expect(calls).toEqual(['first', 'second']);
  });

  it('stops calling a listener after its off function runs', () => {
    const emitter = new Emitter<Events>();
    const logs: string[] = [];
    const off = emitter.on('log', (p) => logs.push(p));
    emitter.emit('log', 'one');
    off();
    emitter.emit('log', 'two');
    expect(logs).toEqual(['one']);
  });

  it('is safe to emit an event nobody listens to', () => {
    expect(() => new Emitter<Events>().emit('log', 'x')).not.toThrow();
  });

  it('clear() removes every listener', () => {
    const emitter = new Emitter<Events>();
    const logs: string[] = [];
    emitter.on('log', (p) => logs.push(p));
    emitter.clear();
    emitter.emit('log', 'x');
    expect(logs).toEqual([]);
  });

  it('lets a listener remove itself while the event is being emitted', () => {
    const emitter = new Emitter<Events>();
    const calls: string[] = [];
    const off = emitter.on('log', () => {
      calls.push('once');
      off();
    });
    emitter.on('log', () => calls.push('always'));
    emitter.emit('log', 'x');
    emitter.emit('log', 'y');
    expect(calls).toEqual(['once', 'always', 'always']);
  });
});
