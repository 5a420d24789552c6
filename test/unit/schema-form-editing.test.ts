import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { buildForm, initialValues } from '../../src/core/schema/form.js';
import { choose, move, nextType, startState, stopsOf, toggle, typeText, type FormState } from '../../src/ui/widgets/form/state/form-state.js';
import { addItem, removeItem } from '../../src/ui/widgets/form/state/form-items.js';
import { editLines, linesText, toLines, type LinesState } from '../../src/ui/widgets/form/raw/lines-edit.js';
import { scrollTo } from '../../src/ui/widgets/list/list-state.js';

const key = (k: Partial<Key> = {}): Key => ({
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false,
  capsLock: false, numLock: false, ...k,
} as Key);

const model = buildForm({
  type: 'object',
  properties: {
    pick: { enum: ['a', 'b'] },
    must: { enum: ['a', 'b'] },
    opt: { type: 'boolean' },
    dflt: { type: 'boolean', default: false },
    xs: { type: 'array', items: { type: 'string' } },
    o: { type: 'object', properties: { n: { type: 'number' } } },
  },
  required: ['must'],
});
const at = (focus: number): FormState => ({ ...startState(model, initialValues(model)), focus });
const run = (state: FormState, ...steps: ((s: FormState) => FormState | null)[]) => steps.reduce((s, step) => step(s) ?? s, state);

describe('form editing', () => {
  it('visits nested fields and list items in order, then the send button', () => {
    const values = { ...initialValues(model), xs: ['p', 'q'] };
    expect(stopsOf(model.fields, values).map((s) => `${s.field.key}${s.item ?? ''}`)).toEqual(['pick', 'must', 'opt', 'dflt', 'xs0', 'xs1', 'n']);
    expect(run(at(0), ...Array(20).fill((s: FormState) => move(model, s, 1))).focus).toBe(6);
  });

  it('cycles an optional choice through none, a required one only through its options', () => {
    const picks = (focus: number, n: number, delta = 1) =>
      Array.from({ length: n }, (_, i) => run(at(focus), ...Array(i + 1).fill((s: FormState) => choose(model, s, delta))).values[focus ? 'must' : 'pick']);
    expect(picks(0, 4)).toEqual(['a', 'b', undefined, 'a']);
    expect(picks(0, 3, -1)).toEqual(['b', 'a', undefined]);
    expect(picks(1, 3)).toEqual(['a', 'b', 'a']);
    expect(picks(1, 2, -1)).toEqual(['b', 'a']);
  });

  it('has "not set" for an optional checkbox with no default only', () => {
    const flips = (focus: number, field: string) => Array.from({ length: 4 }, (_, i) => run(at(focus), ...Array(i + 1).fill((s: FormState) => toggle(model, s))).values[field]);
    expect(flips(2, 'opt')).toEqual([true, false, undefined, true]);
    expect(flips(3, 'dflt')).toEqual([true, false, true, false]);
  });

  it('adds list items after the cursor and removes the one under it', () => {
    const type = (text: string) => (s: FormState) => typeText(model, s, text, key());
    const add = (s: FormState) => addItem(model, s);
    const state = run(at(4), add, type('a'), add, type('b'), (s) => move(model, s, -1), add, type('c'));
    expect(state.values.xs).toEqual(['a', 'c', 'b']);
    expect(state.focus).toBe(5);
    const once = removeItem(model, state)!;
    expect([once.values.xs, once.focus]).toEqual([['a', 'b'], 5]);
    const twice = removeItem(model, once)!;
    expect([twice.values.xs, twice.focus]).toEqual([['a'], 4]);
    const empty = removeItem(model, twice)!;
    expect([empty.values.xs, empty.focus]).toEqual([[], 4]);
    expect(removeItem(model, empty)).toBeNull();
    expect(addItem(model, empty)!.values.xs).toEqual(['']);
  });

  it('keeps a nested value at its path', () => {
    const state = run(at(5), (s) => typeText(model, s, '4', key()), (s) => typeText(model, s, '2', key()), (s) => typeText(model, s, '', key({ leftArrow: true })), (s) => typeText(model, s, '.', key()));
    expect(state.values.o).toEqual({ n: '4.2' });
  });
});

describe('the raw JSON editor', () => {
  const type = (state: LinesState, ...presses: [string, Partial<Key>?][]) => presses.reduce((s, [input, k]) => editLines(s, input, key(k)) ?? s, state);

  it('breaks lines with the indent of the line, joins them with backspace, and takes a pasted block', () => {
    let s = type(toLines('{\n  "a": 1\n}'), ['', { downArrow: true }], ['', { end: true }], [','], ['', { return: true }], ['"b": 2']);
    expect(linesText(s)).toBe('{\n  "a": 1,\n  "b": 2\n}');
    s = type(s, ['', { home: true }], ['', { backspace: true }]);
    expect(linesText(s)).toBe('{\n  "a": 1,  "b": 2\n}');
    s = type(toLines(''), ['{\r\n  "x": [1,\n 2]\n}']);
    expect(linesText(s)).toBe('{\n  "x": [1,\n 2]\n}');
    expect([s.row, s.col]).toEqual([3, 1]);
  });

  it('leaves escape and ctrl keys to the form', () => {
    expect(editLines(toLines('{}'), '', key({ escape: true }))).toBeNull();
    expect(editLines(toLines('{}'), 's', key({ ctrl: true }))).toBeNull();
  });
});

describe('scrolling', () => {
  it('moves the window only as far as the focus needs', () => {
    expect(scrollTo(0, 3, 4, 30, 10)).toBe(0);
    expect(scrollTo(0, 12, 13, 30, 10)).toBe(4);
    expect(scrollTo(4, 6, 6, 30, 10)).toBe(4);
    expect(scrollTo(4, 2, 2, 30, 10)).toBe(2);
    expect(scrollTo(0, 30, 30, 30, 10)).toBe(20);
    expect(scrollTo(0, 5, 40, 60, 10)).toBe(5);
  });
});

describe('a field of several types', () => {
  const m = buildForm({ type: 'object', properties: { size: { anyOf: [{ type: 'integer', minimum: 1 }, { const: 'auto', title: 'automatic' }] } } });
  const start = startState(m, initialValues(m));

  it('switches type with ctrl+t, and a type that is one constant means that constant', () => {
    const typed = typeText(m, start, '3', key())!;
    expect(typed.values.size).toEqual({ '|type': 0, '|0': '3', '|1': undefined });
    const auto = nextType(m, typed)!;
    expect(auto.values.size).toEqual({ '|type': 1, '|0': '3', '|1': 'auto' });
    expect(stopsOf(m.fields, auto.values)[0]).toMatchObject({ field: { kind: 'enum', typeLabel: 'automatic' }, union: { kind: 'union' } });
    expect(nextType(m, auto)!.values.size).toMatchObject({ '|type': 0, '|0': '3' });
    expect(nextType(m, { ...start, focus: 1 })).toBeNull();
  });
});
