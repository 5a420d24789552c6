import { Text } from 'ink';
import type { Tool } from '../../core/mcp/types.js';
import { annotationTags } from '../../core/servers/tools.js';
import { useTheme } from '../theme/ThemeContext.js';

/** Declared tags solid, the spec's implied defaults dimmed with a question mark. */
export function AnnotationTags({ tool }: { tool: Pick<Tool, 'annotations'> }) {
  const theme = useTheme();
  return (
    <Text>
      {annotationTags(tool).map(({ tag, declared }, i) => (
        <Text key={tag} color={theme.annotation[tag]} dimColor={!declared}>{`${i ? ' ' : ''}[${tag}${declared ? '' : '?'}]`}</Text>
      ))}
    </Text>
  );
}
