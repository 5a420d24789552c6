import { useMemo, useRef, useState } from 'react';
import type { Key } from 'ink';
import { parseJsonArguments, type JsonArguments } from '../../../../core/schema/form-json.js';
import { useValidatorLoaded } from '../../../hooks/useValidator.js';
import { editLines, linesText, toLines, type LinesState } from './lines-edit.js';

export interface RawJson {
  editor: LinesState;
  /** The text as arguments, with what is wrong with it. */
  check: JsonArguments;
  /** A send was refused: the errors show, and follow the edits. */
  attempted: boolean;
  onText: (input: string, key: Key) => boolean;
  /** The text as arguments now (not as last drawn). */
  current: () => JsonArguments;
  reset: (text: string) => void;
  /** A send was refused, as of now (not as last drawn). */
  refused: () => boolean;
  /** The arguments when they are fine, else null with the errors shown. */
  submit: () => Record<string, unknown> | null;
}

interface State {
  editor: LinesState;
  attempted: boolean;
}

/** The raw JSON editor's state; edits apply to the newest state, as keys can come faster than renders. */
export function useRawJson(schema: unknown, initialText: string, onChange?: (args: Record<string, unknown>) => void): RawJson {
  const [state, setState] = useState<State>(() => ({ editor: toLines(initialText), attempted: false }));
  const latest = useRef(state);
  const apply = (next: State) => {
    const changed = next.editor.lines !== latest.current.editor.lines;
    latest.current = next;
    setState(next);
    if (!changed || !onChange) return;
    const { args } = parseJsonArguments(schema, linesText(next.editor));
    if (args) onChange(args);
  };
  const checking = useValidatorLoaded();
  // Checked again once the schema checker is in.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `checking` is state outside React (core/schema/validator.ts)
  const check = useMemo(() => parseJsonArguments(schema, linesText(state.editor)), [schema, state.editor, checking]);
  return {
    editor: state.editor,
    check,
    attempted: state.attempted,
    onText: (input, key) => {
      const editor = editLines(latest.current.editor, input, key);
      if (!editor) return false;
      apply({ ...latest.current, editor });
      return true;
    },
    current: () => parseJsonArguments(schema, linesText(latest.current.editor)),
    reset: (text) => apply({ editor: toLines(text), attempted: false }),
    refused: () => latest.current.attempted,
    submit: () => {
      const result = parseJsonArguments(schema, linesText(latest.current.editor));
      if (result.args && !result.errors.length) return result.args;
      apply({ ...latest.current, attempted: true });
      return null;
    },
  };
}
