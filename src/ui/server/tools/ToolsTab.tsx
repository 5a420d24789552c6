import { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import { nestingDepth, pruneDeep } from '../../../core/schema/depth.js';
import type { ServerState } from '../../../core/servers/state.js';
import { iconSummary, toolIcons, toolTitle, type ToolInfo } from '../../../core/servers/tools.js';
import { terminalJson } from '../../../util/json.js';
import { byName, nameTitleDescription } from '../../widgets/filter/useFiltered.js';
import { useNavigation } from '../../navigation/NavigationContext.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { FilteredListView } from '../../widgets/filter/FilteredListView.js';
import { AnnotationTags } from './AnnotationTags.js';
import { ToolDetail } from './ToolDetail.js';
import { toolColumns } from '../../components/NameCell.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { NotConnected } from '../../components/NotConnected.js';
import { useFuzz } from './useFuzz.js';
import { useListTab } from '../useListTab.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { DriftMark, withDriftNote } from '../../drift/DriftMark.js';
import { useServerDrift } from '../../drift/useDrift.js';
import { useTokens } from '../../hooks/useTokens.js';
import { kindDrift } from '../../../core/drift/compare.js';
import { shortCount } from '../../../core/tokens/meter.js';
import { stackRows } from '../../layout/stack-rows.js';
import { formatCount } from '../../../util/text.js';

/** A count as the column shows it: blank until it lands. */
const counted = (tokens: number | undefined) => (tokens === undefined ? '' : shortCount(tokens));

/** "12.3k": a tool's definition tokens, right-aligned. */
const TOKEN_COLUMN = 5;
// The detail has at least these rows, and every row the list does not need.
const DETAIL_ROWS = 9;
/** Beside a tool that has an icon (one with an https: or data: URL): the icon itself is never drawn. */
const ICON_MARK = '◆';
/** Levels of a schema the raw view writes out: JSON.stringify overflows a few thousand down, and no one reads past this. */
const SHOWN_LEVELS = 64;

/**
 * The whole tool for the pager: name and title, its annotations as the server sent
 * them, the whole description, then the schemas as JSON (cut at SHOWN_LEVELS with a
 * note when they go deeper).
 */
function toolText(tool: ToolInfo): string {
  const title = toolTitle(tool);
  const head = [
    `${tool.name}${title ? `  ${title}` : ''}  ${tool.qualifiedName}`,
    `annotations: ${tool.annotations ? terminalJson(tool.annotations) : '(none: the spec\'s defaults apply)'}`,
    ...(iconSummary(tool) ? [`icons: ${iconSummary(tool)}`] : []),
    '',
    tool.description?.trim() || '(no description)',
    '',
  ].join('\n');
  const schemas = { inputSchema: tool.inputSchema, ...(tool.outputSchema && { outputSchema: tool.outputSchema }) };
  const depth = nestingDepth(schemas);
  const json = terminalJson(pruneDeep(schemas, SHOWN_LEVELS), 2);
  if (depth <= SHOWN_LEVELS) return `${head}\n${json}`;
  return `${head}\n(nested ${formatCount(depth)} levels deep: shown to ${SHOWN_LEVELS}; ⟨…⟩ says what is left out)\n${json}`;
}

/** The tools with their tags; a filter; the selected one's detail; the whole tool one key away. */
export function ToolsTab({ server }: { server: ServerState }) {
  const theme = useTheme();
  const nav = useNavigation();
  const [raw, setRaw] = useState(false);
  const drift = kindDrift(useServerDrift(server.name), 'tool');
  const tokens = useTokens(server.tools.length > 0);
  const fuzz = useFuzz(server.name);
  const note = withDriftNote(server.listNotes?.tools, drift);
  // The filter line, then as many rows as there are tools, up to what leaves the detail its least.
  // Over the whole tool in the pager, esc closes the pager, not the filter.
  const { size, filtered, selected: tool, offline } = useListTab({
    server, scope: 'tools', items: server.tools, text: nameTitleDescription, id: byName,
    keep: { detail: DETAIL_ROWS, note: Boolean(note), fuzz: Boolean(fuzz.line) },
    fit: true,
    keys: (t) => (t ? {
      callTool: () => nav.push({ screen: 'call', server: server.name, tool: t.name }),
      rawSchema: () => setRaw(true),
      ...(server.status === 'connected' && !fuzz.busy && { fuzz: () => fuzz.start(t) }),
    } : {}),
    back: fuzz.back,
    cover: raw ? { back: () => setRaw(false), rawSchema: () => setRaw(false) } : fuzz.report ? { back: fuzz.back } : undefined,
    keysActive: !fuzz.asking,
  });
  const { list, filter } = filtered;
  const whole = useMemo(() => (raw && tool ? toolText(tool) : ''), [raw, tool]);
  if (offline) return <NotConnected status={server.status} />;
  if (raw && tool) return <Pager text={whole} width={size.columns} height={size.rows} />;
  if (fuzz.report !== undefined) return <Pager text={fuzz.report} width={size.columns} height={size.rows} />;
  const columns = toolColumns(filtered.inView, size.columns);
  // A column only when some tool of the server has an icon, so names do not shift as the list scrolls.
  const iconColumn = server.tools.some((t) => toolIcons(t).accepted.length) ? 2 : 0;
  // What the tags have left: the screen less the list's marker and the columns before them.
  const tagColumns = size.columns - 2 - (drift ? 2 : 0) - columns.name - iconColumn - columns.title - (tokens ? TOKEN_COLUMN + 2 : 0);
  const { detail: detailRows } = stackRows(size.rows, {
    filter: filter.editing || Boolean(filter.input.value), note: Boolean(note), list: list.height, scrollLine: 1, fuzz: Boolean(fuzz.line), detail: { min: DETAIL_ROWS },
  });
  return (
    <Box flexDirection="column">
      <FilteredListView
        filtered={filtered}
        noun="tool"
        note={note}
        empty={server.hiddenTools ? `all ${server.hiddenTools} tools are hidden by the tools filter` : 'this server has no tools'}
        render={(t, selected) => (
          <Box>
            {drift ? <DriftMark item={drift.byKey.get(t.name)} /> : null}
            <Box width={columns.name} flexShrink={0} paddingRight={2}>
              <Text bold={selected} wrap="truncate-end">{sanitizeLine(t.name)}</Text>
            </Box>
            {iconColumn ? (
              <Box width={iconColumn} flexShrink={0}>
                <Text color={theme.accent}>{toolIcons(t).accepted.length ? ICON_MARK : ' '}</Text>
              </Box>
            ) : null}
            {columns.title ? (
              <Box width={columns.title} flexShrink={0} paddingRight={2}>
                <Text dimColor wrap="truncate-end">{sanitizeLine(toolTitle(t) ?? '')}</Text>
              </Box>
            ) : null}
            {tokens ? (
              <Box width={TOKEN_COLUMN} flexShrink={0} justifyContent="flex-end" marginRight={2}>
                <Text dimColor>{counted(tokens.tool(t))}</Text>
              </Box>
            ) : null}
            {/* One row per tool: tags that do not fit are left out whole (then …), never wrapped onto the next tool's row. */}
            <AnnotationTags tool={t} width={tagColumns} />
          </Box>
        )}
      />
      {fuzz.line}
      {tool ? <ToolDetail tool={tool} height={detailRows} width={size.columns} tokens={tokens?.tool(tool)} drift={drift?.byKey.get(tool.name)} /> : null}
    </Box>
  );
}
