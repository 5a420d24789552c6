import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { KEY } from './helpers/render.js';
import { callApp } from './helpers/call-app.js';
import { renderForm } from './helpers/form.js';
import { shapesServer } from './helpers/shapes.js';
import { everythingStdio } from '../helpers/servers.js';

const call = callApp();
const everything = { everything: everythingStdio() };
const NOTE = '# the arguments fail the schema: --no-validate sends them as they are';

describe('sending arguments that fail the schema', () => {
  it('offers ctrl+y once a send is refused, then server-everything refuses the arguments itself; the result and the command say so', async () => {
    await call.start(everything, {}, { columns: 120, rows: 30 });
    await call.openTool('everything', 'get-sum');
    await call.typeText('x');
    await call.app.press(KEY.tab);
    await call.typeText('2');
    await call.app.waitFor(/b\*\s+2/);
    expect(call.app.frame()).not.toContain('sends anyway');
    await call.send();
    const refused = await call.app.waitFor('1 problem to fix · ctrl+y sends anyway');
    expect(refused).toMatch(/› a\*\s+x\n(.*\n)?\s+✗ must be a number/);
    await call.offered('ctrl+y send anyway');
    await call.app.press(KEY.ctrl('y'));
    const result = await call.app.waitFor('✗ tool error');
    expect(result).toContain('⚠ sent anyway: the arguments fail the schema ("a" must be number)');
    // The server's own check, not mcpdeck's.
    expect(result).toContain('Input validation error');
    expect(result).toContain(NOTE);
    expect(result).toContain(`$ mcpdeck call everything get-sum --args '{"a":"x","b":2}' --no-validate`);
    // Back to the form: the same arguments, the same problem shown once the field is left.
    await call.app.press('a');
    await call.offered('ctrl+s send');
    await call.app.waitFor(/› a\*\s+x/);
  });

  it('a call sent anyway, saved as a test (t), is saved to be sent unchecked ("validate": false)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcpdeck-anyway-'));
    await call.start(everything, { cwd }, { columns: 120, rows: 30 });
    await call.openTool('everything', 'get-sum');
    await call.typeText('x');
    await call.app.press(KEY.tab);
    await call.typeText('2');
    await call.app.waitFor(/b\*\s+2/);
    await call.send();
    await call.app.waitFor('ctrl+y sends anyway');
    await call.app.press(KEY.ctrl('y'));
    await call.app.waitFor('⚠ sent anyway');
    await call.app.press('t');
    await call.app.waitFor('Save get-sum as a test');
    await call.app.press(KEY.enter);
    await call.app.waitFor('saved the test "get-sum a=x b=2"');
    const saved = JSON.parse(readFileSync(join(cwd, 'mcpdeck.tests.json'), 'utf8').replace(/^\/\/.*\n/, '')).tests[0];
    expect(saved).toMatchObject({ server: 'everything', tool: 'get-sum', arguments: { a: 'x', b: 2 }, validate: false, expect: { isError: true } });
  });

  it('a required list left empty, sent anyway, reaches the form-shapes server, which refuses them', async () => {
    await call.start(shapesServer, {}, { columns: 120, rows: 30 });
    await call.openTool('shapes', 'plan_trip');
    await call.typeText('Ada');
    await call.send();
    await call.app.waitFor('1 problem to fix · ctrl+y sends anyway');
    await call.app.waitFor(/stops\*\s+no items · ctrl\+n adds one\n\s+✗ must NOT have fewer than 1 items/);
    await call.app.press(KEY.ctrl('y'));
    const result = await call.app.waitFor(/✗ (tool|protocol) error/);
    expect(result).toContain('⚠ sent anyway: the arguments fail the schema ("stops" must NOT have fewer than 1 items)');
    expect(result).toMatch(/Input validation error: Invalid arguments for tool plan_trip/);
    expect(result).toContain(`--args '{"traveller":"Ada","flexible":false,"stops":[]}' --no-validate`);
  });

  it('sends a filled union and an item of a list of objects to the form-shapes server', async () => {
    await call.start(shapesServer, {}, { columns: 120, rows: 30 });
    await call.openTool('shapes', 'plan_trip');
    await call.typeText('Ada');
    await call.app.press(KEY.tab, KEY.ctrl('t'));
    await call.app.waitFor(/› flexible\*\s+string:/);
    await call.typeText('a day either way');
    await call.app.press(KEY.tab, KEY.tab, KEY.ctrl('n'));
    await call.app.waitFor('stops › item 1 of 1');
    await call.typeText('Oslo');
    await call.app.press(KEY.tab);
    await call.typeText('2');
    await call.app.press(KEY.esc);
    await call.app.waitFor(/› stops\*\s+1\. city: Oslo, nights: 2/);
    await call.send();
    const result = await call.app.waitFor('✓ ok');
    expect(result).toContain('got {"traveller":"Ada","flexible":"a day either way","stops":[{"city":"Oslo","nights":2}]}');
    expect(result).not.toContain(NOTE);
    expect(result).not.toContain('--no-validate');
  });
});

describe('send anyway in the form', () => {
  const schema = { type: 'object', properties: { n: { type: 'integer', minimum: 1 }, s: { type: 'string' }, xs: { type: 'array', items: { type: 'number' } } }, required: ['s'], additionalProperties: false };

  it('sends what was typed as it is, numbers as numbers and the rest as text, with what the schema finds wrong', async () => {
    const form = renderForm({ schema, anyway: true });
    await form.type('2.5');
    await form.press(KEY.tab, KEY.tab, KEY.ctrl('n'));
    await form.type('seven');
    await vi.waitFor(() => expect(form.hints()).not.toContain('sendAnyway'));
    await form.press(KEY.ctrl('y'));
    expect(form.sentAnyway).toEqual([]);
    await form.press(KEY.ctrl('s'));
    await form.waitFor('3 problems to fix · ctrl+y sends anyway');
    await form.press(KEY.ctrl('y'));
    await vi.waitFor(() => expect(form.sentAnyway).toHaveLength(1));
    expect(form.sentAnyway[0]!.args).toEqual({ n: 2.5, xs: ['seven'] });
    expect(form.sentAnyway[0]!.problems).toEqual(expect.arrayContaining(['missing required argument "s"', '"n" must be integer', '"xs.0" must be number']));
    expect(form.submitted).toEqual([]);
  });

  it('sends raw JSON that fails the schema, and never offers it where the form has no way to', async () => {
    const form = renderForm({ schema, anyway: true });
    await form.press(KEY.ctrl('r'));
    await form.waitFor('raw JSON');
    await form.press(KEY.ctrl('e'), KEY.backspace);
    await form.type('"extra": 1}');
    await form.press(KEY.ctrl('s'));
    await form.waitFor('ctrl+y sends anyway');
    await form.press(KEY.ctrl('y'));
    await vi.waitFor(() => expect(form.sentAnyway).toEqual([{ args: { extra: 1 }, problems: ['missing required argument "s"', 'unknown argument "extra"'] }]));
    form.unmount();

    const strict = renderForm({ schema });
    await strict.press(KEY.ctrl('s'));
    const frame = await strict.waitFor('problem to fix');
    expect(frame).not.toContain('sends anyway');
    expect(strict.hints()).not.toContain('sendAnyway');
  });
});
