import { Text } from 'ink';
import type { FormValues } from '../../../../core/schema/form.js';
import { getIn } from '../../../../core/schema/form-values.js';
import { sanitizeLine } from '../../../../util/sanitize.js';
import { useTheme } from '../../../theme/ThemeContext.js';
import { keyFor } from '../../../keys/key-name.js';
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
  /** An item of a list of objects: what it holds, and how many of its fields are wrong. */
  summary?: string;
  problems?: number;
}

/** The value part of a field's row, drawn by its kind; a field of several types says which it is now. */
export function FieldValue(props: Props) {
  const theme = useTheme();
  const variant = props.stop.union ? props.stop.field : undefined;
  if (!variant || !('typeLabel' in variant) || (props.stop.item ?? 0) > 0) return <Value {...props} />;
  const chip = `${sanitizeLine(String(variant.typeLabel))}: `;
  if (variant.kind === 'null') return <Text color={props.focused ? theme.accent : undefined} dimColor={!props.focused}>null</Text>;
  return (
    <Text>
      <Text color={props.focused ? theme.accent : undefined} dimColor={!props.focused}>{chip}</Text>
      <Value {...props} width={Math.max(4, props.width - [...chip].length)} />
    </Text>
  );
}

function Value({ stop, values, focused, cursor, width, summary, problems }: Props) {
  const theme = useTheme();
  const { field, item } = stop;
  const value = getIn(values, field.path);
  switch (field.kind) {
    case 'boolean':
      return <BooleanValue value={value} required={field.required} />;
    case 'enum':
      return <ChoiceValue field={field} value={value} focused={focused} />;
    case 'multi':
      return <MultiValue field={field} value={value} cursor={cursor} focused={focused} width={width} />;
    case 'null':
      return <Text dimColor>null</Text>;
    case 'objects': {
      if (item === undefined) return <Text dimColor>{focused ? `no items · ${keyFor('form', 'addItem')} adds one` : 'no items'}</Text>;
      const said = summary ? sanitizeLine(summary) : '';
      return (
        <Text>
          <Text dimColor>{`${item + 1}. `}</Text>
          {said ? <Text>{said}</Text> : <Text dimColor>(empty)</Text>}
          {problems ? <Text color={theme.error}>{`  ✗ ${problems === 1 ? '1 problem' : `${problems} problems`}`}</Text> : null}
          {focused ? <Text dimColor>{`  ${keyFor('form', 'openItem')} opens it`}</Text> : null}
        </Text>
      );
    }
    case 'list': {
      if (item === undefined) return <Text dimColor>{focused ? `empty · ${keyFor('form', 'addItem')} adds an item` : 'empty'}</Text>;
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
