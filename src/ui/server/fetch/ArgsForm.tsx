import { Box, Text } from 'ink';
import { useBodySize } from '../../hooks/useBodySize.js';
import { SchemaForm } from '../../widgets/form/SchemaForm.js';
import type { Suggest } from '../../widgets/form/state/suggestions.js';
import { useDraft } from '../../widgets/form/state/useDraft.js';
import { BusyLine } from './BusyLine.js';
import type { Request } from './useRequest.js';

interface Props {
  /** What the form is for, already sanitized. */
  title: string;
  schema: unknown;
  submitLabel: string;
  request: Request;
  onSubmit: (args: Record<string, unknown>) => void;
  /** The server's completions for the fields, when it offers them. */
  suggest?: Suggest;
  /** Names the form for its draft (server, kind, name): opened again, it starts from what was typed. */
  draft: readonly string[];
}

/** A generated form (template variables, prompt arguments) with the request's progress under it. */
export function ArgsForm({ title, schema, submitLabel, request, onSubmit, suggest, draft }: Props) {
  const size = useBodySize();
  const { initial, keep } = useDraft(...draft);
  return (
    <Box flexDirection="column" height={size.rows}>
      <Text bold wrap="truncate-end">{title}</Text>
      <SchemaForm schema={schema} initial={initial} onChange={keep} submitLabel={submitLabel} width={size.columns} height={size.rows - 2} active={!request.busy} onSubmit={onSubmit} suggest={suggest} />
      <BusyLine request={request} />
    </Box>
  );
}
