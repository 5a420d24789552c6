import { Box, Text } from 'ink';
import { summarizeParams } from '../../core/schema/signature.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { truncate } from '../../util/text.js';
import { useTheme } from '../theme/ThemeContext.js';

/** The parameters as a person reads them: `name*  type = default  description`. */
export function ParamList({ schema, max }: { schema: unknown; max: number }) {
  const theme = useTheme();
  const params = summarizeParams(schema);
  if (!params.length) return <Text dimColor>no parameters</Text>;
  const shown = params.slice(0, max);
  return (
    <Box flexDirection="column">
      {shown.map((p) => (
        <Text key={p.name} wrap="truncate-end">
          <Text bold>{sanitizeLine(p.name)}</Text>
          <Text color={theme.error}>{p.required ? '*' : ' '}</Text>
          <Text color={theme.accent}>{` ${truncate(sanitizeLine(p.type), 40)}`}</Text>
          {'default' in p ? <Text dimColor>{` = ${truncate(sanitizeLine(JSON.stringify(p.default) ?? ''), 30)}`}</Text> : null}
          {p.description ? <Text dimColor>{`  ${sanitizeLine(p.description)}`}</Text> : null}
        </Text>
      ))}
      {params.length > shown.length ? <Text dimColor>{`… ${params.length - shown.length} more (s shows the schema)`}</Text> : null}
    </Box>
  );
}
