import type { ProtocolEra, Implementation, LoggingLevel, Prompt, Resource, ResourceTemplate, ServerCapabilities } from '../mcp/types.js';
import type { ConfigIssue, ConfigSource, ServerDefinition, TransportType } from '../config/types.js';
import { redactEntry } from '../config/redact.js';
import type { WhatRuns } from '../config/what-runs.js';
import type { LogEntry } from './log-messages.js';
import type { Subscriptions } from './subscriptions.js';
import type { ToolInfo } from './tools.js';
import type { TaskEntry } from './tasks.js';
import type { ListKind as ListName } from '../mcp/list.js';
import type { RestartState } from './supervisor.js';
import type { Session } from '../mcp/session.js';
import type { ServerStatus } from './status.js';
import type { SandboxView } from './sandbox-watch.js';

export type { ServerStatus };

/** For a server from a project's file: what it waits for (or who approved it), and what approving it lets run. */
interface ApprovalView {
  needed: boolean;
  by?: 'mcpdeck' | 'claude-code';
  file: string;
  /** Approved before, for definitions that have changed since. */
  changed?: boolean;
  runs?: WhatRuns;
}

/** Everything a screen or a command needs to know about one server: an immutable record. */
export interface ServerState {
  name: string;
  source: ConfigSource;
  /** As configured; once connected, the one in use (`sse` after a fallback from Streamable HTTP). */
  transport?: TransportType;
  /** Why the connection speaks SSE though the configuration did not say so (said once, here and in the log). */
  fallback?: string;
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
  /** Tasks seen on this server, newest first: calls that became tasks, and the server's tasks/list (servers/tasks.ts). */
  tasks?: readonly TaskEntry[];
  /** Watched resources (resources/subscribe) by URI: kept across sessions and renewed on each. */
  subscriptions?: Subscriptions;
  pid?: number;
  connectedAt?: number;
  /** On a failed server: the supervisor's next try, or that it gave up. */
  restart?: RestartState;
  /** Set for servers from a project's file (approvals.ts). */
  approval?: ApprovalView;
  /** What it starts or connects to, and in which folder, secrets masked (the launch plan, what-runs.ts). */
  runs?: WhatRuns;
  /** The roots this server is sent (none: it keeps its own configuration). */
  roots: string[];
  /** A sandboxed stdio server: what the sandbox refused it (sandbox-watch.ts); absent: unsandboxed. */
  sandbox?: SandboxView;
}

/** A server's record before it connects: pending, disabled, waiting for approval, or failed for a broken entry. */
export function initialState(definition: ServerDefinition, enabled: boolean, roots: string[] = []): ServerState {
  const { name, source, raw, config, issues, approval, runs } = definition;
  // Approval comes first: an entry still waiting for an input is not asked about before it.
  const status = (config?.disabled ?? definition.disabled) ? 'disabled' : approval?.needed ? 'needs-approval' : !config ? 'failed' : !enabled ? 'disabled' : 'pending';
  // Waiting for approval, what it will ask for is in its plan (`runs`): not said twice.
  const error = !config && !definition.disabled ? issues.filter((i) => i.severity === 'error' && !(i.pending && approval?.needed)).map((i) => i.message).join('; ') || undefined : undefined;
  return {
    name, source, transport: config?.type, config: redactEntry(raw), configIssues: issues, status, error,
    tools: [], hiddenTools: 0, resources: [], resourceTemplates: [], prompts: [], stderr: [], logs: [], roots, ...(runs && { runs }),
    ...(config?.type === 'stdio' && config.sandbox && { sandbox: { denials: [], blocked: 0 } }),
    ...(approval && { approval: { needed: approval.needed, file: approval.file, ...(approval.by && { by: approval.by }), ...(approval.changed && { changed: true }), ...(runs && { runs }) } }),
  };
}

export type ListNotes = Partial<Record<ListName, string>>;

export interface DeckSnapshot {
  servers: readonly ServerState[];
}

/** What a server's state says once a session has connected and listed. */
export function connectedState(session: Session, capabilities: ServerCapabilities): Partial<ServerState> {
  const { client } = session;
  return {
    status: 'connected',
    error: undefined,
    restart: undefined,
    serverInfo: client.getServerVersion(),
    capabilities,
    instructions: client.getInstructions(),
    protocolVersion: session.protocolVersion,
    protocolEra: session.era,
    transport: session.type,
    fallback: session.fallback,
    pid: session.pid,
    connectedAt: Date.now(),
  };
}
