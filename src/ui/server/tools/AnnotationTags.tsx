import { Text } from 'ink';
import type { Tool } from '../../../core/mcp/types.js';
import { annotationTags } from '../../../core/servers/tools.js';
import { useTheme } from '../../theme/ThemeContext.js';

/**
 * A tool that declares it is neither read-only nor destructive still changes something:
 * `[writes]`, so it does not look like a tool that declared nothing.
 */
const writes = (tool: Pick<Tool, 'annotations'>) => tool.annotations?.readOnlyHint === false && tool.annotations.destructiveHint === false;

/** Declared tags solid, the spec's implied defaults dimmed with a question mark. */
export function AnnotationTags({ tool, wrap = 'wrap' }: { tool: Pick<Tool, 'annotations'>; wrap?: 'wrap' | 'truncate-end' }) {
  const theme = useTheme();
  const tags = annotationTags(tool);
  const writing = writes(tool);
  return (
    <Text wrap={wrap}>
      {writing ? <Text color={theme.warning}>[writes]</Text> : null}
      {tags.map(({ tag, declared }, i) => (
        <Text key={tag} color={theme.annotation[tag]} dimColor={!declared}>{`${i || writing ? ' ' : ''}[${tag}${declared ? '' : '?'}]`}</Text>
      ))}
    </Text>
  );
}
