import { Box, Text } from 'ink';
import type { ServerState } from '../../core/servers/state.js';
import { shortCount } from '../../core/tokens/meter.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { countOf } from '../../util/text.js';
import { useTokens } from '../hooks/useTokens.js';
import { useKeys } from '../keys/useKeys.js';
import { stackRows } from '../layout/stack-rows.js';
import { useTheme } from '../theme/ThemeContext.js';
import { ListView } from '../widgets/list/ListView.js';
import { useList } from '../widgets/list/useList.js';
import { wrapRows } from '../widgets/text/wrap.js';
import { costWords, toolCost, type ModelChoice } from './tool-cost.js';

interface Props {
  /** The connected servers, to pick from. */
  servers: readonly ServerState[];
  checked: ReadonlySet<string>;
  model: ModelChoice;
  notice?: string;
  width: number;
  height: number;
  onToggle: (name: string) => void;
  onStart: () => void;
}

/** The servers whose tools the model gets, each with its tool count and what its definitions cost; the model above them. */
export function ServerPicker({ servers, checked, model, notice, width, height, onToggle, onStart }: Props) {
  const theme = useTheme();
  const meter = useTokens(servers.length > 0);
  const guidance = 'problem' in model ? wrapRows(`✗ ${model.problem}`, width).slice(0, 4) : [];
  const rows = stackRows(height, { model: 'spec' in model ? 1 : guidance, heading: 1, list: { min: 1 }, scrollLine: 1, notice: Boolean(notice), total: 1 });
  const list = useList(servers.length, rows.list, servers.map((s) => s.name));
  const selected = servers[list.index];
  const nameWidth = Math.min(32, Math.max(10, ...servers.map((s) => sanitizeLine(s.name).length + 2)));
  useKeys(['playgroundPick', 'list'], {
    ...list.handlers,
    pickServer: selected ? () => onToggle(selected.name) : undefined,
    startChat: onStart,
  });
  const chosen = servers.filter((s) => checked.has(s.name));
  return (
    <Box flexDirection="column" height={height}>
      {'spec' in model ? (
        <Text wrap="truncate-end"><Text bold>model </Text>{sanitizeLine(model.spec)}</Text>
      ) : guidance.map((row, i) => <Text key={i} color={theme.warning} wrap="truncate-end">{row}</Text>)}
      <Text bold wrap="truncate-end">The servers whose tools the model gets</Text>
      <Box flexDirection="column" height={rows.list + rows.scrollLine} overflow="hidden">
        <ListView
          items={servers}
          list={list}
          empty="no server is connected: the model would get no tools (wait for one, or add one with n on the server list)"
          render={(server) => {
            const tokens = meter?.server(server);
            return (
              <Text wrap="truncate-end">
                {`${checked.has(server.name) ? '[x]' : '[ ]'} `}
                <Text bold>{sanitizeLine(server.name).padEnd(nameWidth)}</Text>
                {countOf(server.tools.length, 'tool').padStart(10)}
                <Text dimColor>{tokens === undefined ? '' : `${shortCount(tokens).padStart(8)} tokens`}</Text>
              </Text>
            );
          }}
        />
      </Box>
      {notice ? <Text color={theme.error} wrap="truncate-end">{sanitizeLine(notice)}</Text> : null}
      <Text dimColor wrap="truncate-end">{`The model sees ${costWords(toolCost(chosen, meter))}`}</Text>
    </Box>
  );
}
