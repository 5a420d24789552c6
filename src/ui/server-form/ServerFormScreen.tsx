import { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useNavigation } from '../navigation/NavigationContext.js';
import { useTheme } from '../theme/ThemeContext.js';
import { SchemaForm } from '../widgets/form/SchemaForm.js';
import { fieldsFrom, formValues, serverFormSchema } from './server-form-schema.js';
import { stackRows } from '../layout/stack-rows.js';

/** At most this many rows of what to fix; the form keeps the rest. */
const ERROR_ROWS = 3;

/**
 * Adds a server (`server` unset) or edits one in its own file. Saving writes through the
 * same writer and checks as `mcpdeck add`, then the deck reads the configuration again;
 * what to fix is shown above the form, which keeps every value typed. Esc leaves.
 */
export function ServerFormScreen({ server }: { server?: string }) {
  const deck = useDeck();
  const nav = useNavigation();
  const size = useBodySize();
  const theme = useTheme();
  // Read once, when the form opens: what the person saw is what is written back.
  const [editing] = useState(() => {
    const def = server === undefined ? undefined : deck.definition(server);
    return def && deck.editor.editable(def);
  });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [initial] = useState(() => (editing && 'fields' in editing ? formValues(editing.fields) : undefined));
  const schema = useMemo(() => serverFormSchema(editing ? undefined : deck.editor.scopes()), [deck, editing]);

  if (server !== undefined && !editing) return <Text color={theme.error}>{`${sanitizeLine(server)} is no longer configured. esc goes back.`}</Text>;
  if (editing && 'readOnly' in editing) return <Text color={theme.error} wrap="wrap">{`${sanitizeLine(editing.readOnly)}. esc goes back.`}</Text>;
  const save = (sent: Record<string, unknown>) => {
    setBusy(true);
    setError(undefined);
    deck.editor.save(fieldsFrom(sent), editing).then(
      () => nav.pop(),
      (failed: Error) => {
        setError(failed.message);
        setBusy(false);
      },
    );
  };
  const errors = error ? error.split('\n').slice(0, ERROR_ROWS) : [];
  const title = editing ? `Edit ${editing.name} in ${editing.where}` : 'New server';
  return (
    <Box flexDirection="column" height={size.rows}>
      <Text bold wrap="truncate-end">{sanitizeLine(busy ? `${title}: saving…` : title)}</Text>
      {errors.map((line, i) => <Text key={i} color={theme.error} wrap="truncate-end">{sanitizeLine(line)}</Text>)}
      <SchemaForm schema={schema} initial={initial} submitLabel={editing ? 'save' : 'add'} width={size.columns} height={stackRows(size.rows, { title: 1, errors, form: { min: 3 } }).form} active={!busy} onSubmit={save} />
    </Box>
  );
}
