import { Box, Text } from 'ink';
import type { ToolInfo } from '../../../core/servers/tools.js';
import { sanitize, sanitizeLine } from '../../../util/sanitize.js';
import { AnnotationTags } from '../../components/AnnotationTags.js';

export const HEADER_ROWS = 2;

/** The tool being called: its title, name and tags, and the first line of its description. */
export function CallHeader({ tool }: { tool: ToolInfo }) {
  const title = tool.title ?? tool.annotations?.title;
  const description = sanitize(tool.description ?? '').trim().split('\n')[0] ?? '';
  return (
    <Box flexDirection="column" height={HEADER_ROWS}>
      <Text wrap="truncate-end">
        <Text bold>{sanitizeLine(title ?? tool.name)}</Text>
        {title ? <Text dimColor>{`  ${sanitizeLine(tool.name)}`}</Text> : null}
        {'  '}
        <AnnotationTags tool={tool} />
      </Text>
      <Text dimColor wrap="truncate-end">{sanitizeLine(description) || ' '}</Text>
    </Box>
  );
}
