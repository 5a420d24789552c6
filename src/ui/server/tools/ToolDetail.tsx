import { Box, Text } from 'ink';
import { iconSummary, type ToolInfo } from '../../../core/servers/tools.js';
import { summarizeParams } from '../../../core/schema/signature.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { toolTitle } from '../../../core/servers/tools.js';
import { AnnotationTags } from './AnnotationTags.js';
import { Description, descriptionRows } from '../../components/Description.js';
import { ParamList } from './ParamList.js';
import { DriftLine } from '../../drift/DriftLine.js';
import type { DriftItem } from '../../../core/drift/compare.js';
import { ENCODING } from '../../../core/tokens/meter.js';
import { stackRows } from '../../layout/stack-rows.js';
import { countOf } from '../../../util/text.js';

/**
 * The selected tool in `height` rows: name and title, tags (as declared, not verified),
 * the description and the parameters, sharing what rows there are.
 */
export function ToolDetail({ tool, height, width, tokens, drift }: { tool: ToolInfo; height: number; width: number; tokens?: number; drift?: DriftItem }) {
  const title = toolTitle(tool);
  const icons = iconSummary(tool);
  const { body } = stackRows(height, { name: 1, drift: Boolean(drift), tags: 1, icons: Boolean(icons), body: { min: 3 } });
  const params = summarizeParams(tool.inputSchema).total;
  // The parameters take what they need, leaving the description two rows at least.
  const rows = stackRows(body, { params: { min: 1, max: params }, description: { min: 2, max: descriptionRows(tool.description, width).length } });
  // ParamList says how many more there are on a row of its own.
  const { shown } = stackRows(rows.params, { shown: { min: 1 }, more: params > rows.params });
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text wrap="truncate-end">
        <Text bold>{sanitizeLine(tool.name)}</Text>
        {title ? <Text>{`  ${sanitizeLine(title)}`}</Text> : null}
        <Text dimColor>{`  ${sanitizeLine(tool.qualifiedName)}`}</Text>
        {tokens === undefined ? null : <Text dimColor>{`  · ${countOf(tokens, 'token')} in a model's context (${ENCODING})`}</Text>}
      </Text>
      {drift ? <DriftLine item={drift} /> : null}
      <Text wrap="truncate-end">
        <AnnotationTags tool={tool} />
        <Text dimColor>  declared by the server, not verified; ? = implied by the spec</Text>
      </Text>
      {icons ? <Text wrap="truncate-end" dimColor>{`icons: ${sanitizeLine(icons)}`}</Text> : null}
      <Description text={tool.description} width={width} rows={rows.description} />
      <ParamList schema={tool.inputSchema} max={shown} />
    </Box>
  );
}
