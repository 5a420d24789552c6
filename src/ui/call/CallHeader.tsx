import { Box, Text } from 'ink';
import type { ToolInfo } from '../../core/servers/tools.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { AnnotationTags } from '../server/tools/AnnotationTags.js';
import { descriptionHead } from '../components/Description.js';

export const HEADER_ROWS = 2;

/** The tool being called: its title, name and tags, and the first line of its description. */
export function CallHeader({ tool }: { tool: ToolInfo }) {
  const title = tool.title ?? tool.annotations?.title;
  const description = descriptionHead(tool.description, 1).line;
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
