import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { STATUS, type ServerStatus } from '../../core/servers/status.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { painter } from '../style.js';
import type { Invocation, TargetOptions } from '../target.js';
import { ensureRuntimeDir, UnsafeRuntime, type SessionPaths } from './paths.js';
import { answers, type SessionInfo, type StartReport } from './serve.js';

/** Reads the note a running session keeps beside its socket. */
export function readInfo(paths: SessionPaths): SessionInfo | undefined {
  try {
    return JSON.parse(readFileSync(paths.info, 'utf8')) as SessionInfo;
  } catch {
    return undefined;
  }
}

/** Where a running session is, in a line. */
export function whereItIs(paths: SessionPaths, info: SessionInfo | undefined): string {
  const servers = info?.servers.length ? info.servers.join(', ') : 'every configured server';
  const since = info ? ` since ${new Date(info.startedAt).toLocaleTimeString()}` : '';
  return `pid ${info?.pid ?? '?'}${since}, ${servers}, socket ${paths.socket}`;
}

/** `mcpdeck session start`: the session process, started detached; returns once its servers settled. */
export async function start(options: TargetOptions, inv: Invocation, servers: string[], idleMs: number, paths: SessionPaths): Promise<number> {
  try {
    ensureRuntimeDir(paths.dir);
  } catch (error) {
    if (error instanceof UnsafeRuntime) throw new UserError(`no session: ${error.message}`);
    throw error;
  }
  if (await answers(paths.socket)) {
    const info = readInfo(paths);
    const same = info && [...info.servers].sort().join() === [...servers].sort().join();
    process.stderr.write(`mcpdeck: a session already runs for this configuration (${whereItIs(paths, info)})${same ? '' : '; stop it first (mcpdeck session stop) to start one with other servers'}\n`);
    return same ? Exit.ok : Exit.badInput;
  }
  const log = openSync(paths.log, 'w', 0o600);
  const args = [process.argv[1]!, 'session', 'serve', ...servers, '--idle-timeout', `${idleMs}ms`];
  for (const file of options.config ?? []) args.push('--config', file);
  if (options.strict) args.push('--strict');
  if (options.demo) args.push('--demo');
  const child = spawn(process.execPath, args, { cwd: inv.cwd, env: inv.env, detached: true, stdio: ['ignore', log, log, 'ipc'] });
  closeSync(log);
  const report = await new Promise<StartReport>((resolve) => {
    child.once('message', (message: StartReport) => resolve(message));
    child.once('exit', (code) => resolve({ t: 'failed', message: `the session process ended at once (exit ${code}); see ${paths.log}`, code: Exit.connection }));
  });
  child.unref();
  child.disconnect?.();
  if (report.t === 'failed') throw new UserError(report.message, report.code);
  for (const issue of report.issues) process.stderr.write(`${issue}\n`);
  const paint = painter(process.stdout, inv.env);
  const lines = report.servers.map((s) => {
    const status = STATUS[s.status as ServerStatus];
    const badge = status ? paint(status.colour, `${status.glyph} ${status.word}`) : s.status;
    return `  ${sanitizeLine(s.name)}  ${badge}${s.status === 'connected' ? `  ${s.tools} tools` : s.error ? `  ${sanitizeLine(s.error)}` : ''}`;
  });
  const idle = idleMs >= 60_000 ? `${Math.round(idleMs / 60_000)} min` : `${Math.round(idleMs / 1000)} s`;
  process.stdout.write(`session started (pid ${report.pid}), stops after ${idle} with nothing to do\n${lines.join('\n')}\nsocket: ${report.socket}\n`);
  return Exit.ok;
}
