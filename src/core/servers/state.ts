import type { ProtocolEra, Implementation, LoggingLevel, Prompt, Resource, ResourceTemplate, ServerCapabilities } from '../mcp/types.js';
import type { ConfigIssue, ConfigSource, ServerDefinition, TransportType } from '../config/types.js';
import { redactEntry } from '../config/redact.js';
import type { LogEntry } from './log-messages.js';
import type { Subscriptions } from './subscriptions.js';
import type { ToolInfo } from './tools.js';
import type { ListKind as ListName } from '../mcp/list.js';
import type { RestartState } from './supervisor.js';

export type ServerStatus = 'pending' | 'connecting' | 'connected' | 'failed' | 'needs-auth' | 'disabled';

/** Everything a screen or a command needs to know about one server: an immutable record. */
export interface ServerState {
  name: string;
  source: ConfigSource;
  transport?: TransportType;
  /** The entry as configured, with secrets masked. */
  config: Record<string, unknown>;
  configIssues: ConfigIssue[];
  status: ServerStatus;
  /** Why it failed or needs sign-in, in words a person can act on. */
  error?: string;
  serverInfo?: Implementation;
  protocolVersion?: string;
  /** 2026-07-28 and later (`modern`) or the 2025 revisions (`legacy`). */
  protocolEra?: ProtocolEra;
  capabilities?: ServerCapabilities;
  instructions?: string;
  tools: ToolInfo[];
  /** How many tools the allow/block filter hides. */
  hiddenTools: number;
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
  /** What a list left out (a server offering more than the cap, or a cursor without end), per list. */
  listNotes?: ListNotes;
  stderr: string[];
  /** The last log messages (`notifications/message`), oldest first, across reconnects. */
  logs: LogEntry[];
  /** The level this session asked for with logging/setLevel; unset means the server's default. */
  logLevel?: LoggingLevel;
  /** Watched resources (resources/subscribe) by URI: kept across sessions and renewed on each. */
  subscriptions?: Subscriptions;
  pid?: number;
  connectedAt?: number;
  /** On a failed server: the supervisor's next try, or that it gave up. */
  restart?: RestartState;
}

/** A server's record before it connects: pending, disabled, or failed for a broken entry. */
export function initialState(definition: ServerDefinition, enabled: boolean): ServerState {
  const { name, source, raw, config, issues } = definition;
  const status = !config ? 'failed' : !enabled || config.disabled ? 'disabled' : 'pending';
  const error = !config ? issues.filter((i) => i.severity === 'error').map((i) => i.message).join('; ') : undefined;
  return {
    name, source, transport: config?.type, config: redactEntry(raw), configIssues: issues, status, error,
    tools: [], hiddenTools: 0, resources: [], resourceTemplates: [], prompts: [], stderr: [], logs: [],
  };
}

export type ListNotes = Partial<Record<ListName, string>>;

export interface DeckSnapshot {
  servers: readonly ServerState[];
}
