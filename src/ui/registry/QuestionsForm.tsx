import { useMemo } from 'react';
import { Box, Text } from 'ink';
import type { Question } from '../../core/mcp-registry/launch.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { SchemaForm } from '../widgets/form/SchemaForm.js';
import { answersFrom, inAskingOrder, questionsSchema } from './questions-schema.js';

interface Props {
  title: string;
  questions: readonly Question[];
  submitLabel: string;
  width: number;
  height: number;
  onAnswer: (answers: Record<string, string>) => void;
  onCancel: () => void;
}

/** The values a package or remote needs, in the deck's form: required ones first, secrets masked, defaults filled in. */
export function QuestionsForm({ title, questions, submitLabel, width, height, onAnswer, onCancel }: Props) {
  const ordered = useMemo(() => inAskingOrder(questions), [questions]);
  const schema = useMemo(() => questionsSchema(ordered), [ordered]);
  // The form leaves esc to what is around it (an open item of a list takes it first).
  useKeys(['global'], { back: onCancel }, { priority: PRIORITY.widget });
  return (
    <Box flexDirection="column" height={height}>
      <Text bold wrap="truncate-end">{sanitizeLine(title)}</Text>
      <SchemaForm schema={schema} submitLabel={submitLabel} width={width} height={Math.max(3, height - 1)} onSubmit={(values) => onAnswer(answersFrom(values, ordered))} />
    </Box>
  );
}
