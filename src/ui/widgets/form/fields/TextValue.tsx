import { TextField } from '../../text/TextField.js';
import { visible } from './visible.js';

interface Props {
  text: string;
  cursor: number;
  focused: boolean;
  width: number;
  placeholder?: string;
  /** Bullets instead of the text (a `format: "password"` field). */
  mask?: boolean;
}

/** A one-line text that scrolls sideways to keep the cursor in `width` columns. */
export function TextValue({ text, cursor, focused, width, placeholder, mask }: Props) {
  const chars = [...visible(text)];
  const room = Math.max(1, width - 1);
  const start = focused ? Math.max(0, cursor - room + 1) : 0;
  return <TextField value={chars.slice(start, start + room).join('')} cursor={cursor - start} focused={focused} placeholder={placeholder} mask={mask} />;
}
