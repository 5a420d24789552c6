import type { Key } from 'ink';
import { BINDINGS, type Binding, type Command, type Scope } from './bindings.js';
import { keyName, showKey } from './key-name.js';

export type Handlers = Partial<Record<Command, () => void>>;

const QUIET = Symbol('quiet');

/**
 * A handler the footer does not offer (the help still lists it): the key only explains
 * why it does not apply here, as `a` on a stdio server does.
 */
export function quiet(handler: () => void): () => void {
  return Object.assign(() => handler(), { [QUIET]: true });
}

const isQuiet = (handler: (() => void) | undefined) => Boolean(handler && QUIET in handler);

/** A set of bindings that is live now: a screen, a widget, a modal. */
export interface Layer {
  scopes: readonly Scope[];
  /** Higher goes first; equal priorities: the newest first. */
  priority: number;
  /** A modal: keys it does not handle go nowhere else. */
  capture: boolean;
  handlers: () => Handlers;
  /** Free text (an input field) sees each key before the bindings of its own layer. */
  onText?: (input: string, key: Key) => boolean;
}

export interface Hint {
  command: Command;
  /** How the keys read in the footer. */
  keys: string;
  /** Every key bound to the command, for the help. */
  all: readonly string[];
  hint?: string;
  description: string;
  scope: Scope;
}

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

const CONTROL: Record<string, Partial<Key>> = {
  '\r': { return: true }, '\t': { tab: true }, '\x7f': { delete: true }, '\x08': { backspace: true }, '\x1b': { escape: true, meta: true },
};

/** The key a piece of a read stands for, as Ink would report it read alone (a run of text: typed text). */
function keyOf(char: string): { input: string; key: Key } {
  if ([...char].length > 1) return { input: char, key: NO_KEY };
  const control = CONTROL[char];
  if (control) return { input: '', key: { ...NO_KEY, ...control } };
  const code = char.charCodeAt(0);
  if (char.length === 1 && code < 0x20 && char !== '\n') return { input: String.fromCharCode(code + 96), key: { ...NO_KEY, ctrl: true } };
  return { input: char, key: { ...NO_KEY, shift: char.length === 1 && char !== char.toLowerCase() } };
}

/**
 * The keys in one read: each control character is a key of its own (Enter is Enter
 * wherever it arrives); text between them stays one run, line breaks included, so a
 * field can take it whole.
 */
function splitRead(input: string): string[] {
  return input.match(/[\x00-\x09\x0b-\x1f\x7f]|[^\x00-\x09\x0b-\x1f\x7f]+/g) ?? [];
}

const TABS = ['tab1', 'tab2', 'tab3', 'tab4', 'tab5', 'tab6', 'tab7'] as const;

/** How a binding's keys read in the footer now: the tabs there are, no letters while typing. */
function label(b: Binding, handlers: Handlers, typing: boolean, reachable: (key: string) => boolean): string {
  if (b.command === 'tab1') return `1-${TABS.filter((t) => handlers[t]).length}`;
  // A key a layer above takes is not offered here: the others are (`→`, not `tab`, under a form).
  const keys = b.keys.filter(reachable);
  if (keys.length < b.keys.length) return keys.map(showKey).join('/');
  return (typing ? b.typingLabel : undefined) ?? b.label ?? b.keys[0]!;
}

const GENERAL: Partial<Record<Scope, number>> = { list: 1, server: 2, global: 3 };
const rank = (scope: Scope) => GENERAL[scope] ?? 0;

/**
 * The table as a layer reads it: a screen's own bindings before the general ones (list,
 * server, global), so within one layer the screen's binding takes a key a general one
 * also has (the dashboard's `g` opens the registry; in other lists `g` goes to the first
 * item). Bindings of one rank keep the table's order.
 */
const RANKED: readonly Binding[] = (BINDINGS as readonly Binding[]).map((b, i) => [b, i] as const).sort(([a, i], [b, j]) => rank(a.scope) - rank(b.scope) || i - j).map(([b]) => b);

/** Holds the live layers, routes each key press to the first that takes it, and lists what is live. */
export class Dispatcher {
  private layers: Layer[] = [];
  private listeners = new Set<() => void>();
  private version = 0;

