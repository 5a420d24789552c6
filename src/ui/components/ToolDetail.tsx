import { Box, Text } from 'ink';
import type { ToolInfo } from '../../core/servers/tools.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { AnnotationTags } from './AnnotationTags.js';
import { Description } from './Description.js';
import { ParamList } from './ParamList.js';

/** The selected tool: description, tags (as declared, not verified) and parameters. */
export function ToolDetail({ tool, height }: { tool: ToolInfo; height: number }) {
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text wrap="truncate-end">
        <Text bold>{sanitizeLine(tool.name)}</Text>
        <Text dimColor>{`  ${sanitizeLine(tool.qualifiedName)}`}</Text>
      </Text>
      <Text wrap="truncate-end">
        <AnnotationTags tool={tool} />
        <Text dimColor>  declared by the server, not verified; ? = implied by the spec</Text>
      </Text>
      <Description text={tool.description} />
      <ParamList schema={tool.inputSchema} max={Math.max(1, height - 5)} />
    </Box>
  );
}
