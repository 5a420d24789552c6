import { Text } from 'ink';
import type { FormValues } from '../../../../core/schema/form.js';
import { getIn } from '../../../../core/schema/form-values.js';
import { textOf, type Stop } from '../state/form-state.js';
import { BooleanValue } from './BooleanValue.js';
import { ChoiceValue } from './ChoiceValue.js';
import { MultiValue } from './MultiValue.js';
import { TextValue } from './TextValue.js';
import { placeholderFor } from './visible.js';

interface Props {
  stop: Stop;
  values: FormValues;
  focused: boolean;
  /** The text cursor, or the option cursor of a multi-select. */
  cursor: number;
  width: number;
}

/** The value part of a field's row, drawn by its kind. */
export function FieldValue({ stop, values, focused, cursor, width }: Props) {
  const { field, item } = stop;
  const value = getIn(values, field.path);
  switch (field.kind) {
    case 'boolean':
      return <BooleanValue value={value} required={field.required} />;
    case 'enum':
      return <ChoiceValue field={field} value={value} focused={focused} />;
    case 'multi':
      return <MultiValue field={field} value={value} cursor={cursor} focused={focused} width={width} />;
    case 'list': {
      if (item === undefined) return <Text dimColor>{focused ? 'empty · ctrl+n adds an item' : 'empty'}</Text>;
      const number = `${item + 1}. `;
      const inner = Math.max(1, width - number.length);
      const body = field.item === 'boolean'
        ? <BooleanValue value={(value as unknown[])[item] === 'true'} required />
        : <TextValue text={textOf(stop, values) ?? ''} cursor={cursor} focused={focused} width={inner} placeholder={placeholderFor(field)} />;
      return <Text><Text dimColor>{number}</Text>{body}</Text>;
    }
    default:
      return <TextValue text={textOf(stop, values) ?? ''} cursor={cursor} focused={focused} width={width} placeholder={placeholderFor(field)} mask={field.kind === 'string' && field.format === 'password'} />;
  }
}
