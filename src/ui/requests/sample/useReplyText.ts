import { useRef, useState } from 'react';
import type { Key } from 'ink';
import { editLines, linesText, toLines, type LinesState } from '../../widgets/form/raw/lines-edit.js';

export interface ReplyText {
  editor: LinesState;
  onText: (input: string, key: Key) => boolean;
  /** The text now (not as last drawn). */
  text: () => string;
  /** Puts a whole text in (the model's draft), to be read and edited before it is sent. */
  replace: (text: string) => void;
}

/** A multi-line text for the reply; keys edit the newest state, as they can come faster than renders. */
export function useReplyText(): ReplyText {
  const [editor, setEditor] = useState<LinesState>(() => toLines(''));
  const latest = useRef(editor);
  return {
    editor,
    onText: (input, key) => {
      const next = editLines(latest.current, input, key);
      if (!next) return false;
      latest.current = next;
      setEditor(next);
      return true;
    },
    text: () => linesText(latest.current),
    replace: (text) => {
      latest.current = toLines(text);
      setEditor(latest.current);
    },
  };
}
