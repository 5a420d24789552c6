import { beforeAll, describe, expect, it, vi } from 'vitest';
import { KEY } from './helpers/render.js';
import { renderForm } from './helpers/form.js';
import { shapesServer, toolSchemas } from './helpers/shapes.js';

// plan_trip as the v1 SDK writes it: stops (min 1) of { city, nights, sights: [{ name, paid }] }.
let schema: unknown;
beforeAll(async () => {
  schema = (await toolSchemas(shapesServer)).plan_trip;
}, 30_000);

const start = { traveller: 'Ada', flexible: true };

describe('a list of objects', () => {
  it('adds an item and opens it, fills it, and esc goes back to the list, where the item reads as a line', async () => {
    const form = renderForm({ schema, initial: start });
    await form.press(KEY.tab, KEY.tab, KEY.tab);
    await form.waitFor(/› stops\*\s+no items · ctrl\+n adds one/);
    await vi.waitFor(() => expect(form.hints()).toContain('addItem'));
    expect(form.hints()).not.toContain('openItem');
    await form.press(KEY.ctrl('n'));
    const opened = await form.waitFor('stops › item 1 of 1  esc back to the list');
    expect(opened).toMatch(/› city\*/);
    expect(opened).not.toContain('traveller');
    await vi.waitFor(() => expect(form.hints()).toContain('closeItem'));
    await form.type('Oslo');
    await form.press(KEY.tab);
    await form.type('2');
    await form.press(KEY.esc);
    const back = await form.waitFor(/› stops\*\s+1\. city: Oslo, nights: 2/);
    expect(back).toContain('traveller');
    expect(back).not.toContain('item 1 of 1');
    await vi.waitFor(() => expect(form.hints()).toContain('openItem'));
    expect(form.hints()).not.toContain('closeItem');
    // A second item goes after the one under the cursor; enter opens an item again.
    await form.press(KEY.ctrl('n'));
    await form.waitFor('stops › item 2 of 2');
    await form.type('Bergen');
    await form.press(KEY.tab);
    await form.type('1');
    await form.press(KEY.esc);
    await form.waitFor(/1\. city: Oslo, nights: 2\n›\s+2\. city: Bergen, nights: 1/);
    await form.press(KEY.up, KEY.enter);
    await form.waitFor(/stops › item 1 of 2[\s\S]*city\*\s+Oslo/);
    await form.press(KEY.esc);
    await form.waitFor(/› stops\*\s+1\. city: Oslo/);
    await form.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(form.submitted).toEqual([{ ...start, stops: [{ city: 'Oslo', nights: 2 }, { city: 'Bergen', nights: 1 }] }]));
    await form.press(KEY.ctrl('d'));
    await form.waitFor(/› stops\*\s+1\. city: Bergen/);
    expect(form.frame()).not.toContain('Oslo');
  });

  it('holds a list of objects inside an item, sends it nested, and removes items', async () => {
    const form = renderForm({ schema, initial: { ...start, stops: [{ city: 'Oslo', nights: 2 }] } });
    await form.press(KEY.tab, KEY.tab, KEY.tab, KEY.enter);
    await form.waitFor('stops › item 1 of 1');
    await form.press(KEY.tab, KEY.tab);
    await form.waitFor(/› sights\s+no items/);
    await form.press(KEY.ctrl('n'));
    await form.waitFor('stops › item 1 of 1 › sights › item 1 of 1');
    await form.type('Fram');
    await form.press(KEY.tab, ' ');
    await form.waitFor(/paid\s+\[x\] yes/);
    await form.press(KEY.esc);
    await form.waitFor(/› sights\s+1\. name: Fram, paid: true/);
    await form.press(KEY.ctrl('n'));
    await form.type('Vigeland');
    await form.press(KEY.esc);
    await form.waitFor(/2\. name: Vigeland/);
    await form.press(KEY.esc);
    await form.waitFor(/› stops\*\s+1\. city: Oslo, nights: 2, sights: \[/);
    await form.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(form.submitted).toEqual([{ ...start, stops: [{ city: 'Oslo', nights: 2, sights: [{ name: 'Fram', paid: true }, { name: 'Vigeland' }] }] }]));
    await form.press(KEY.enter, KEY.tab, KEY.tab, KEY.down, KEY.ctrl('d'));
    await form.waitFor((f) => f.includes('1. name: Fram') && !f.includes('Vigeland'));
  });

  it('shows what is wrong inside an item on its row, goes there on a refused send, and on the field once opened', async () => {
    const form = renderForm({ schema, initial: { ...start, stops: [{ city: 'Oslo', nights: 2 }, { city: 'X' }] } });
    await form.waitFor('2. city: X');
    await form.press(KEY.ctrl('s'));
    const refused = await form.waitFor('2 problems to fix');
    expect(refused).toMatch(/1\. city: Oslo, nights: 2\n›\s+2\. city: X\s+✗ 2 problems/);
    expect(refused).not.toMatch(/1\. city: Oslo.*✗/);
    expect(form.submitted).toEqual([]);
    await form.press(KEY.enter);
    const inside = await form.waitFor('stops › item 2 of 2');
    expect(inside).toMatch(/city\*\s+X\n\s+✗ must NOT have fewer than 2 characters/);
    expect(inside).toMatch(/nights\*\s+integer ≥ 1\n\s+✗ required/);
    await form.type('anten');
    await form.press(KEY.tab);
    await form.type('3');
    await form.press(KEY.esc);
    await form.waitFor((f) => /2\. city: Xanten, nights: 3/.test(f) && !f.includes('✗'));
    await form.press(KEY.ctrl('s'));
    await vi.waitFor(() => expect(form.submitted).toEqual([{ ...start, stops: [{ city: 'Oslo', nights: 2 }, { city: 'Xanten', nights: 3 }] }]));
  });

  it('says a required list needs an item, and a refused send inside an item goes out to the field that is wrong', async () => {
    const form = renderForm({ schema, initial: { flexible: true, stops: [{ city: 'Oslo', nights: 1 }] } });
    await form.press(KEY.tab, KEY.tab, KEY.tab, KEY.enter);
    await form.waitFor('stops › item 1 of 1');
    await form.press(KEY.ctrl('s'));
    const out = await form.waitFor(/› traveller\*\s*\n\s+Who travels\n\s+✗ required/);
    expect(out).not.toContain('item 1 of 1');
    await form.type('Ada');
    await form.press(KEY.tab, KEY.tab, KEY.tab, KEY.ctrl('d'));
    await form.press(KEY.ctrl('s'));
    await form.waitFor(/stops\*\s+no items[\s\S]*✗ must NOT have fewer than 1 items/);
    expect(form.submitted).toEqual([]);
  });
});
