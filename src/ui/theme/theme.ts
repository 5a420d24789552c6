import { STATUS, type ServerStatus } from '../../core/servers/status.js';
import type { AnnotationTag } from '../../core/servers/tools.js';

type Color = string | undefined;

/** Semantic colours only; components never name a colour. */
export interface Theme {
  status: Record<ServerStatus, Color>;
  annotation: Record<AnnotationTag, Color>;
  accent: Color;
  key: Color;
  error: Color;
  warning: Color;
  success: Color;
  muted: Color;
  border: Color;
  selected: Color;
}

const COLORS: Theme = {
  status: Object.fromEntries(Object.entries(STATUS).map(([status, facts]) => [status, facts.colour])) as Record<ServerStatus, Color>,
  annotation: { 'read-only': 'green', destructive: 'red', 'open-world': 'magenta', idempotent: 'blue' },
  accent: 'cyan',
  key: 'yellow',
  error: 'red',
  warning: 'yellow',
  success: 'green',
  muted: 'gray',
  border: 'gray',
  selected: 'cyan',
};

const NONE = (value: unknown): unknown =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, NONE(v)])) : undefined;

/** NO_COLOR (any value) turns every colour off; bold, dim and inverse still mark things. */
export function createTheme(env: NodeJS.ProcessEnv = process.env): Theme {
  return env.NO_COLOR ? (NONE(COLORS) as Theme) : COLORS;
}
