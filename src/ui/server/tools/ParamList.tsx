import { Box, Text } from 'ink';
import { jsonLabel } from '../../../core/schema/depth.js';
import { summarizeParams } from '../../../core/schema/signature.js';
import { descriptionHead } from '../../../util/description-head.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { truncate } from '../../../util/text.js';
import { useTheme } from '../../theme/ThemeContext.js';

/** The parameters as a person reads them: `name*  type = default  description`, the first `max` of them. */
export function ParamList({ schema, max }: { schema: unknown; max: number }) {
  const theme = useTheme();
  const { params, total } = summarizeParams(schema, max);
  if (!params.length) return <Text dimColor>no parameters</Text>;
  return (
    <Box flexDirection="column">
      {params.map((p) => (
        <Text key={p.name} wrap="truncate-end">
          <Text bold>{sanitizeLine(p.name)}</Text>
          <Text color={theme.error}>{p.required ? '*' : ' '}</Text>
          <Text color={theme.accent}>{` ${truncate(sanitizeLine(p.type), 40)}`}</Text>
          {'default' in p ? <Text dimColor>{` = ${truncate(sanitizeLine(jsonLabel(p.default)), 30)}`}</Text> : null}
          {/* Only the head of a description is read: it may be a megabyte, and one row of it shows. */}
          {p.description ? <Text dimColor>{`  ${descriptionHead(p.description).line}`}</Text> : null}
        </Text>
      ))}
      {total > params.length ? <Text dimColor>{`… ${total - params.length} more (s shows the whole tool)`}</Text> : null}
    </Box>
  );
}
