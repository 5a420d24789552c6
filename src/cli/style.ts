import { styleText } from 'node:util';
import type { ServerStatus } from '../core/servers/state.js';

type Style = Parameters<typeof styleText>[0];

/** Colour only for a terminal, and never when NO_COLOR is set. */
export function painter(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env) {
  const on = Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
  return (style: Style, text: string) => (on ? styleText(style, text) : text);
}

export const BADGE: Record<ServerStatus, { glyph: string; word: string; style: Style }> = {
  connected: { glyph: '✓', word: 'connected', style: 'green' },
  connecting: { glyph: '◌', word: 'connecting', style: 'cyan' },
  pending: { glyph: '…', word: 'pending', style: 'gray' },
  failed: { glyph: '✗', word: 'failed', style: 'red' },
  'needs-auth': { glyph: '!', word: 'needs sign-in', style: 'yellow' },
  disabled: { glyph: '⊘', word: 'disabled', style: 'gray' },
};
