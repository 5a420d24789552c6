import { useMemo } from 'react';
import { buildForm } from '../../../core/schema/form.js';
import { useFormState } from './state/useFormState.js';
import { useRawJson } from './raw/useRawJson.js';
import { pretty, useFormKeys } from './state/useFormKeys.js';
import { FormView } from './FormView.js';
import { RawJsonView } from './raw/RawJsonView.js';
import type { Suggest } from './state/suggestions.js';
import { useSuggestions } from './state/useSuggestions.js';
import { useValidatorLoaded } from '../../hooks/useValidator.js';

interface Props {
  schema: unknown;
  /** Arguments to start from (the last call's); they win over the schema's defaults. */
  initial?: Record<string, unknown>;
  submitLabel?: string;
  width: number;
  height: number;
  active?: boolean;
  /** Above the default when the form sits in a modal that takes every other key. */
  priority?: number;
  onSubmit: (args: Record<string, unknown>) => void;
  onChange?: (args: Record<string, unknown>) => void;
  /** Sends arguments that fail the schema (after a refused send shows why); without it there is no sending anyway. */
  onSendAnyway?: (args: Record<string, unknown>, problems: string[]) => void;
  /** Asks for values a top-level text field could take (a server's completions); shown under it as it is typed. */
  suggest?: Suggest;
}

/**
 * A form built from a JSON Schema (tool arguments, elicitation requests), one field
 * focused at a time, with a raw JSON mode for what the form cannot express. Esc is
 * left to the screen around it.
 */
export function SchemaForm({ schema, initial, submitLabel = 'Send', width, height, active = true, priority, onSubmit, onChange, onSendAnyway, suggest }: Props) {
  // Built again once the schema checker is in: then it can say what it cannot check.
  const checking = useValidatorLoaded();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `checking` is state outside React (core/schema/validator.ts)
  const model = useMemo(() => buildForm(schema), [schema, checking]);
  const reason = model.unsupported.join('; ') || undefined;
  const form = useFormState(model, initial, onChange);
  const json = useRawJson(model.schema, reason ? pretty(initial ?? {}) : '', onChange);
  const suggestions = useSuggestions(form, reason ? undefined : suggest, active);
  const raw = useFormKeys({ form, json, reason, active, priority, suggestions, onSubmit, onSendAnyway });
  const anyway = Boolean(onSendAnyway);
  if (raw) return <RawJsonView raw={json} reason={reason} submitLabel={submitLabel} anyway={anyway} width={width} height={height} />;
  return <FormView model={model} form={form} suggestions={suggestions.shown} submitLabel={submitLabel} anyway={anyway} width={width} height={height} />;
}
