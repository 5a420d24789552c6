import { Text } from 'ink';

/** A checkbox; an optional one can also be "not set", which sends nothing. */
export function BooleanValue({ value, required }: { value: unknown; required: boolean }) {
  if (value === undefined && !required) return <Text dimColor>[ ] not set</Text>;
  return <Text>{value === true ? '[x] yes' : '[ ] no'}</Text>;
}
