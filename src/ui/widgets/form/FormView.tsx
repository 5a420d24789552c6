import { useMemo, useRef } from 'react';
import { Box, Text } from 'ink';
import type { FormModel } from '../../../core/schema/form.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { keyFor } from '../../keys/key-name.js';
import { scrollTo } from '../list/list-state.js';
import { labelColumns, layoutForm } from './form-layout.js';
import { crumbs, scopeFields } from './state/form-scope.js';
import type { FormControl } from './state/useFormState.js';
import { FormRow } from './FormRow.js';
import { SendLine } from './SendLine.js';
import { UncheckedLine } from './UncheckedLine.js';
import type { Suggestions } from './state/suggestions.js';
import { stackRows } from '../../layout/stack-rows.js';

interface Props {
  model: FormModel;
  form: FormControl;
  /** What the server suggests for the focused field, drawn under it. */
  suggestions?: Suggestions;
  submitLabel: string;
  /** Whether the problems may be sent anyway. */
  anyway?: boolean;
  width: number;
  height: number;
}

/**
 * The fields in `height` rows, scrolled to keep the focused one in view, with the send
 * button pinned below. An open item of a list of objects shows its own fields under a
 * line that says where it is.
 */
export function FormView({ model, form, suggestions, submitLabel, anyway = false, width, height }: Props) {
  const theme = useTheme();
  const { state, result } = form;
  const fields = useMemo(() => scopeFields(model.fields, state.scope), [model, state.scope]);
  const layout = useMemo(() => layoutForm(fields, state, result, suggestions), [fields, state, result, suggestions]);
  const labelWidth = useMemo(() => labelColumns(fields, width), [fields, width]);
  const where = state.scope.length ? crumbs(model.fields, state.scope, state.values).join(' › ') : '';
  const rootError = state.attempted ? result.errors[''] : undefined;
  const { body: bodyRows } = stackRows(height, { unchecked: Boolean(model.unchecked), where: Boolean(where), body: { min: 1 }, rootError: Boolean(rootError), send: 1 });
  // The window moves only as far as the focus needs, so it does not jump on every key.
  const offsetRef = useRef(0);
  const offset = scrollTo(offsetRef.current, layout.focusStart, layout.focusEnd, layout.rows.length, bodyRows);
  offsetRef.current = offset;
  const shown = layout.rows.slice(offset, offset + bodyRows);
  const errors = state.attempted ? Object.keys(result.errors).length : 0;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {model.unchecked ? <UncheckedLine reason={model.unchecked} /> : null}
      {where ? <Text wrap="truncate-end" color={theme.accent}>{`${sanitizeLine(where)}`}<Text dimColor>{`  ${keyFor('form', 'closeItem')} back to the list`}</Text></Text> : null}
      <Box flexDirection="column" height={bodyRows} overflow="hidden">
        {fields.length ? shown.map((row, i) => (
          <FormRow key={offset + i} row={row} focus={state.focus} cursor={state.cursor} values={state.values} labelWidth={labelWidth} width={width} />
        )) : <Text dimColor>{where ? '  no fields to fill in' : '  no arguments to fill in'}</Text>}
      </Box>
      {rootError ? <Text color={theme.error} wrap="truncate-end">{`  ✗ ${sanitizeLine(rootError)}`}</Text> : null}
      <SendLine label={submitLabel} focused={state.focus === form.stops.length} errors={errors} anyway={anyway} above={offset} below={Math.max(0, layout.rows.length - offset - bodyRows)} />
    </Box>
  );
}