  add(layer: Layer): () => void {
    this.layers = [...this.layers, layer];
    this.changed();
    return () => {
      this.layers = this.layers.filter((l) => l !== layer);
      this.changed();
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  /** A layer's handled commands changed: the footer must redraw. */
  refresh(): void {
    this.changed();
  }

  /** Keys of a read still to be read, in order. */
  private waiting: string[] = [];

  /**
   * Set by the app, which then calls `readNext` once the screen has drawn the key
   * before, so `j` then Enter opens the tool `j` moved to. Unset, waiting keys are read
   * at once.
   */
  paced = false;

  hasWaiting(): boolean {
    return this.waiting.length > 0;
  }

  /** Reads the next key waiting from an earlier read. */
  readNext(): boolean {
    const next = this.waiting.shift();
    if (next === undefined) return false;
    const { input, key } = keyOf(next);
    return this.dispatch(input, key);
  }

  /**
   * Returns whether any layer took the key (the first key, when a read held several:
   * the others wait for `readNext`). Keys typed faster than they are read arrive as one
   * string: unless a text field takes a run of text whole, each is its own press.
   */
  dispatch(input: string, key: Key): boolean {
    if (input.length < 2 || key.ctrl || key.meta) return this.press(input, key);
    const parts = splitRead(input);
    if (parts.length > 1) return this.first(parts);
    if (this.press(input, key)) return true;
    if (!/^[\x20-\x7e]+$/.test(input)) return false;
    return this.first([...input]);
  }

  /**
   * Pasted text (a bracketed paste) goes to the focused field whole, line ends and all,
   * and to nothing else: a paste never runs commands.
   */
  paste(text: string): boolean {
    for (const layer of this.ordered()) {
      if (layer.onText) return layer.onText(text.replace(/\r\n?/g, '\n'), NO_KEY);
      if (layer.capture) return false;
    }
    return false;
  }

  /** Reads the first key now; the others wait, ahead of keys still waiting from before. */
  private first(keys: readonly string[]): boolean {
    const [head, ...rest] = keys;
    this.waiting.unshift(...rest);
    const { input, key } = keyOf(head!);
    const taken = this.dispatch(input, key);
    if (!this.paced) while (this.waiting.length) this.readNext();
    return taken;
  }

  private press(input: string, key: Key): boolean {
    const name = keyName(input, key);
    for (const layer of this.ordered()) {
      if (layer.onText?.(input, key)) return true;
      const handlers = layer.handlers();
      const binding = RANKED.find((b) => layer.scopes.includes(b.scope) && b.keys.includes(name) && handlers[b.command as Command]);
      if (binding) {
        handlers[binding.command as Command]!();
        return true;
      }
      if (layer.capture) return false;
    }
    return false;
  }

  /** What the keys do right now, top layer first, each command once. */
  live(): Hint[] {
    const hints: Hint[] = [];
    const seen = new Set<string>();
    // A key a higher layer takes never reaches a lower one: its binding there is not shown.
    const claimed = new Set<string>();
    let typing = false;
    for (const layer of this.ordered()) {
      const handlers = layer.handlers();
      const mine: string[] = [];
      // Keys a more specific binding of this layer took, by its rank: a general one does not get them.
      const taken = new Map<string, number>();
      for (const b of RANKED) {
        const command = b.command as Command;
        if (!layer.scopes.includes(b.scope) || !handlers[command] || seen.has(command)) continue;
        const ours = (key: string) => !((taken.get(key) ?? Infinity) < rank(b.scope));
        const reachable = (key: string) => !claimed.has(key) && ours(key) && !(typing && [...key].length === 1);
        if (!b.keys.some(reachable)) continue;
        seen.add(command);
        mine.push(...b.keys);
        const all = b.keys.filter(ours);
        for (const key of b.keys) if (!taken.has(key)) taken.set(key, rank(b.scope));
        hints.push({ command, keys: label(b, handlers, typing, reachable), all, hint: isQuiet(handlers[command]) ? undefined : b.hint, description: b.description, scope: b.scope });
      }
      for (const key of mine) claimed.add(key);
      if (layer.onText) typing = true;
      if (layer.capture) break;
    }
    // The footer is short: what this screen does comes first, moving and tabs after, app-wide keys last.
    return hints.map((h, i) => [h, i] as const).sort(([a, i], [b, j]) => rank(a.scope) - rank(b.scope) || i - j).map(([h]) => h);
  }

  private ordered(): Layer[] {
    return this.layers.map((l, i) => [l, i] as const).sort(([a, i], [b, j]) => b.priority - a.priority || j - i).map(([l]) => l);
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
