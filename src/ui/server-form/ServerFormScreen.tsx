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
import { clipRows, wrapRows } from '../widgets/text/wrap.js';

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
  const [initial, setInitial] = useState(() => (editing && 'fields' in editing ? formValues(editing.fields) : undefined));
  // A command line split for the person to check: the form starts again from the split values.
  const [split, setSplit] = useState<{ notice: string; round: number }>();
  const schema = useMemo(() => serverFormSchema(editing ? undefined : deck.editor.scopes()), [deck, editing]);

  if (server !== undefined && !editing) return <Text color={theme.error}>{`${sanitizeLine(server)} is no longer configured. esc goes back.`}</Text>;
  if (editing && 'readOnly' in editing) return <Text color={theme.error} wrap="wrap">{`${sanitizeLine(editing.readOnly)}. esc goes back.`}</Text>;
  const save = (sent: Record<string, unknown>) => {
    setError(undefined);
    const fields = fieldsFrom(sent);
    try {
      const words = deck.editor.splitCommand(fields);
      if (words) {
        setInitial(formValues(words.fields));
        return setSplit({ notice: `split as a shell would; check, then ctrl+s saves: ${words.notice}`, round: (split?.round ?? 0) + 1 });
      }
    } catch (failed) {
      return setError((failed as Error).message);
    }
    setBusy(true);
    deck.editor.save(fields, editing).then(
      () => nav.pop(),
      (failed: Error) => {
        setError(failed.message);
        setBusy(false);
      },
    );
  };
  // What to fix, or the split to check, wrapped whole above the form; the form keeps the rest (3 rows at least).
  const said = error ? wrapRows(error, size.columns) : split ? wrapRows(split.notice, size.columns) : [];
  const rows = stackRows(size.rows, { title: 1, notes: { max: said.length }, form: { min: 3 } });
  const notes = clipRows(said, rows.notes);
  const title = editing ? `Edit ${editing.name} in ${editing.where}` : 'New server';
  return (
    <Box flexDirection="column" height={size.rows}>
      <Text bold wrap="truncate-end">{sanitizeLine(busy ? `${title}: saving…` : title)}</Text>
      {notes.map((line, i) => <Text key={i} color={error ? theme.error : theme.accent} wrap="truncate-end">{line}</Text>)}
      <SchemaForm key={split?.round} schema={schema} initial={initial} submitLabel={editing ? 'save' : 'add'} width={size.columns} height={rows.form} active={!busy} onSubmit={save} />
    </Box>
  );
}
