import type { Key } from 'ink';
import { BINDINGS, type Command, type Scope } from './bindings.js';

/** One name per key press, in the spelling the bindings table uses. */
export function keyName(input: string, key: Key): string {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  // Terminals send DEL (0x7f) for Backspace, which Ink reports as delete.
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl && input) return `ctrl+${input}`;
  if (key.meta && input) return `alt+${input}`;
  return input;
}

const SHOWN: Record<string, string> = { up: '↑', down: '↓', left: '←', right: '→', ' ': 'space' };

export function showKey(name: string): string {
  return SHOWN[name] ?? name;
}

/** How the first key of a command reads in a hint written into a screen (`ctrl+y`, `enter`). */
export function keyFor(scope: Scope, command: Command): string {
  return showKey(BINDINGS.find((b) => b.scope === scope && b.command === command)!.keys[0]);
}
