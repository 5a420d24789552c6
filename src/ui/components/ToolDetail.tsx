import { Box, Text } from 'ink';
import type { ToolInfo } from '../../core/servers/tools.js';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { AnnotationTags } from './AnnotationTags.js';
import { ParamList } from './ParamList.js';

/** The selected tool: description, tags (as declared, not verified) and parameters. */
export function ToolDetail({ tool, height }: { tool: ToolInfo; height: number }) {
  const description = sanitize(tool.description ?? '').trim().split('\n').slice(0, 3).join(' ');
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
      <Box height={2} overflow="hidden"><Text>{description || '(no description)'}</Text></Box>
      <ParamList schema={tool.inputSchema} max={Math.max(1, height - 5)} />
    </Box>
  );
}
