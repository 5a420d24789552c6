import { render } from 'ink-testing-library';
import { vi } from 'vitest';
import type { Deck } from '../../../src/core/deck.js';
import { Root } from '../../../src/ui/Root.js';
import { createTheme } from '../../../src/ui/theme/theme.js';
import type { Opener } from '../../../src/ui/system/OpenerContext.js';
import type { ImageProtocol } from '../../../src/ui/system/image-protocol.js';
import { keyRead } from './key-read.js';
// Test terminals say their height, here too for end-to-end files that render the deck in-process.
import './terminal-rows.js';

/** The escape sequences a terminal sends for each key. */
export const KEY = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  shiftTab: '\x1b[Z',
  backspace: '\x7f',
  pageDown: '\x1b[6~',
  ctrl: (c: string) => String.fromCharCode(c.toUpperCase().charCodeAt(0) - 64),
} as const;

export interface Rendered {
  frame: () => string;
  /** Sends one key press (a sequence from KEY, or text). */
  press: (...keys: string[]) => Promise<void>;
  /** Waits until the frame shows `text` (or the predicate holds), with the frame in the error. */
  waitFor: (what: string | RegExp | ((frame: string) => boolean), ms?: number) => Promise<string>;
  resize: (columns: number, rows: number) => void;
  unmount: () => void;
  /** Everything the app wrote to the terminal so far, frames and other writes (OSC 52) alike. */
  written: () => string;
}

/** Escape sequences: CSI, a string of APC, DCS or OSC, a cursor save or restore. */
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[_P\]][\s\S]*?(?:\x1b\\|\x07)|[78])/g;

/** The whole app over a real deck, in a fake terminal of `columns` x `rows`. */
export function renderApp(
  deck: Deck,
  { columns = 100, rows = 30, env = { NO_COLOR: '1' } as NodeJS.ProcessEnv, opener = undefined as Opener | undefined, images = undefined as ImageProtocol | undefined } = {},
): Rendered {
  // No opener unless a test gives one: nothing ever opens a browser from a test.
  const app = render(<Root deck={deck} theme={createTheme(env)} opener={opener} images={images} />);
  const size = (c: number, r: number) => {
    Object.defineProperty(app.stdout, 'columns', { value: c, configurable: true });
    Object.defineProperty(app.stdout, 'rows', { value: r, configurable: true });
  };
  // The fake terminal knows its size only after mounting: tell the app, as a terminal would.
  size(columns, rows);
  app.stdout.emit('resize');
  // The last frame Ink drew. An image is drawn after the frame it sits in, in writes of
  // escape sequences only (kitty's APC, sixel's DCS, iTerm2's OSC, a cursor save, move and
  // restore): those are not frames.
  const frame = () => app.frames.findLast((write) => write.replace(ESCAPES, '').trim() !== '') ?? '';
  const waitFor: Rendered['waitFor'] = async (what, ms = 10_000) => {
    const ok = typeof what === 'function' ? what : (f: string) => (typeof what === 'string' ? f.includes(what) : what.test(f));
    await vi.waitFor(() => {
      if (!ok(frame())) throw new Error(`waiting for ${String(what)}; the screen shows:\n${frame()}`);
    }, { timeout: ms, interval: 10 });
    return frame();
  };
  return {
    frame,
    waitFor,
    press: async (...keys) => {
      for (const key of keys) {
        app.stdin.write(key);
        await keyRead(key);
      }
    },
    resize: (c, r) => {
      size(c, r);
      app.stdout.emit('resize');
    },
    unmount: () => app.unmount(),
    written: () => app.frames.join(''),
  };
}
