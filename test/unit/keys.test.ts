import { describe, expect, it, vi } from 'vitest';
import type { Key } from 'ink';
import { BINDINGS } from '../../src/ui/keys/bindings.js';
import { Dispatcher, type Layer } from '../../src/ui/keys/dispatcher.js';
import { keyName } from '../../src/ui/keys/key-name.js';

const NONE: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};
const key = (over: Partial<Key> = {}): Key => ({ ...NONE, ...over });
const layer = (over: Partial<Layer> & Pick<Layer, 'handlers'>): Layer => ({ scopes: ['global'], priority: 0, capture: false, ...over });

describe('key names', () => {
  it('names keys the way the bindings table spells them', () => {
    expect(keyName('', key({ upArrow: true }))).toBe('up');
    expect(keyName('', key({ tab: true, shift: true }))).toBe('shift+tab');
    expect(keyName('', key({ delete: true }))).toBe('backspace');
    expect(keyName('s', key({ ctrl: true }))).toBe('ctrl+s');
    expect(keyName('G', key({ shift: true }))).toBe('G');
  });

  it('binds each command once per scope, with a description for the help', () => {
    const seen = new Set<string>();
    for (const b of BINDINGS) {
      const id = `${b.scope}:${b.command}`;
      expect(seen.has(id), id).toBe(false);
      expect(b.description.length).toBeGreaterThan(5);
      seen.add(id);
    }
  });
});

describe('the dispatcher', () => {
  it('gives a key to the highest layer that handles it, the newest first among equals', () => {
    const d = new Dispatcher();
    const quit = vi.fn();
    const back = vi.fn();
    const newer = vi.fn();
    d.add(layer({ handlers: () => ({ quit, back }) }));
    d.add(layer({ priority: 10, handlers: () => ({ back }) }));
    d.add(layer({ priority: 10, handlers: () => ({ back: newer }) }));
    expect(d.dispatch('', key({ escape: true }))).toBe(true);
    expect(newer).toHaveBeenCalledOnce();
    expect(back).not.toHaveBeenCalled();
    d.dispatch('q', key());
    expect(quit).toHaveBeenCalledOnce();
  });

  it('lets a modal swallow keys it does not handle, and hides what it shadows from the hints', () => {
    const d = new Dispatcher();
    const quit = vi.fn();
    d.add(layer({ handlers: () => ({ quit, help: () => undefined }) }));
    const remove = d.add(layer({ scopes: ['help'], priority: 100, capture: true, handlers: () => ({ close: () => undefined }) }));
    expect(d.dispatch('x', key())).toBe(false);
    d.dispatch('q', key());
    expect(quit).not.toHaveBeenCalled();
    expect(d.live().map((h) => h.command)).toEqual(['close']);
    remove();
    expect(d.live().map((h) => h.command)).toEqual(['help', 'quit']);
  });

  it('offers a lower layer\'s binding by the keys that still reach it (→ for the next tab while a layer above takes only tab)', () => {
    const d = new Dispatcher();
    d.add(layer({ scopes: ['server'], handlers: () => ({ nextTab: () => undefined }) }));
    d.add(layer({ scopes: ['form'], priority: 100, handlers: () => ({ nextField: () => undefined }) }));
    const hints = Object.fromEntries(d.live().map((h) => [h.command, h.keys]));
    expect(hints).toEqual({ nextField: 'tab/↓', nextTab: '→' });
  });

  it('gives typed text to a text field before any single-key binding', () => {
    const d = new Dispatcher();
    const quit = vi.fn();
    const typed: string[] = [];
    d.add(layer({ handlers: () => ({ quit }) }));
    d.add(layer({ scopes: ['filter'], priority: 30, handlers: () => ({ clear: () => undefined }), onText: (input) => (input ? (typed.push(input), true) : false) }));
    d.dispatch('q', key());
    expect(typed).toEqual(['q']);
    expect(quit).not.toHaveBeenCalled();
    // A letter cannot reach quit while a field takes text, so the footer does not offer it.
    expect(d.live().map((h) => h.command)).toEqual(['clear']);
  });

  it('splits keys that arrived together into separate presses', () => {
    const d = new Dispatcher();
    const down = vi.fn();
    d.add(layer({ scopes: ['list'], handlers: () => ({ down }) }));
    d.dispatch('jj', key());
    expect(down).toHaveBeenCalledTimes(2);
  });
});

describe('keys read together', () => {
  it('keeps Tab and Backspace as keys between typed text, and newlines as text', () => {
    const d = new Dispatcher();
    const events: string[] = [];
    d.add(layer({
      scopes: ['form'], priority: 30,
      handlers: () => ({ nextField: () => events.push('<tab>') }),
      onText: (input, k) => (k.tab ? false : (events.push(k.delete ? '<bs>' : input), true)),
    }));
    d.dispatch('a@b.co\t\x7f5', key());
    expect(events).toEqual(['a@b.co', '<tab>', '<bs>', '5']);
    events.length = 0;
    d.dispatch('line one\nline two', key());
    expect(events).toEqual(['line one\nline two']);
  });
});

describe('a read split into its keys', () => {
  it('reads Enter as Enter wherever it is in the read, after the text before it', () => {
    const d = new Dispatcher();
    const events: string[] = [];
    d.add(layer({ scopes: ['filter'], priority: 30, handlers: () => ({ accept: () => events.push('<enter>') }), onText: (input) => (input ? (events.push(input), true) : false) }));
    d.dispatch('every\r', key());
    expect(events).toEqual(['every', '<enter>']);
  });

  it('keeps the rest of a read waiting, in order, while the app paces the keys', () => {
    const d = new Dispatcher();
    d.paced = true;
    const events: string[] = [];
    d.add(layer({ scopes: ['list'], handlers: () => ({ down: () => events.push('j'), first: () => events.push('g') }) }));
    d.add(layer({ scopes: ['tools'], handlers: () => ({ callTool: () => events.push('<enter>') }) }));
    d.dispatch('jj\rg', key());
    expect(events).toEqual(['j']);
    while (d.hasWaiting()) d.readNext();
    expect(events).toEqual(['j', 'j', '<enter>', 'g']);
  });

  it('gives a paste to the focused field with its line ends as \\n, and never to a binding', () => {
    const d = new Dispatcher();
    const quit = vi.fn();
    d.add(layer({ handlers: () => ({ quit }) }));
    expect(d.paste('q\r\n')).toBe(false);
    expect(quit).not.toHaveBeenCalled();
    const typed: string[] = [];
    d.add(layer({ scopes: ['form'], priority: 30, handlers: () => ({}), onText: (input) => (typed.push(input), true) }));
    d.paste('one\r\ntwo\rthree');
    expect(typed).toEqual(['one\ntwo\nthree']);
  });
});
