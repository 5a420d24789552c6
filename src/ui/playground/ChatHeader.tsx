import { memo } from 'react';
import { Text } from 'ink';
import type { ModelTool } from '../../core/models/toolset.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useTokens } from '../hooks/useTokens.js';
import { costWords, toolListCost } from './tool-cost.js';

interface Props {
  spec: string;
  servers: readonly string[];
  /** The tools the model sees, fixed when the conversation began. */
  tools: readonly ModelTool[];
}

/**
 * The model, the servers and what their tool list costs. Memoized: it draws again when its
 * counts land, not for each word the model streams.
 */
export const ChatHeader = memo(function ChatHeader({ spec, servers, tools }: Props) {
  const meter = useTokens(tools.length > 0);
  return (
    <Text wrap="truncate-end">
      <Text bold>{sanitizeLine(spec)}</Text>
      {` · ${servers.map(sanitizeLine).join(', ') || 'no servers'} · ${costWords(toolListCost(tools.map((t) => t.tool), meter))}`}
    </Text>
  );
});
