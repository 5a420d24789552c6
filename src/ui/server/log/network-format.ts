import type { HttpExchange } from '../../../core/network/network-log.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { formatBytes, formatDuration } from '../../../util/text.js';
import { clock } from './log-format.js';

/** `200 OK`, `…` while waiting, or `failed`. */
export function statusWord(x: HttpExchange): string {
  if (x.status !== undefined) return String(x.status);
  return x.error ? 'failed' : '…';
}

/** The URL without its scheme: the host and path carry what tells exchanges apart. */
export const shortUrl = (x: HttpExchange) => sanitizeLine(x.url.replace(/^https?:\/\//, ''));

/** Body size and time on one row: `1.2 KB · 35 ms`, or how far a stream got. */
export function sizeAndTime(x: HttpExchange): string {
  const size = formatBytes(x.responseBodySize);
  if (x.open) return x.sse ? `${size} · ${x.sseCount ?? 0} events · open` : `${size} · …`;
  return `${size} · ${formatDuration(x.total ?? 0)}`;
}

const headerLines = (headers: readonly [string, string][] | undefined) =>
  headers?.length ? headers.map(([name, value]) => `  ${sanitizeLine(name)}: ${sanitizeLine(value)}`) : ['  (none)'];

/** One exchange in full, for the pager: request, response, timings and an SSE stream's events. Secrets are masked already. */
export function exchangeText(x: HttpExchange): string {
  const request = x.requestBodySize < 0 ? 'a streamed body' : formatBytes(x.requestBodySize);
  const lines = [
    `${x.method} ${sanitizeLine(x.url)}`,
    `${x.status === undefined ? (x.error ? 'no response' : 'waiting for the response') : `${x.status} ${sanitizeLine(x.statusText ?? '')}`.trim()} · started ${clock(x.started)}`,
    `timing: ${x.wait === undefined ? '…' : `headers after ${formatDuration(x.wait)}`}${x.total === undefined ? (x.open ? ', still open' : '') : `, done after ${formatDuration(x.total)}`}`,
    `body: sent ${request}, received ${formatBytes(x.responseBodySize)}${x.mimeType ? ` (${sanitizeLine(x.mimeType)})` : ''}`,
    ...(x.error ? [`error: ${sanitizeLine(x.error)}`] : []),
    '',
    'request headers',
    ...headerLines(x.requestHeaders),
    '',
    'response headers',
    ...headerLines(x.responseHeaders),
  ];
  if (x.sse) {
    const more = (x.sseCount ?? 0) - x.sse.length;
    lines.push('', `SSE events (${x.sseCount ?? 0})`);
    for (const e of x.sse) lines.push(`  +${formatDuration(e.at)} ${sanitizeLine(e.event)}${e.id ? ` id ${sanitizeLine(e.id)}` : ''} · ${formatBytes(e.size)} · ${sanitizeLine(e.preview)}`);
    if (more > 0) lines.push(`  … and ${more} more (only the first ${x.sse.length} are kept)`);
  }
  return lines.join('\n');
}
