import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import type { Where } from './types.js';

export interface WhereOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Defaults to $HOME (%USERPROFILE% on Windows), then the OS's idea of it. */
  home?: string;
  platform?: NodeJS.Platform;
}

export function whereFrom({ env, cwd, home, platform = process.platform }: WhereOptions): Where {
  const fromEnv = platform === 'win32' ? env.USERPROFILE || env.HOME : env.HOME;
  return { env, cwd, platform, home: home ?? (fromEnv || homedir()) };
}

/** Path functions of the platform the locations are for (a Windows path built on Linux in tests). */
export const pathsOf = (where: Where) => (where.platform === 'win32' ? win32 : posix);

export const inHome = (where: Where, ...parts: string[]) => pathsOf(where).join(where.home, ...parts);
export const inProject = (where: Where, ...parts: string[]) => pathsOf(where).join(where.cwd, ...parts);

/** Where desktop apps keep settings: ~/Library/Application Support, %APPDATA%, or $XDG_CONFIG_HOME (~/.config). */
export function appDataDir(where: Where): string {
  if (where.platform === 'darwin') return inHome(where, 'Library', 'Application Support');
  if (where.platform === 'win32') return where.env.APPDATA || inHome(where, 'AppData', 'Roaming');
  return where.env.XDG_CONFIG_HOME || inHome(where, '.config');
}
