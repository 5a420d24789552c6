import { rmSync } from 'node:fs';
import { STATUS } from '../../core/servers/status.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Exit } from '../exit-codes.js';
import { activeSession } from './active.js';
import type { SessionPaths } from './paths.js';
import { questionJson } from './questions.js';

/** `mcpdeck session status`: in the session, what it holds; elsewhere, that none runs (exit 3). */
export async function status(paths: SessionPaths, json: boolean): Promise<number> {
  const session = activeSession();
  if (!session) {
    if (json) process.stdout.write(`${terminalJson({ running: false, socket: paths.socket }, 2)}\n`);
    else process.stdout.write(`no session runs for this configuration (it would listen on ${paths.socket || 'a named pipe of its own'}); start one with mcpdeck session start\n`);
    return Exit.connection;
  }
  const { info, host } = session;
  const deck = session.deck();
  const servers = deck.getSnapshot().servers.filter((s) => !info.servers.length || info.servers.includes(s.name));
  const calls = host.calls();
  const questions = deck.requests.getSnapshot().pending;
  if (json) {
    const value = {
      running: true, pid: info.pid, socket: info.socket, cwd: info.cwd, startedAt: new Date(info.startedAt).toISOString(), idleTimeoutMs: info.idleMs,
      servers: servers.map((s) => ({ name: s.name, status: s.status, tools: s.tools.length, ...(s.error && { error: s.error }) })),
      calls: calls.map((c) => ({ ...c, argv: [...c.argv] })),
      questions: questions.map(questionJson),
    };
    process.stdout.write(`${terminalJson(value, 2)}\n`);
    return Exit.ok;
  }
  const up = Math.round((Date.now() - info.startedAt) / 60_000);
  const lines = [
    `session pid ${info.pid}, up ${up} min, stops after ${Math.round(info.idleMs / 60_000)} min with nothing to do`,
    `folder: ${sanitizeLine(info.cwd)}${info.configs.length ? ` (--config ${info.configs.map(sanitizeLine).join(', ')})` : ''}`,
    `socket: ${info.socket}`,
    ...servers.map((s) => `  ${STATUS[s.status].glyph} ${sanitizeLine(s.name)}  ${STATUS[s.status].word}${s.status === 'connected' ? `  ${s.tools.length} tools` : s.error ? `  ${sanitizeLine(s.error)}` : ''}`),
    ...calls.filter((c) => c.state !== 'ended').map((c) => `call ${c.id} ${c.state}${c.questions.length ? ` on question ${c.questions.join(', ')}` : ''}: mcpdeck ${sanitizeLine(c.argv.join(' '))}`),
    ...questions.map((q) => `question ${q.id} from ${sanitizeLine(q.server)}: ${q.kind === 'sample' ? 'a model reply' : sanitizeLine(q.message)}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return Exit.ok;
}

/** `mcpdeck session stop`: in the session, it stops once this command has its answer; elsewhere, nothing to stop. */
export async function stop(paths: SessionPaths): Promise<number> {
  const session = activeSession();
  if (!session) {
    // A socket left behind by a session that did not close is nobody's.
    rmSync(paths.info, { force: true });
    process.stderr.write('mcpdeck: no session runs for this configuration\n');
    return Exit.ok;
  }
  process.stderr.write(`mcpdeck: session pid ${session.info.pid} stops (its servers stop with it)\n`);
  setTimeout(() => session.stop(), 20);
  return Exit.ok;
}
