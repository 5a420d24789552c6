import { useState } from 'react';
import { Box, Text } from 'ink';
import type { SamplingTool } from '../../../core/elicitation/types.js';
import { toolLine } from '../../../core/schema/signature.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { SchemaForm } from '../../widgets/form/SchemaForm.js';
import { stackRows } from '../../layout/stack-rows.js';

interface Props {
  tools: readonly SamplingTool[];
  width: number;
  height: number;
  onUse: (name: string, input: Record<string, unknown>) => void;
}

/**
 * Answering a sampling request with a tool use, as the model would: pick one of the
 * tools offered (↑↓, enter), then fill in its input in the schema form; its send
 * (ctrl+s) answers. The queue checks the input against the tool's schema again.
 */
export function ToolUsePanel({ tools, width, height, onUse }: Props) {
  const theme = useTheme();
  const [cursor, setCursor] = useState(0);
  const [picked, setPicked] = useState<SamplingTool>();
  useKeys(['sample'], {
    prevTool: !picked ? () => setCursor((c) => Math.max(0, c - 1)) : undefined,
    nextTool: !picked ? () => setCursor((c) => Math.min(tools.length - 1, c + 1)) : undefined,
    pickTool: !picked ? () => setPicked(tools[cursor]) : undefined,
  }, { priority: PRIORITY.modal + 1 });
  if (picked) {
    return (
      <Box flexDirection="column" height={height} overflow="hidden">
        <Text wrap="truncate-end" bold color={theme.accent}>{`Use ${sanitizeLine(picked.name)}, as the assistant; its input:`}</Text>
        <SchemaForm
          schema={picked.inputSchema}
          submitLabel="Use tool"
          width={width}
          height={stackRows(height, { heading: 1, form: { min: 2 } }).form}
          priority={PRIORITY.modal + 1}
          onSubmit={(input) => onUse(picked.name, input)}
        />
      </Box>
    );
  }
  const { list: rows } = stackRows(height, { heading: 1, list: { min: 1 } });
  const start = Math.min(Math.max(0, cursor - rows + 1), Math.max(0, tools.length - rows));
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text wrap="truncate-end" bold color={theme.accent}>Use a tool, as the assistant:</Text>
      {tools.slice(start, start + rows).map((tool, i) => {
        const selected = start + i === cursor;
        return (
          <Text key={start + i} wrap="truncate-end" bold={selected} color={selected ? theme.selected : undefined}>
            {`${selected ? '▸ ' : '  '}${sanitizeLine(toolLine(tool))}`}
          </Text>
        );
      })}
    </Box>
  );
}
