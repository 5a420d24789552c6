import { useState } from 'react';
import { Box, Text } from 'ink';
import type { ServerState } from '../../../core/servers/state.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useKeys } from '../../hooks/useKeys.js';
import { useBodySize } from '../../hooks/useBodySize.js';
import { useFilter } from '../../hooks/useFilter.js';
import { nameTitleDescription, useFiltered } from '../../hooks/useFiltered.js';
import { useNavigation } from '../../navigation/NavigationContext.js';
import { useList } from '../../widgets/list/useList.js';
import { ListView } from '../../widgets/list/ListView.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { FilterLine } from '../../components/FilterLine.js';
import { AnnotationTags } from '../../components/AnnotationTags.js';
import { ToolDetail } from '../../components/ToolDetail.js';
import { terminalJson } from '../../../util/json.js';

const DETAIL_ROWS = 9;

/** The tools with their tags; a filter; the selected one's detail; its raw schema one key away. */
export function ToolsTab({ server }: { server: ServerState }) {
  const nav = useNavigation();
  const size = useBodySize();
  const filter = useFilter();
  const [raw, setRaw] = useState(false);
  const needle = filter.input.value;
  const shown = useFiltered(server.tools, nameTitleDescription, needle);
  const filterRows = filter.editing || needle ? 1 : 0;
  const list = useList(shown.length, Math.max(3, size.rows - DETAIL_ROWS - filterRows - 1));
  const tool = shown[list.index];
  useKeys(['tools', 'list', 'global'], raw ? { back: () => setRaw(false), rawSchema: () => setRaw(false) } : {
    ...list.handlers,
    filter: filter.start,
    ...(tool && {
      callTool: () => nav.push({ screen: 'call', server: server.name, tool: tool.name }),
      rawSchema: () => setRaw(true),
    }),
  });
  if (server.status !== 'connected' && !server.tools.length) {
    return <Text dimColor>{server.status === 'connecting' ? 'connecting…' : `not connected (${server.status}); r reconnects`}</Text>;
  }
  if (raw && tool) {
    const schema = terminalJson({ inputSchema: tool.inputSchema, ...(tool.outputSchema && { outputSchema: tool.outputSchema }) }, 2);
    return <Pager text={schema} width={size.columns} height={size.rows} />;
  }
  const nameWidth = Math.min(36, Math.max(12, ...shown.slice(list.offset, list.offset + list.height).map((t) => sanitizeLine(t.title ?? t.name).length + 2)));
  return (
    <Box flexDirection="column">
      <FilterLine input={filter.input} editing={filter.editing} matched={shown.length} total={server.tools.length} />
      <Box flexDirection="column" height={list.height + 1}>
        <ListView
          items={shown}
          list={list}
          empty={needle ? `no tool matches "${filter.input.value}"` : server.hiddenTools ? `all ${server.hiddenTools} tools are hidden by the tools filter` : 'this server has no tools'}
          render={(t, selected) => (
            <Box>
              <Box width={nameWidth} flexShrink={0}><Text bold={selected} wrap="truncate-end">{sanitizeLine(t.title ?? t.name)}</Text></Box>
              <AnnotationTags tool={t} />
            </Box>
          )}
        />
      </Box>
      {tool ? <ToolDetail tool={tool} height={DETAIL_ROWS} /> : null}
    </Box>
  );
}
