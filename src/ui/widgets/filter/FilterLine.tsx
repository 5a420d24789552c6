import { Text } from 'ink';
import { TextField } from '../text/TextField.js';
import type { TextInput } from '../text/useTextInput.js';

/** `/ text` while typing a filter, or the kept filter, or nothing. */
export function FilterLine({ input, editing, matched, total }: { input: TextInput; editing: boolean; matched: number; total: number }) {
  if (!editing && !input.value) return null;
  return (
    <Text>
      <Text bold>/ </Text>
      <TextField value={input.value} cursor={input.cursor} focused={editing} placeholder="type to filter" />
      <Text dimColor>{`  ${matched} of ${total}`}</Text>
    </Text>
  );
}
