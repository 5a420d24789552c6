import { SUPPORTED_PROTOCOL_VERSIONS, type ClientOptions } from '@modelcontextprotocol/client';

export { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import type { ProtocolChoice, ServerConfig } from '../config/types.js';

/** The current revision: stateless, found through `server/discover`, asks back in `input_required` results. */
export const MODERN_REVISION = '2026-07-28';
/** Every revision mcpdeck speaks, newest first. */
const SPOKEN_REVISIONS: readonly string[] = [MODERN_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS];

const isModernRevision = (revision: string) => revision >= '2026';

type Negotiation = Pick<ClientOptions, 'versionNegotiation' | 'supportedProtocolVersions'>;

/**
 * How a session opens, from the server's `protocol` setting:
 * - `auto` (default): ask `server/discover`; a server that does not know it gets the 2025 handshake
 *   (a stdio server gets both at once: stdio-opening.ts).
 * - `legacy`: the 2025 `initialize` handshake only, byte for byte a 2025 client.
 * - `modern`: 2026-07-28 only.
 * - a revision: exactly that one (a 2025 revision offers only it in `initialize`).
 * Legacy SSE predates 2026 and always speaks 2025.
 */
export function negotiation(config: ServerConfig, timeout: number, sse: boolean): Negotiation {
  const choice: ProtocolChoice = config.protocol ?? 'auto';
  if (sse || choice === 'legacy') return {};
  if (choice === 'modern') return { versionNegotiation: { mode: { pin: MODERN_REVISION } } };
  if (choice !== 'auto') return isModernRevision(choice) ? { versionNegotiation: { mode: { pin: choice } } } : { supportedProtocolVersions: [choice] };
  return { versionNegotiation: { mode: 'auto', probe: { timeoutMs: timeout } } };
}

/** What mcpdeck would speak to this server, for messages: "2026-07-28 or 2025-11-25 …", or the one it was told to. */
export function offered(config: ServerConfig): string {
  const choice = config.protocol ?? 'auto';
  if (choice === 'auto') return SPOKEN_REVISIONS.join(', ');
  if (choice === 'legacy') return SUPPORTED_PROTOCOL_VERSIONS.join(', ');
  return choice === 'modern' ? MODERN_REVISION : choice;
}
