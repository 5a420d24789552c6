import { formatBytes } from '../../../util/text.js';
import type { LogEntry } from '../../../core/servers/log-messages.js';
import type { TrafficRow } from '../../../core/servers/traffic-log.js';
import { terminalJson } from '../../../util/json.js';
import { sanitizeLine } from '../../../util/sanitize.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local wall-clock time with milliseconds: traffic bursts happen within a second. */
export function clock(time: number): string {
  const d = new Date(time);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** Log data on one row: strings as they are, anything else as compact JSON. */
export function dataLine(data: unknown): string {
  return sanitizeLine(dataText(data, undefined));
}

function dataText(data: unknown, indent: number | undefined = 2): string {
  // JSON.stringify(undefined) is undefined: a message without data has nothing to show.
  if (data === undefined) return '';
  return typeof data === 'string' ? data : terminalJson(data, indent);
}

/** A log message in full, for the pager (which sanitizes each row it draws). */
export function logText(entry: LogEntry): string {
  const logger = entry.logger !== undefined ? ` · logger ${sanitizeLine(entry.logger)}` : '';
  return `${clock(entry.time)} · ${entry.level}${logger}\n\n${dataText(entry.data)}`;
}

export const ARROW = { out: '→', in: '←' } as const;

/** What a traffic row is about: its method, or the method its answer belongs to. */
export function trafficLabel(row: TrafficRow): string {
  const method = row.method === undefined ? '(unknown request)' : sanitizeLine(row.method);
  return row.kind === 'response' ? `${method} · result` : row.kind === 'error' ? `${method} · error` : method;
}

/** One JSON-RPC message in full, pretty-printed, for the pager. */
export function trafficText(row: TrafficRow): string {
  const id = row.id === undefined ? '' : ` · id ${sanitizeLine(String(row.id))}`;
  const trace = row.traceId ? ` · trace ${row.traceId}` : '';
  const head = `${ARROW[row.direction]} ${row.direction === 'out' ? 'sent' : 'received'} ${row.kind} · ${trafficLabel(row)}${id} · ${formatBytes(row.size)} · ${clock(row.time)}${trace}`;
  const body = row.message
    ? terminalJson(row.message, 2)
    : `${row.preview ?? ''}…\n\n(only the first ${formatBytes(row.preview?.length ?? 0)} of this ${formatBytes(row.size)} message were kept)`;
  return `${head}\n\n${body}`;
}
