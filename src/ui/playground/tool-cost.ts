import type { Tool } from '../../core/mcp/types.js';
import type { ServerState } from '../../core/servers/state.js';
import { ENCODING, type TokenMeter } from '../../core/tokens/meter.js';
import { countOf, formatCount } from '../../util/text.js';

/** The model picked, or what keeps it from being picked (a ModelSettingError's words, for the person to act on). */
export type ModelChoice = { spec: string } | { problem: string };

/** What the tool list of `servers` costs: the tools, their definitions' tokens (undefined until counted). */
export function toolCost(servers: readonly Pick<ServerState, 'tools'>[], meter: TokenMeter | undefined): { tools: number; tokens?: number } {
  const tools = servers.reduce((sum, s) => sum + s.tools.length, 0);
  let tokens: number | undefined = 0;
  for (const server of servers) {
    const counted = meter?.server(server);
    tokens = counted === undefined || tokens === undefined ? undefined : tokens + counted;
  }
  return { tools, ...(tokens !== undefined && { tokens }) };
}

/** What a tool list costs, tool by tool (a conversation's, fixed when it began); tokens undefined until all are counted. */
export function toolListCost(tools: readonly Tool[], meter: TokenMeter | undefined): { tools: number; tokens?: number } {
  let tokens: number | undefined = 0;
  for (const tool of tools) {
    const counted = meter?.tool(tool);
    tokens = counted === undefined || tokens === undefined ? undefined : tokens + counted;
  }
  return { tools: tools.length, ...(tokens !== undefined && { tokens }) };
}

/** `13 tools · 3,210 tokens of definitions (o200k_base)`, or `no tools` for none. */
export function costWords({ tools, tokens }: { tools: number; tokens?: number }): string {
  if (!tools) return 'no tools';
  return `${countOf(tools, 'tool')}${tokens === undefined ? '' : ` · ${formatCount(tokens)} tokens of definitions (${ENCODING})`}`;
}
