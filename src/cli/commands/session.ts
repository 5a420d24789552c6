import type { Command } from 'commander';
import { withConfigured, type Invocation, type TargetOptions } from '../options.js';
import { Exit, UserError } from '../exit-codes.js';
import { sessionKey, sessionPaths, type SessionPaths } from '../session/paths.js';

type Run = (fn: () => Promise<number>) => void;

interface SessionOptions extends TargetOptions {
  idleTimeout?: string;
  json?: boolean;
}

/** 30 minutes: how long a session waits with nothing to do before it stops. */
const DEFAULT_IDLE = '30m';

/**
 * `mcpdeck session start [servers...] | status | stop`: a background process that holds
 * the Deck, so the commands that follow reuse its connections (src/cli/session/).
 */
export function registerSession(program: Command, inv: Invocation, run: Run): void {
  const session = program.command('session').description('keep servers connected in the background for the commands that follow: session start [servers...] | status | stop');
  withConfigured(session.command('start [servers...]').description('start a session (every configured server, or the ones named)'))
    .option('--idle-timeout <duration>', `stop after this long with nothing to do (90s, 30m, 2h; default ${DEFAULT_IDLE})`)
    .action((servers: string[], options: SessionOptions) => run(async () => (await import('../session/start.js')).start(options, inv, servers, idleMs(options.idleTimeout), pathsOf(options, inv))));
  withConfigured(session.command('status').description('the session of this configuration: its servers, the calls that wait, the questions'))
    .option('--json', 'print JSON')
    .action((options: SessionOptions) => run(async () => (await import('../session/about.js')).status(pathsOf(options, inv), Boolean(options.json))));
  withConfigured(session.command('stop').description('stop the session of this configuration (its servers stop with it)'))
    .action((options: SessionOptions) => run(async () => (await import('../session/about.js')).stop(pathsOf(options, inv))));
  // The session process itself, started by `session start`.
  withConfigured(session.command('serve [servers...]', { hidden: true }))
    .option('--idle-timeout <duration>')
    .action((servers: string[], options: SessionOptions) => run(async () => (await import('../session/serve.js')).serve(options, inv, pathsOf(options, inv), servers, idleMs(options.idleTimeout))));
}

function pathsOf(options: TargetOptions, inv: Invocation): SessionPaths {
  if (options.only || options.signIn) throw new UserError('a session holds the servers it was started with: name them after `session start` (no --only, no --sign-in)');
  return sessionPaths(sessionKey({ cwd: inv.cwd, configs: options.config, strict: options.strict, demo: options.demo, env: inv.env }), inv.env);
}

/** `90s`, `30m`, `2h`, `500ms`; a bare number is minutes. */
export function idleMs(text = DEFAULT_IDLE): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match?.[2] ?? 'm'];
  const value = match ? Number(match[1]) * unit! : NaN;
  if (!(value > 0)) throw new UserError(`--idle-timeout "${text}" must be a duration like 90s, 30m or 2h`, Exit.badInput);
  return value;
}
