import type { LoggingLevel, LoggingMessageNotification } from '../mcp/types.js';

/** The eight RFC 5424 levels MCP uses, least to most severe. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const satisfies readonly LoggingLevel[];

const MAX_LOG_ENTRIES = 500;

/** One `notifications/message` from a server, as it arrived (render through sanitize). */
export interface LogEntry {
  /** Counts every entry this server ever sent, so a view can keep its place while old ones drop off. */
  seq: number;
  time: number;
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}

/** A new list with `item` last and at most `max` items: the oldest drop off. */
export function appendBounded<T>(list: readonly T[], item: T, max: number): T[] {
  const start = Math.max(0, list.length + 1 - max);
  const next = list.slice(start);
  next.push(item);
  return next;
}

export function logEntry(params: LoggingMessageNotification['params'], seq: number, time = Date.now()): LogEntry {
  return { seq, time, level: params.level, ...(params.logger !== undefined && { logger: params.logger }), data: params.data };
}

/** A server's log, kept across reconnects (what it said before it died matters most). */
export class ServerLog {
  private entries: LogEntry[] = [];
  private seq = 0;

  /** A `notifications/message` from the server; returns the log to show. */
  add(params: LoggingMessageNotification['params']): LogEntry[] {
    return (this.entries = appendBounded(this.entries, logEntry(params, this.seq++), MAX_LOG_ENTRIES));
  }

  /** mcpdeck's own word (logger `mcpdeck`): what the supervisor did and why. */
  note(level: LoggingLevel, text: string): LogEntry[] {
    return this.add({ level, logger: 'mcpdeck', data: text });
  }
}
