import type { Key } from 'ink';
import { BINDINGS, type Binding, type Command, type Scope } from './bindings.js';
import { keyName } from './key-name.js';

export type Handlers = Partial<Record<Command, () => void>>;

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

const EDIT_KEYS: Record<string, Partial<Key>> = { '\t': { tab: true }, '\x7f': { delete: true }, '\x08': { backspace: true } };

const GENERAL: Partial<Record<Scope, number>> = { list: 1, server: 2, global: 3 };
const rank = (scope: Scope) => GENERAL[scope] ?? 0;

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

  /**
   * Returns whether any layer took the key. Keys typed faster than they are read
   * arrive as one string: unless a text field takes it whole, each is its own press.
   */
  dispatch(input: string, key: Key): boolean {
    // Tab and Backspace typed in the same read as other keys stay keys: "a@b.co", Tab,
    // "5" must not become "a@b.co 5". Newlines stay text: a pasted line break must
    // never act as Enter.
    const parts = input.length > 1 && !key.ctrl && !key.meta ? input.split(/([\t\x7f\x08])/).filter(Boolean) : [];
    if (parts.length > 1) return parts.map((part) => this.dispatch(part, EDIT_KEYS[part] ? { ...key, ...EDIT_KEYS[part] } : key)).some(Boolean);
    if (this.press(input, key)) return true;
    const chars = [...input];
    if (chars.length < 2 || key.ctrl || key.meta || !/^[\x20-\x7e]+$/.test(input)) return false;
    return chars.map((c) => this.press(c, { ...key, shift: c !== c.toLowerCase() })).some(Boolean);
  }

  private press(input: string, key: Key): boolean {
    const name = keyName(input, key);
    for (const layer of this.ordered()) {
      if (layer.onText?.(input, key)) return true;
      const handlers = layer.handlers();
      const binding = BINDINGS.find((b) => layer.scopes.includes(b.scope) && (b.keys as readonly string[]).includes(name) && handlers[b.command]);
      if (binding) {
        handlers[binding.command]!();
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
    const reachable = (key: string) => !claimed.has(key) && !(typing && [...key].length === 1);
    for (const layer of this.ordered()) {
      const handlers = layer.handlers();
      const mine: string[] = [];
      for (const b of BINDINGS as readonly Binding[]) {
        const command = b.command as Command;
        if (!layer.scopes.includes(b.scope) || !handlers[command] || seen.has(command)) continue;
        if (!b.keys.some(reachable)) continue;
        seen.add(command);
        mine.push(...b.keys);
        hints.push({ command, keys: b.label ?? b.keys[0]!, all: b.keys, hint: b.hint, description: b.description, scope: b.scope });
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
