import { describe, expect, it } from 'vitest';
import { appendBounded, LOG_LEVELS, logEntry } from '../../src/core/servers/log-messages.js';

describe('log messages', () => {
  it('appendBounded keeps the newest `max` items and never changes the list it was given', () => {
    let list: number[] = [];
    for (let i = 0; i < 7; i++) list = appendBounded(list, i, 5);
    expect(list).toEqual([2, 3, 4, 5, 6]);
    const before = list;
    const after = appendBounded(list, 7, 5);
    expect(before).toEqual([2, 3, 4, 5, 6]);
    expect(after).toEqual([3, 4, 5, 6, 7]);
    expect(appendBounded([1, 2, 3, 4, 5, 6], 7, 3)).toEqual([5, 6, 7]);
  });

  it('records level, logger and data as sent, with a sequence number and time', () => {
    expect(logEntry({ level: 'warning', logger: 'db', data: { rows: 3 } }, 4, 1000)).toEqual({ seq: 4, time: 1000, level: 'warning', logger: 'db', data: { rows: 3 } });
    expect(logEntry({ level: 'info', data: 'hi' }, 0, 5)).not.toHaveProperty('logger');
  });

  it('lists the eight RFC 5424 levels, least severe first', () => {
    expect(LOG_LEVELS).toEqual(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
  });
});
