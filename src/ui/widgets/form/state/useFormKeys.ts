import { useRef, useState } from 'react';
import type { Key } from 'ink';
import { wholeTerminalJson } from '../../../../util/json.js';
import { PRIORITY, useKeys } from '../../../keys/useKeys.js';
import type { Handlers } from '../../../keys/dispatcher.js';
import type { Stop } from './form-state.js';
import type { FormControl } from './useFormState.js';
import type { RawJson } from '../raw/useRawJson.js';
import type { SuggestionControl } from './useSuggestions.js';
import { loadValidator, validatorLoaded } from '../../../../core/schema/validator.js';

interface Options {
  form: FormControl;
  json: RawJson;
  /** Why only raw JSON works, when it is so. */
  reason?: string;
  active: boolean;
  priority?: number;
  /** Suggestions for the focused field, when the form has them. */
  suggestions?: SuggestionControl;
  onSubmit: (args: Record<string, unknown>) => void;
  /** Sends arguments that fail the schema, with what is wrong with them; without it, no sending anyway. */
  onSendAnyway?: (args: Record<string, unknown>, problems: string[]) => void;
}

/** Arguments as JSON to edit; ones nested too deep for JSON.stringify (a paste, say) start over from `{}`: a cut copy would send its markers. */
export function pretty(value: unknown): string {
  return wholeTerminalJson(value, 2) ?? '{}';
}

const toggles = (stop?: Stop) =>
  stop?.field.kind === 'boolean' || stop?.field.kind === 'enum' || stop?.field.kind === 'multi' ||
  (stop?.field.kind === 'list' && stop.field.item === 'boolean' && stop.item !== undefined);
const chooses = (stop?: Stop) => stop?.field.kind === 'enum' || stop?.field.kind === 'multi';

// Letters typed on a field that takes none are dropped (q on a checkbox must not quit),
// except space, which has its binding, and ? for help.
const isLetter = (input: string, key: Key) => !key.ctrl && !key.meta && input !== '' && input !== ' ' && input !== '?' && !/[\u0000-\u001f\u007f]/.test(input);

/**
 * The form's keys, as one layer with text first. Keys can come faster than renders,
 * so whether a field-specific key applies is decided from the state now: the
 * handlers are getters, read when a key arrives (and when the footer is drawn).
 */
export function useFormKeys({ form, json, reason, active, priority = PRIORITY.text, suggestions, onSubmit, onSendAnyway }: Options): boolean {
  const [raw, setRawState] = useState(Boolean(reason));
  const rawNow = useRef(raw);
  const setRaw = (on: boolean) => {
    rawNow.current = on;
    setRawState(on);
  };
  const send = () => {
    // The schema checker loads as the form opens; a send that comes first (a paste, a
    // script) waits for it, so nothing goes out unchecked by accident.
    if (!validatorLoaded()) return void loadValidator().then(send);
    const args = rawNow.current ? json.submit() : form.submit();
    if (args) onSubmit(args);
  };
  const switchMode = () => {
    if (!rawNow.current) {
      json.reset(pretty(form.args()));
      return setRaw(true);
    }
    // Back to the form only with an object it can read; schema errors then show by their fields.
    const { args } = json.current();
    if (!args) return void json.submit();
    form.replaceArgs(args);
    setRaw(false);
  };
  // Offered once a send was refused, so the failures are on screen before they are sent.
  const anyway = () => {
    if (!onSendAnyway) return undefined;
    if (rawNow.current) {
      const { args, errors, unchecked } = json.current();
      return json.refused() && args && errors.length && !unchecked ? () => onSendAnyway(args, errors) : undefined;
    }
    if (!form.refused()) return undefined;
    return () => {
      const { args, problems } = form.anyway();
      if (problems.length) onSendAnyway(args, problems);
      else onSubmit(args);
    };
  };
  const when = (ok: (stop?: Stop) => boolean, run: () => void) => (!rawNow.current && ok(form.focused()) ? run : undefined);
  const listStop = (s?: Stop) => s?.field.kind === 'list' || s?.field.kind === 'objects';
  const handlers: Handlers = {
    submit: send,
    get rawJson() { return reason ? undefined : switchMode; },
    get acceptSuggestion() { return !rawNow.current && suggestions?.ready() ? suggestions.accept : undefined; },
    get nextSuggestion() { return !rawNow.current && suggestions?.canChoose(1) ? () => suggestions.choose(1) : undefined; },
    get prevSuggestion() { return !rawNow.current && suggestions?.canChoose(-1) ? () => suggestions.choose(-1) : undefined; },
    get nextField() { return when(() => true, () => form.move(1)); },
    get prevField() { return when(() => true, () => form.move(-1)); },
    get advance() { return when(() => true, () => (form.focused() ? form.move(1) : send())); },
    get toggle() { return when(toggles, form.toggle); },
    get prevChoice() { return when(chooses, () => form.choose(-1)); },
    get nextChoice() { return when(chooses, () => form.choose(1)); },
    get sendAnyway() { return anyway(); },
    get nextType() { return when((s) => Boolean(s?.union), form.nextType); },
    get addItem() { return when(listStop, form.addItem); },
    get removeItem() { return when((s) => listStop(s) && s?.item !== undefined, form.removeItem); },
    get openItem() { return when((s) => s?.field.kind === 'objects' && s.item !== undefined, form.openItem); },
    get closeItem() { return !rawNow.current && form.inItem() ? form.closeItem : undefined; },
  };
  const onText = (input: string, key: Key) => (rawNow.current ? json.onText(input, key) : form.typeText(input, key) || isLetter(input, key));
  useKeys(['form'], handlers, { priority, active, onText });
  return raw;
}
