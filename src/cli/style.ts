import { styleText } from 'node:util';
import type { ServerStatus } from '../core/servers/state.js';
import { STATUS_LABEL } from '../core/servers/status-label.js';

type Style = Parameters<typeof styleText>[0];

/** Colour only for a terminal, and never when NO_COLOR is set. */
export function painter(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env) {
  const on = Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
  return (style: Style, text: string) => (on ? styleText(style, text) : text);
}

const STYLE: Record<ServerStatus, Style> = {
  connected: 'green', connecting: 'cyan', pending: 'gray', failed: 'red', 'needs-auth': 'yellow', 'needs-approval': 'magenta', disabled: 'gray',
};

export const BADGE = Object.fromEntries(
  Object.entries(STATUS_LABEL).map(([status, label]) => [status, { ...label, style: STYLE[status as ServerStatus] }]),
) as Record<ServerStatus, { glyph: string; word: string; style: Style }>;
