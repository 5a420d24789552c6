import type { ClientId } from './clients.js';

/**
 * `error`: a client or model API refuses the tool (or the whole request, or every tool of
 * the server). `warning`: it changes the tool (renames it, cuts its text, drops parts of its
 * schema) or refuses it only in some setups. `info`: it works, with a cost worth knowing.
 */
export type Severity = 'error' | 'warning' | 'info';

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/** What the rules read of one tool: the fields of an MCP tool definition, untrusted. */
export interface LintTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: { readOnlyHint?: boolean };
}

/** One server as its clients would see it. */
export interface LintInput {
  /** The name the clients know the server by (Claude Code's `mcp__<server>__…`, Cursor's combined name). */
  server: string;
  tools: readonly LintTool[];
  /** The server's instructions (`initialize` / `server/discover`). */
  instructions?: string;
}

/** What a check found: about one tool (its index in the list), or about the whole server. */
export interface Hit {
  tool?: number;
  /** What is wrong, in the server's terms (the rule's `effect` says what it costs). */
  detail: string;
}

/** A rule: data about a client's limit, with the check that applies it. */
export interface Rule {
  id: string;
  severity: Severity;
  clients: readonly ClientId[];
  /** What the rule looks for, in a few words. */
  title: string;
  /** What the clients do when it matches. */
  effect: string;
  /** The provider's or client's documentation where it states the limit, else the best public evidence. */
  source: string;
  /** More evidence: the error as users met it, the client's code. */
  evidence?: readonly string[];
  /** How the limit is known when no documentation states it. */
  note?: string;
  check: (input: LintInput) => Hit[];
}

/** One finding of `mcpdeck lint` (its `--json` shape). */
export interface Finding {
  rule: string;
  severity: Severity;
  /** The tool's name as the server sent it (untrusted: sanitize before a terminal); null for the server as a whole. */
  tool: string | null;
  /** `detail` — what it costs. */
  message: string;
  detail: string;
  clients: ClientId[];
  source: string;
  evidence: string[];
}
