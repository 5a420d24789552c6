import { Box, render, Text, type Instance } from 'ink';
import { Breadcrumb } from './shell/Breadcrumb.js';
import { ThemeContext } from './theme/ThemeContext.js';
import type { Theme } from './theme/theme.js';

/**
 * Ink draws at most this often. Its throttle holds the last change of a burst until the
 * interval has passed since the frame before, so at Ink's default 30 a server's
 * "connected" or a keystroke's echo reached the screen up to 33 ms late; a frame at
 * 120x40 now takes a few ms to draw.
 */
const MAX_FPS = 120;

/** What the deck shows until its screens are ready (Root.tsx shows it again while they mount). */
export function Opening() {
  return (
    <Box flexDirection="column">
      <Breadcrumb parts={['servers']} />
      <Text dimColor>reading the configuration…</Text>
    </Box>
  );
}

/** The terminal the deck draws on: the alternate screen, and the Ink instance the app is rendered into. */
export interface DeckScreen {
  app: Instance;
  /** Leaves the alternate screen (once); the terminal is as it was. */
  close: () => void;
}

/**
 * The deck's frame at once, before the core (the SDK, the schemas) has loaded: the
 * person sees where they are while the configuration is read, and the app takes
 * over the same screen when it is ready. Loads only Ink and a few components.
 */
export function openScreen(theme: Theme, io?: { stdout: NodeJS.WriteStream; stdin: NodeJS.ReadStream }): DeckScreen {
  // A session draws an attached deck on its client's terminal, through streams of its own (src/cli/session/attach.ts).
  const stdout = io?.stdout ?? process.stdout;
  let open = true;
  // Ink enters the alternate screen as it renders and leaves it as it unmounts, on exit and
  // on a signal too: the terminal is as it was.
  const close = () => {
    if (!open) return;
    open = false;
    app.cleanup();
  };
  const app = render(
    <ThemeContext.Provider value={theme}>
      <Opening />
    </ThemeContext.Provider>,
    // A terminal is drawn on as a terminal whether or not CI is set (a CI job's shell, a
    // container that sets it): Ink's CI mode (the last frame only, at exit) is for pipes.
    { exitOnCtrlC: false, patchConsole: !io, maxFps: MAX_FPS, interactive: Boolean(stdout.isTTY), alternateScreen: true, ...(io && { stdout: io.stdout, stdin: io.stdin }) },
  );
  return { app, close };
}
