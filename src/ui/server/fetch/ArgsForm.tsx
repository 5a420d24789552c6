import { Box, Text } from 'ink';
import { useBodySize } from '../../hooks/useBodySize.js';
import { SchemaForm } from '../../widgets/form/SchemaForm.js';
import type { Suggest } from '../../widgets/form/state/suggestions.js';
import { BusyLine } from './BusyLine.js';
import type { Request } from './useRequest.js';
import { stackRows } from '../../layout/stack-rows.js';

interface Props {
  /** What the form is for, already sanitized. */
  title: string;
  schema: unknown;
  submitLabel: string;
  request: Request;
  onSubmit: (args: Record<string, unknown>) => void;
  /** The server's completions for the fields, when it offers them. */
  suggest?: Suggest;
}

/** A generated form (template variables, prompt arguments) with the request's progress under it. */
export function ArgsForm({ title, schema, submitLabel, request, onSubmit, suggest }: Props) {
  const size = useBodySize();
  // The busy line's row is kept while nothing runs, so the form does not jump when a request starts.
  const rows = stackRows(size.rows, { title: 1, form: {}, busy: 1 });
  return (
    <Box flexDirection="column" height={size.rows}>
      <Text bold wrap="truncate-end">{title}</Text>
      <SchemaForm schema={schema} submitLabel={submitLabel} width={size.columns} height={rows.form} active={!request.busy} onSubmit={onSubmit} suggest={suggest} />
      <BusyLine request={request} />
    </Box>
  );
}
