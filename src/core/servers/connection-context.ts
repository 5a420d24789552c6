import type { AuthManager } from '../auth/manager.js';
import type { Clock } from '../clock.js';
import type { RequestQueue } from '../elicitation/queue.js';
import type { TrafficEntry } from '../mcp/tap.js';
import type { ListKind } from './lists.js';
import type { ServerState } from './state.js';
import type { RestartPolicy } from './supervisor.js';
import type { SandboxWatch } from './sandbox-watch.js';
import type { TransportHooks } from '../mcp/transports.js';

/** What a ServerConnection gets from its hub. */
export interface ConnectionContext {
  /** What to list after connecting; all when unset. */
  lists?: ListKind[];
  /** The roots may be changed in this session (the deck): `listChanged` is declared with them. */
  rootsEditable?: boolean;
  /** Closing ends stdio servers after a short grace, not a graceful wait. */
  oneShot?: boolean;
  /** Applies a change to this server's record in the store. */
  patch: (name: string, change: Partial<ServerState>) => void;
  onTraffic?: (name: string, entry: TrafficEntry) => void;
  /** A message that is not one JSON-RPC message (a line of stdout noise, a batch, an unreadable event). */
  onUnreadable?: (name: string, text: string) => void;
  defaultCallTimeout?: number;
  /** What servers ask of the person; a call waits without a deadline while its server's request is pending. */
  requests?: RequestQueue;
  /** OAuth for remote servers: the signed fetch, and a call waits while its server signs in again. */
  auth?: AuthManager;
  /** Restart a server whose process died (or reconnect a remote one that dropped); unset: leave it failed. */
  restart?: RestartPolicy;
  /** Time for looking again at running tasks (default: the system clock). */
  clock?: Clock;
  /** What the sandbox refused this server before its definition changed (the list goes on). */
  sandbox?: SandboxWatch;
  /** What goes on the wire besides messages: a trace span per request, the fetch that records HTTP exchanges (network/wire.ts). */
  wire?: (name: string) => Pick<TransportHooks, 'traceSpan' | 'baseFetch'>;
}
