import { describe, expect, it, vi } from 'vitest';
import { KEY } from './helpers/render.js';
import { renderForm } from './helpers/form.js';

const every = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'who to greet' },
    count: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
    ratio: { type: 'number' },
    loud: { type: 'boolean' },
    color: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }, { const: 'b', title: 'Blue' }] },
    tags: { type: 'array', items: { enum: ['alpha', 'beta', 'gamma'] } },
    words: { type: 'array', items: { type: 'string' } },
    opts: { type: 'object', title: 'Options', properties: { depth: { type: 'integer' }, mode: { type: 'string' } }, required: ['mode'] },
  },
  required: ['name'],
};

describe('SchemaForm', () => {
  it('fills every kind of field, refuses a bad integer inline, then sends typed arguments', async () => {
    const form = renderForm({ schema: every, submitLabel: 'call' });
    const first = await form.waitFor('[ call ]');
    expect(first).toMatch(/^› name\*$/m);
    expect(first).toContain('who to greet');
    await form.type('Ada');
    await form.press(KEY.tab, KEY.ctrl('u'));
    await form.type('2.5');
    await form.press(KEY.tab);
    await form.type('0.25');
    await form.press(KEY.tab, ' ', KEY.tab, ' ', KEY.right, KEY.tab);
    await form.press(' ', KEY.right, KEY.right, ' ', KEY.tab);
    await form.press(KEY.ctrl('n'));
    await form.type('x y');
    await form.press(KEY.ctrl('n'));
    await form.type('z');
    await form.press(KEY.tab);
    await form.type('4');
    await form.press(KEY.tab);
    await form.type('fast');
    const filled = await form.waitFor('fast');
    expect(filled).toMatch(/name\*\s+Ada/);
    expect(filled).not.toContain('who to greet');
    expect(filled).toMatch(/count\s+2\.5\n\s+✗ must be an integer/);
    expect(filled).toMatch(/loud\s+\[x\] yes/);
    expect(filled).toMatch(/color\s+Green/);
    expect(filled).toMatch(/tags\s+\[x\] alpha {2}\[ \] beta {2}\[x\] gamma/);
    expect(filled).toMatch(/words\s+1\. x y\n\s+2\. z/);
    expect(filled).toMatch(/Options\n\s+depth\s+4\n› {3}mode\*\s+fast/);

    await form.press(KEY.ctrl('s'));
    const refused = await form.waitFor('1 problem to fix');
    expect(refused).toMatch(/› count\s+2\.5/);
    expect(form.submitted).toEqual([]);

    await form.press(KEY.ctrl('u'));
    await form.type('7');
    await form.waitFor((f) => !f.includes('must be an integer') && !f.includes('problem'));
    await form.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(form.submitted).toHaveLength(1));
    expect(form.submitted[0]).toEqual({
      name: 'Ada', count: 7, ratio: 0.25, loud: true, color: 'g', tags: ['alpha', 'gamma'], words: ['x y', 'z'], opts: { depth: 4, mode: 'fast' },
    });
    expect(form.changes.at(-1)).toEqual(form.submitted[0]);
    expect(form.quit).not.toHaveBeenCalled();
  });

  it('shows an error once the field is left, and says "required" for an empty required field on send', async () => {
    const form = renderForm({ schema: { type: 'object', properties: { n: { type: 'integer' }, s: { type: 'string' } }, required: ['s'] } });
    await form.type('abc');
    expect(form.frame()).not.toContain('must be an integer');
    await form.press(KEY.down);
    await form.waitFor(/n\s+abc\n\s+✗ must be an integer/);
    expect(form.frame()).not.toContain('required');
    await form.press(KEY.up, KEY.ctrl('u'), KEY.enter, KEY.enter);
    await form.waitFor(/› \[ Send \]/);
    expect(form.frame()).not.toContain('must be an integer');
    await form.press(KEY.enter);
    await form.waitFor(/› s\*\s*\n\s+✗ required/);
    expect(form.submitted).toEqual([]);
    await form.type('ok');
    await form.press(KEY.enter, KEY.enter);
    await vi.waitFor(() => expect(form.submitted).toEqual([{ s: 'ok' }]));
  });

  it('takes q and j as text in a field, never as app keys, and drops letters elsewhere but ?', async () => {
    const form = renderForm({ schema: { type: 'object', properties: { s: { type: 'string' }, b: { type: 'boolean' } } } });
    await form.type('quit j?');
    await form.waitFor(/s\s+quit j\?/);
    await form.press(KEY.tab);
    await form.type('q');
    await form.waitFor(/› b/);
    expect(form.quit).not.toHaveBeenCalled();
    expect(form.help).not.toHaveBeenCalled();
    await form.type('?');
    expect(form.help).toHaveBeenCalledTimes(1);
    await form.press(KEY.shiftTab);
    await form.type('!');
    await form.waitFor(/› s\s+quit j\?!/);
  });

  it('offers in the footer only the keys that work on the focused field', async () => {
    const form = renderForm({ schema: { type: 'object', properties: { s: { type: 'string' }, b: { type: 'boolean' }, xs: { type: 'array', items: { type: 'string' } } } } });
    await form.waitFor('[ Send ]');
    await vi.waitFor(() => expect(form.hints()).toEqual(['nextField', 'prevField', 'submit', 'rawJson', 'advance', 'holdArrows']));
    await form.press(KEY.tab);
    await vi.waitFor(() => expect(form.hints()).toContain('toggle'));
    expect(form.hints()).not.toContain('addItem');
    await form.press(KEY.tab);
    await vi.waitFor(() => expect(form.hints()).toContain('addItem'));
    expect(form.hints()).not.toContain('removeItem');
    await form.press(KEY.ctrl('n'));
    await vi.waitFor(() => expect(form.hints()).toContain('removeItem'));
    await form.press(KEY.ctrl('r'));
    await vi.waitFor(() => expect(form.hints()).toEqual(['submit', 'rawJson', 'holdArrows']));
  });

  it('prefills defaults, and lets the given arguments win over them', async () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string', default: 'Oslo' },
        days: { type: 'integer', default: 5 },
        metric: { type: 'boolean', default: true },
        unit: { enum: ['c', 'f'], enumNames: ['Celsius', 'Fahrenheit'], default: 'f' },
      },
    };
    const plain = renderForm({ schema });
    const defaults = await plain.waitFor('Oslo');
    expect(defaults).toMatch(/days\s+5/);
    expect(defaults).toMatch(/metric\s+\[x\] yes/);
    expect(defaults).toMatch(/unit\s+Fahrenheit/);
    plain.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(plain.submitted).toEqual([{ city: 'Oslo', days: 5, metric: true, unit: 'f' }]));
    plain.unmount();

    const given = renderForm({ schema, initial: { city: 'Rome', metric: false, unit: 'c' } });
    const frame = await given.waitFor('Rome');
    expect(frame).not.toContain('Oslo');
    expect(frame).toMatch(/metric\s+\[ \] no/);
    expect(frame).toMatch(/unit\s+Celsius/);
    given.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(given.submitted).toEqual([{ city: 'Rome', days: 5, metric: false, unit: 'c' }]));
  });

  it('adds and removes list items, and cycles a boolean through "not set"', async () => {
    const form = renderForm({ schema: { type: 'object', properties: { xs: { type: 'array', items: { type: 'integer' } }, b: { type: 'boolean' } } } });
    await form.press(KEY.ctrl('n'));
    await form.type('1');
    await form.press(KEY.ctrl('n'));
    await form.type('2');
    await form.press(KEY.ctrl('n'));
    await form.type('3');
    await form.waitFor(/3\. 3/);
    await form.press(KEY.up, KEY.ctrl('d'));
    const removed = await form.waitFor((f) => !f.includes('3. '));
    expect(removed).toMatch(/xs\s+1\. 1\n›\s+2\. 3/);
    await form.press(KEY.down);
    await form.waitFor(/› b\s+\[ \] not set/);
    await form.press(' ');
    await form.waitFor(/b\s+\[x\] yes/);
    await form.press(' ');
    await form.waitFor(/b\s+\[ \] no/);
    await form.press(' ');
    await form.waitFor(/b\s+\[ \] not set/);
    await form.press(' ', ' ');
    await form.waitFor(/b\s+\[ \] no/);
    await form.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(form.submitted).toEqual([{ xs: [1, 3], b: false }]));
  });

  it('goes to raw JSON and back with the same arguments, and checks the JSON before sending', async () => {
    const form = renderForm({ schema: { type: 'object', properties: { name: { type: 'string' }, n: { type: 'integer' } }, additionalProperties: false } });
    await form.type('Ada');
    await form.press(KEY.ctrl('r'));
    const raw = await form.waitFor('raw JSON · ctrl+r back to the form');
    expect(raw).toContain('"name": "Ada"');
    // To the end of the name, before its closing quote.
    await form.press(KEY.down, KEY.ctrl('e'), KEY.left);
    await form.type('x');
    await form.waitFor('"name": "Adax"');
    await form.press(KEY.ctrl('r'));
    await form.waitFor(/› name\s+Adax/);
    await form.press(KEY.ctrl('r'));
    await form.waitFor('"name": "Adax"');
    await form.press(KEY.ctrl('e'), KEY.enter);
    await form.type('"extra": 1,');
    await form.press(KEY.ctrl('s'));
    await form.waitFor('✗ unknown argument "extra"');
    expect(form.submitted).toEqual([]);
    for (let i = 0; i < '"extra": 1,'.length; i++) await form.press(KEY.backspace);
    await form.waitFor((f) => !f.includes('extra') && !f.includes('✗'));
    await form.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(form.submitted).toEqual([{ name: 'Adax' }]));
  });

  it('starts in raw JSON, saying why, when the form cannot stand for the schema', async () => {
    const form = renderForm({ schema: { type: 'object', additionalProperties: { type: 'number' } }, initial: { a: 1 } });
    const frame = await form.waitFor('raw JSON only: the arguments are an object with free-form keys');
    expect(frame).toContain('"a": 1');
    await form.press(KEY.ctrl('r'));
    expect(form.frame()).toContain('raw JSON only');
    await form.press(KEY.down, KEY.ctrl('e'));
    await form.type(', "b": "x"');
    await form.press(KEY.ctrl('s'));
    await form.waitFor('✗ "b" must be number');
    await form.press(KEY.backspace, KEY.backspace, KEY.backspace);
    await form.type('2');
    await form.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(form.submitted).toEqual([{ a: 1, b: 2 }]));
  });

  it('edits a field the form cannot express as raw JSON in place', async () => {
    const form = renderForm({ schema: { type: 'object', properties: { meta: { type: 'object', additionalProperties: true } } } });
    await form.waitFor('JSON · an object with free-form keys');
    await form.type('{"k": [1, 2]}');
    await form.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(form.submitted).toEqual([{ meta: { k: [1, 2] } }]));
  });

  it('scrolls 30 fields in 80x24, keeping the focused field and the send button in view', async () => {
    const properties = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, { type: 'string', description: `the ${i}th` }]));
    const form = renderForm({ schema: { type: 'object', properties } }, { columns: 80, rows: 24 });
    const top = await form.waitFor('field0');
    expect(top.split('\n')).toHaveLength(24);
    expect(top).not.toContain('field29');
    for (let i = 0; i < 25; i++) await form.press(KEY.tab);
    const down = await form.waitFor(/› field25/);
    expect(down).toContain('the 25th');
    expect(down).not.toMatch(/field0\b/);
    expect(down.split('\n')).toHaveLength(24);
    expect(down.split('\n').at(-1)).toMatch(/\[ Send \]/);
    await form.type('deep');
    await form.waitFor(/› field25\s+deep/);
    for (let i = 0; i < 25; i++) await form.press(KEY.shiftTab);
    const back = await form.waitFor(/› field0/);
    expect(back.split('\n').at(-1)).toMatch(/\[ Send \].*↓\d+ more/);
  });
});
