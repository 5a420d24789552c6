import type { ServerConfig } from './types.js';
import { redactUrl } from './redact.js';
import { shellQuote } from '../calls/command-line.js';

/** What approving a server lets run: the exact command line (or URL), and the names of what it is given. */
export interface WhatRuns {
  /** The command and its arguments, shell-quoted, as they will be started. */
  commandLine?: string;
  cwd?: string;
  /** The URL it will be sent requests at (secret-looking query values masked). */
  url?: string;
  module?: string;
  /** Names only: values may be secrets. */
  envNames: string[];
  headerNames: string[];
}

export function whatRuns(config: ServerConfig): WhatRuns {
  switch (config.type) {
    case 'stdio':
      return { commandLine: [config.command, ...config.args].map(shellQuote).join(' '), ...(config.cwd && { cwd: config.cwd }), envNames: Object.keys(config.env), headerNames: [] };
    case 'http':
    case 'sse':
      return { url: redactUrl(config.url), envNames: [], headerNames: Object.keys(config.headers) };
    case 'inprocess':
      return { module: config.module, envNames: [], headerNames: [] };
  }
}

/** The same, as lines for a person: "runs: npx -y x", "env: A, B". */
export function whatRunsLines(runs: WhatRuns): string[] {
  return [
    runs.commandLine !== undefined && `runs: ${runs.commandLine}`,
    runs.cwd && `in: ${runs.cwd}`,
    runs.url && `connects to: ${runs.url}`,
    runs.module && `loads module: ${runs.module}`,
    runs.envNames.length > 0 && `env: ${runs.envNames.join(', ')}`,
    runs.headerNames.length > 0 && `headers: ${runs.headerNames.join(', ')}`,
  ].filter((l): l is string => typeof l === 'string');
}
