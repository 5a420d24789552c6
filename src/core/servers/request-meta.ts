import { LOG_LEVEL_META_KEY } from '../mcp/protocol.js';
import type { LoggingLevel } from '../mcp/types.js';

/**
 * Request `_meta` for a session of `era`. A 2026-07-28 server sends log messages about a
 * request only at the level the request names (none named: none sent); mcpdeck names
 * the level the person chose, else `info`, so the Log tab shows what a 2025 server's would.
 * The person's own `_meta` (the CLI's --meta) goes on top.
 */
export function requestMeta(era: string | undefined, logLevel: LoggingLevel | undefined, extra?: Record<string, unknown>): Record<string, unknown> | undefined {
  if (era !== 'modern') return extra && { ...extra };
  return { [LOG_LEVEL_META_KEY]: logLevel ?? 'info', ...extra };
}

/** A request's `_meta` as params: `{ _meta }`, or nothing when there is none. */
export const metaParams = (meta: Record<string, unknown> | undefined): { _meta?: Record<string, unknown> } => (meta ? { _meta: meta } : {});
