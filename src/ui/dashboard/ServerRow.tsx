import { Box, Text } from 'ink';
import type { ServerState } from '../../core/servers/state.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Badge } from '../components/Badge.js';
import type { ServerDrift } from '../../core/drift/compare.js';
import { shortCount } from '../../core/tokens/meter.js';
import { useTheme } from '../theme/ThemeContext.js';
import { cutWords } from '../../util/text.js';
import type { InstallMark } from '../../core/mcp-registry/desk.js';
import { isDeleted, markCount } from '../registry/mark-text.js';

export const COLUMNS = { name: 22, status: 17, transport: 10, tools: 6, tokens: 6 } as const;
/** Wide enough for `✗ failed · restarting 2/5 in 30s`, while any server shows one. */
const WIDE_STATUS = 34;

/** The columns before SOURCE, the margins included. */
const fixed = (statusWidth: number, tokens: boolean) => COLUMNS.name + statusWidth + COLUMNS.transport + COLUMNS.tools + 2 + (tokens ? COLUMNS.tokens + 1 : 0);

/** What SOURCE keeps, at least, beside a wide status: `…/servers.json`. */
const SOURCE_ROOM = 14;

/** The TOKENS column, when it leaves SOURCE room for `…/servers.json`. */
export const tokensFit = (width: number, statusWidth: number) => width - fixed(statusWidth, true) >= SOURCE_ROOM;

/**
 * STATUS's width in `width` columns: wide while a server restarts, but never so wide that
 * TOKENS goes or SOURCE is cut below `…/servers.json` (the badge is then cut with `…`; the
 * detail pane has it whole).
 */
export function statusColumn(width: number, restarting: boolean): number {
  if (!restarting) return COLUMNS.status;
  return Math.max(COLUMNS.status, Math.min(WIDE_STATUS, width - fixed(0, true) - SOURCE_ROOM));
}

function toolCount(s: ServerState): string {
  if (s.status !== 'connected') return '-';
  return s.hiddenTools ? `${s.tools.length}+${s.hiddenTools}` : String(s.tools.length);
}

interface Props {
  server: ServerState;
  frame: number;
  selected: boolean;
  width: number;
  statusWidth?: number;
  /** How its definitions differ from the accepted ones, counted before the source. */
  drift?: ServerDrift;
  /** Its tool definitions' tokens (once the tokenizer is loaded). */
  tokens?: number;
  /** Whether the row has a TOKENS column (see tokensFit). */
  tokensColumn?: boolean;
  /** What the registry says now of a server installed from it (a newer version, deprecated, deleted). */
  mark?: InstallMark;
}

/** `⚠ 3 changed` (`!` when a tool the person called is among them): the drift's count for the row. */
function driftCount(drift: ServerDrift): string {
  return `${drift.calledChanged ? '!' : '⚠'} ${drift.items.length} changed${drift.calledChanged ? `, ${drift.calledChanged} called` : ''}`;
}

/** `⛨ 3 blocked`: what the sandbox refused a sandboxed server (nothing while it refused nothing). */
function blockedCount(server: ServerState): string | undefined {
  return server.sandbox?.blocked ? `⛨ ${server.sandbox.blocked} blocked` : undefined;
}

/**
 * The drift and sandbox counts and the source in `room` columns, on one line: the source
 * keeps up to `…/servers.json`; the counts give up whole words for it (`⚠ 4…`), never a number.
 */
function countsAndSource(counts: string, source: string, room: number): { counts: string; source: number } {
  const keep = Math.min([...source].length, SOURCE_ROOM);
  const text = cutWords(counts, Math.max(0, room - 1 - keep), 2);
  return { counts: text, source: Math.max(1, room - [...text].length - 1) };
}

/** One server in the dashboard, in `width` columns: name, badge, transport, tools, tokens, then any drift, sandbox and registry marks and the source. */
export function ServerRow({ server, frame, selected, width, statusWidth = COLUMNS.status, drift, tokens, tokensColumn = false, mark }: Props) {
  const theme = useTheme();
  const source = server.source.path ?? server.source.label;
  const room = Math.max(1, width - fixed(statusWidth, tokensColumn));
  const counts = [drift && driftCount(drift), blockedCount(server), markCount(mark)].filter(Boolean).join(' · ');
  const loud = Boolean(drift?.calledChanged) || isDeleted(mark);
  const cut = counts ? countsAndSource(counts, source, room) : undefined;
  // A sandboxed server says so beside its transport, whether or not anything was refused.
  const transport = `${server.transport ?? '-'}${server.sandbox && !server.sandbox.unavailable ? ' ⛨' : ''}`;
  return (
    <Box>
      <Box width={COLUMNS.name} flexShrink={0}>
        <Text bold={selected} wrap="truncate-end">{sanitizeLine(server.name)}</Text>
      </Box>
      {/* A space before TRANSPORT even when the badge is cut. */}
      <Box width={statusWidth} flexShrink={0} paddingRight={1}>
        <Badge status={server.status} restart={server.restart} frame={frame} />
      </Box>
      <Box width={COLUMNS.transport} flexShrink={0}>
        <Text>{transport}</Text>
      </Box>
      <Box width={COLUMNS.tools} flexShrink={0} justifyContent="flex-end" marginRight={2}>
        <Text>{toolCount(server)}</Text>
      </Box>
      {tokensColumn ? (
        <Box width={COLUMNS.tokens} flexShrink={0} justifyContent="flex-end" marginRight={1}>
          <Text dimColor>{tokens === undefined ? '-' : shortCount(tokens)}</Text>
        </Box>
      ) : null}
      {/* Cut to the columns left (measured, not left to the terminal's edge): the path keeps its end, the file's name. */}
      {cut ? (
        <Box width={room - cut.source} flexShrink={0}>
          <Text color={loud ? theme.error : theme.warning} bold={loud} wrap="truncate-end">{cut.counts}</Text>
        </Box>
      ) : null}
      <Box width={cut ? cut.source : room} flexShrink={0}>
        <Text dimColor wrap="truncate-start">{source}</Text>
      </Box>
    </Box>
  );
}
