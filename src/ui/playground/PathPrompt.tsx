import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { TextField } from '../widgets/text/TextField.js';
import { useTextInput } from '../widgets/text/useTextInput.js';

interface Props {
  label: string;
  initial: string;
  onDone: (path: string) => void;
  onCancel: () => void;
}

/** One line to name a file, prefilled: enter takes it, esc goes back. */
export function PathPrompt({ label, initial, onDone, onCancel }: Props) {
  const input = useTextInput(initial);
  useKeys(['playgroundFile'], {
    confirmFile: () => (input.value.trim() ? onDone(input.value.trim()) : undefined),
    cancelFile: onCancel,
  }, { priority: PRIORITY.modal, capture: true, onText: input.onText });
  return (
    <Box>
      <Text bold>{`${label}: `}</Text>
      <TextField value={input.value} cursor={input.cursor} focused placeholder="a file, e.g. .mcpdeck/conversations/mine.json" />
    </Box>
  );
}
