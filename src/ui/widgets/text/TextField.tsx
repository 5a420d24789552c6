import { Text } from 'ink';

interface Props {
  value: string;
  cursor: number;
  focused: boolean;
  placeholder?: string;
  /** Shows bullets instead of the text. */
  mask?: boolean;
}

/** A single-line field: the cursor is an inverse cell while focused. */
export function TextField({ value, cursor, focused, placeholder, mask }: Props) {
  const chars = [...(mask ? '•'.repeat([...value].length) : value)];
  if (!chars.length && !focused) return <Text dimColor>{placeholder ?? ''}</Text>;
  if (!focused) return <Text>{chars.join('')}</Text>;
  const at = chars[cursor] ?? ' ';
  return (
    <Text>
      {chars.slice(0, cursor).join('')}
      <Text inverse>{at}</Text>
      {chars.slice(cursor + 1).join('')}
      {!chars.length && placeholder ? <Text dimColor>{placeholder}</Text> : null}
    </Text>
  );
}
