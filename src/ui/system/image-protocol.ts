/** The graphics protocols mcpdeck draws images with (through ink-picture). */
export type ImageProtocol = 'kitty' | 'iterm2' | 'sixel';

const PROTOCOLS: readonly string[] = ['kitty', 'iterm2', 'sixel'];
const OFF = ['off', 'none', 'no', '0', 'false'];

/**
 * Whether the terminal can draw images, and how, from its environment alone: nothing is
 * written to the terminal to ask (a terminal that does not understand a query prints
 * it, or its answer lands in the input). Only terminals known to draw are trusted; a
 * multiplexer (tmux, screen) counts as unable, since it drops or garbles graphics it
 * does not pass through. `MCPDECK_IMAGES=kitty|iterm2|sixel` says so for a terminal
 * mcpdeck does not recognize (or a tmux known to pass graphics on); `off` turns it off.
 */
export function detectImageProtocol(env: NodeJS.ProcessEnv, isTTY: boolean): ImageProtocol | undefined {
  const asked = env.MCPDECK_IMAGES?.trim().toLowerCase();
  if (asked && OFF.includes(asked)) return undefined;
  if (asked && PROTOCOLS.includes(asked)) return asked as ImageProtocol;
  if (!isTTY) return undefined;
  const term = env.TERM ?? '';
  if (env.TMUX || env.STY || /^(screen|tmux)/.test(term) || term === 'dumb') return undefined;
  const program = env.TERM_PROGRAM ?? '';
  if (term === 'xterm-kitty' || env.KITTY_WINDOW_ID || term === 'xterm-ghostty' || program === 'ghostty') return 'kitty';
  if (program === 'iTerm.app' || env.LC_TERMINAL === 'iTerm2' || program === 'WezTerm') return 'iterm2';
  // Konsole draws kitty graphics best of the three (ink-picture's finding), from 22.04.
  if (Number(env.KONSOLE_VERSION) >= 220400) return 'kitty';
  if (/^foot(-extra)?$/.test(term) || term === 'mlterm' || env.MLTERM) return 'sixel';
  return undefined;
}
