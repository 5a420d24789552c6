import { styleText } from 'node:util';
import { STATUS, type ServerStatus } from '../core/servers/status.js';

type Style = Parameters<typeof styleText>[0];

/** Colour only for a terminal, and never when NO_COLOR is set. */
export function painter(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env) {
  const on = Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
  return (style: Style, text: string) => (on ? styleText(style, text) : text);
}

/** A status's colour from the one status table. */
export const statusStyle = (status: ServerStatus): Style => STATUS[status].colour;
