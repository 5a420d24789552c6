import { Text } from 'ink';
import type { Tool } from '../../../core/mcp/types.js';
import { annotationTags, declaresWrites, taskTag } from '../../../core/servers/tools.js';
import { useTheme } from '../../theme/ThemeContext.js';

/** `[writes]` for a tool that declares it changes something without destroying; declared tags solid, the spec's implied defaults dimmed with a question mark. */
export function AnnotationTags({ tool, wrap = 'wrap' }: { tool: Pick<Tool, 'annotations' | 'execution'>; wrap?: 'wrap' | 'truncate-end' }) {
  const theme = useTheme();
  const tags = annotationTags(tool);
  const writing = declaresWrites(tool);
  // Not an annotation: whether it runs as a task (2025-11-25 execution.taskSupport).
  const task = taskTag(tool);
  return (
    <Text wrap={wrap}>
      {writing ? <Text color={theme.warning}>[writes]</Text> : null}
      {tags.map(({ tag, declared }, i) => (
        <Text key={tag} color={theme.annotation[tag]} dimColor={!declared}>{`${i || writing ? ' ' : ''}[${tag}${declared ? '' : '?'}]`}</Text>
      ))}
      {task ? <Text color={theme.accent}>{` [${task}]`}</Text> : null}
    </Text>
  );
}
