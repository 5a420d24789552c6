import { useMemo } from 'react';
import { Box, Text } from 'ink';
import type { FormElicitation } from '../../core/elicitation/types.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { useTheme } from '../theme/ThemeContext.js';
import { SchemaForm } from '../widgets/form/SchemaForm.js';
import { AnswerLine, CANCEL, DECLINE } from './lines/AnswerLine.js';
import { RefusalLines, refusalLines } from './lines/RefusalLines.js';
import { beyondSubset } from './subset.js';
import { useRespond } from './useRespond.js';
import { clipRows, wrapRows } from '../widgets/text/wrap.js';
import { stackRows } from '../layout/stack-rows.js';

const MESSAGE_ROWS = 3;

/**
 * A form a server asks the person to fill in. Accept is the form's own send (it
 * validates first, and the queue validates again); decline and cancel are ours.
 * A schema beyond the subset is said to be so; what the form cannot draw opens as
 * JSON, checked against the same schema.
 */
export function FormPrompt({ request, width, height }: { request: FormElicitation; width: number; height: number }) {
  const theme = useTheme();
  const { refused, respond } = useRespond(request.id);
  const beyond = useMemo(() => beyondSubset(request.requestedSchema), [request.requestedSchema]);
  const warning = beyond.length ? clipRows(wrapRows(`beyond the elicitation subset, checked as sent (ctrl+r: JSON): ${beyond.join('; ')}`, width), 2) : [];
  useKeys(['elicit'], {
    declineRequest: () => void respond({ action: 'decline' }),
    cancelRequest: () => void respond({ action: 'cancel' }),
  }, { priority: PRIORITY.modal, capture: true });
  const message = clipRows(wrapRows(request.message, width), MESSAGE_ROWS);
  const errors = refusalLines(refused);
  const rows = stackRows(height, { message, warning, form: { min: 3 }, errors, answer: 1 });
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {message.map((row, i) => <Text key={i} wrap="truncate-end">{row}</Text>)}
      {warning.map((row, i) => <Text key={i} color={theme.warning} wrap="truncate-end">{row}</Text>)}
      <SchemaForm
        schema={request.requestedSchema}
        submitLabel="Accept"
        width={width}
        height={rows.form}
        priority={PRIORITY.modal + 1}
        onSubmit={(content) => void respond({ action: 'accept', content })}
      />
      <RefusalLines lines={errors} />
      {/* Under the form's [ Accept ], which sits after the form's two-column marker: the buttons line up. */}
      <Box paddingLeft={2}>
        <AnswerLine buttons={[DECLINE, CANCEL]} />
      </Box>
    </Box>
  );
}
