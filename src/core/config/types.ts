import type { ApprovalState } from './approvals.js';
import type { LaunchPlan } from './launch-plan.js';
import type { WhatRuns } from './what-runs.js';
import type { SandboxSettings } from '../sandbox/settings.js';

/** mcpdeck's own scopes, another client's file (`client`), the demo, or the command line. */
export type ScopeKind = 'user' | 'project' | 'file' | 'client' | 'demo' | 'adhoc';

/** The MCP clients whose server definitions mcpdeck reads (see sources/registry.ts). */
export type ClientId = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode' | 'windsurf' | 'gemini' | 'codex' | 'qoder';

/** How far a client's file reaches: every project, one shared project, or this folder on this machine. */
export type SourceScope = 'user' | 'project' | 'local';

/** Where a server definition came from. */
export interface ConfigSource {
  kind: ScopeKind;
  /** The file it was read from, when there is one. */
  path?: string;
  /** Short label for lists: "user", "project", "demo", a file name, "cursor", "vscode:project". */
  label: string;
  /** For `client` sources: whose file it is, and its scope there. */
  client?: ClientId;
  scope?: SourceScope;
}

export interface ConfigIssue {
  severity: 'error' | 'warning';
  message: string;
  server?: string;
  file?: string;
  line?: number;
  column?: number;
  /** A value still to be given (`${input:id}`), not a mistake: said with its server, where it matters, not as a problem of the file. */
  pending?: boolean;
}

export interface ToolFilter {
  allow?: string[];
  block?: string[];
}

export interface OAuthSettings {
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  callbackPort?: number;
  clientMetadataUrl?: string;
  [key: string]: unknown;
}

interface Common {
  disabled: boolean;
  /** Connect timeout in ms. */
  timeout?: number;
  /** Per-request timeout in ms (tool calls reset it on progress). */
  requestTimeout?: number;
  tools?: ToolFilter;
  oauth?: OAuthSettings;
  /** The protocol generation to speak (unset: "auto", probing for 2026-07-28 and falling back to 2025). */
  protocol?: ProtocolChoice;
  /** Folders offered as roots (absolute); none: no roots capability, the server keeps its own configuration. */
  roots?: string[];
}

/** "auto", "legacy" (the 2025 revisions), "modern" (2026-07-28 and later), or one exact revision. */
export type ProtocolChoice = string;

export interface StdioConfig extends Common {
  type: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Run in an OS sandbox (core/sandbox/); absent: with all of the person's rights. */
  sandbox?: SandboxSettings;
}

export interface SseConfig extends Common {
  type: 'sse';
  url: string;
  headers: Record<string, string>;
}

export interface HttpConfig extends Common {
  type: 'http';
  url: string;
  headers: Record<string, string>;
  /** True when the entry had a url but no type: SSE is tried on 400/404/405. */
  typeAssumed?: boolean;
}

export interface InProcessConfig extends Common {
  type: 'inprocess';
  /** A module path (resolved against the config file's folder) or package name. */
  module: string;
  export?: string;
  /** Set for built-ins such as the demo: the server factory itself. */
  factory?: () => unknown;
}

export type ServerConfig = StdioConfig | SseConfig | HttpConfig | InProcessConfig;
export type TransportType = ServerConfig['type'];

/** One server as configured: the expanded config when it is usable, else errors. */
export interface ServerDefinition {
  name: string;
  source: ConfigSource;
  /** The entry as written in its file (before ${VAR} expansion). */
  raw: Record<string, unknown>;
  config?: ServerConfig;
  /** What it starts or connects to, as written (launch-plan.ts): approved, shown and started; absent for an entry too broken to say. */
  plan?: LaunchPlan;
  /** The plan as a person is shown it, secrets masked (what-runs.ts). */
  runs?: WhatRuns;
  issues: ConfigIssue[];
  /** Turned off in its entry while some of its values are missing (no config then): listed as disabled. */
  disabled?: boolean;
  /** `${input:id}` values the entry needs and nobody has given yet (the config waits for them). */
  missingInputs?: string[];
  /** For a server from a project's file: whether it waits for the person's approval (approvals.ts). */
  approval?: ApprovalState;
}
