import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { createDeck, type Deck } from '../../core/deck.js';
import { Workspace } from '../../core/config/workspace.js';
import { releaseStartupMemory } from '../../core/mcp/large-message.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { cliAuthPolicy } from '../auth/policy.js';
import { Exit, UserError } from '../exit-codes.js';
import { deckOptions, type Invocation, type TargetOptions } from '../target.js';
import { setActiveSession } from './active.js';
import { SessionHost } from './host.js';
import { routeCommandOutput } from './output.js';
import { checkPrivate, ensureRuntimeDir, pipeName, removeSocket, type SessionPaths } from './paths.js';

/** How long after its last client the session gives back the memory calls left behind. */
const QUIET_MS = 1000;

/** What the starting command hears from the session process (over Node's IPC channel). */
export type StartReport =
  | { t: 'ready'; pid: number; socket: string; servers: { name: string; status: string; error?: string; tools: number }[]; issues: string[] }
  | { t: 'failed'; message: string; code: number };

export interface SessionInfo {
  pid: number;
  socket: string;
  cwd: string;
  configs: string[];
  servers: string[];
  startedAt: number;
  idleMs: number;
}

/** Whether something answers on the socket: a session that runs. */
export function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socket);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * The session process: one Deck with every server (or the named ones) connected and
 * supervised, serving commands on a 0600 Unix socket in the user's runtime folder until
 * `session stop`, a signal, or `idleMs` with nothing to do.
 */
export async function serve(options: TargetOptions, inv: Invocation, paths: SessionPaths, names: string[], idleMs: number): Promise<number> {
  const report = (message: StartReport) => process.send?.(message);
  try {
    ensureRuntimeDir(paths.dir);
    claim(paths);
    if (await answers(paths.socket)) throw new UserError(`a session already runs on ${paths.socket}`);
    removeSocket(paths);
    if (process.platform === 'win32') paths = { ...paths, socket: pipeName(paths.key, randomBytes(16).toString('hex')) };
  } catch (error) {
    report({ t: 'failed', message: (error as Error).message, code: Exit.badInput });
    return Exit.badInput;
  }
  routeCommandOutput();
  let deck: Deck | undefined;
  const only = names.length ? names : undefined;
  const ownFiles = (cwd: string, env: NodeJS.ProcessEnv) => new Workspace(env, cwd).ownProjectFiles({ strict: options.strict });
  const host = new SessionHost(() => deck!, only, ownBuild(), { cwd: inv.cwd, ownFiles });
  deck = await createDeck({
    ...deckOptions(options, inv, { only, supervise: true, drift: true }),
    oneShot: false,
    traffic: true,
    requestPolicy: host.policy,
    authPolicy: (auth) => cliAuthPolicy(auth, 'never'),
  });
  const unknown = names.filter((name) => !deck!.server(name));
  if (unknown.length) {
    await deck.close();
    rmSync(paths.info, { force: true });
    const known = deck.getSnapshot().servers.map((s) => s.name).join(', ') || 'none';
    report({ t: 'failed', message: `no server named ${unknown.map((n) => `"${n}"`).join(', ')}; configured: ${known}`, code: Exit.badInput });
    return Exit.badInput;
  }
  const stopQuestions = host.watchQuestions();
  const stopWatching = deck.watchConfig();
  await deck.connectAll();
  releaseStartupMemory();
  // A burst of calls leaves garbage an idle process would hold for a long while: given back a second after the last client.
  let quiet: ReturnType<typeof setTimeout> | undefined;
  host.onQuiet = () => {
    clearTimeout(quiet);
    quiet = setTimeout(() => releaseStartupMemory({ delayMs: 0 }), QUIET_MS);
    quiet.unref();
  };

  const server = createServer((socket) => host.connection(socket));
  const mask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(paths.socket, resolve);
    });
  } catch (error) {
    await deck.close();
    rmSync(paths.info, { force: true });
    report({ t: 'failed', message: `cannot listen on ${paths.socket}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, code: Exit.connection });
    return Exit.connection;
  } finally {
    process.umask(mask);
  }
  checkPrivate(paths.socket, 'socket');
  const info: SessionInfo = { pid: process.pid, socket: paths.socket, cwd: inv.cwd, configs: options.config ?? [], servers: names, startedAt: Date.now(), idleMs };
  writeFileSync(paths.info, JSON.stringify(info), { mode: 0o600 });

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= shutdown(server, deck!, paths, host, () => {
    stopQuestions();
    stopWatching();
  }));
  setActiveSession({ host, info, deck: () => deck!, stop: () => void stop() });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop());
  // Idle: nobody connected, no call running that does not wait for an answer, for idleMs.
  const tick = setInterval(() => {
    if (host.idle() && Date.now() - host.lastActivity >= idleMs) void stop();
  }, Math.max(100, Math.min(idleMs / 4, 30_000)));
  tick.unref();

  const servers = deck.getSnapshot().servers.filter((s) => !only || only.includes(s.name));
  report({
    t: 'ready',
    pid: process.pid,
    socket: paths.socket,
    servers: servers.map((s) => ({ name: s.name, status: s.status, ...(s.error && { error: s.error }), tools: s.tools.length })),
    issues: deck.configIssues.filter((i) => !i.pending).map((i) => `${i.severity}: ${sanitizeLine(i.message)}`),
  });
  process.disconnect?.();
  // What `session status` and `stop` need, loaded now: an update of mcpdeck under the session
  // replaces the files, and the session must still answer them.
  await Promise.all([import('../program.js'), import('../commands/session.js'), import('./about.js')]);
  await new Promise<void>((resolve) => server.once('close', resolve));
  await stopping;
  return Exit.ok;
}

/** When the bundle this session runs was built: the mtime of `mcpdeck.js` beside this chunk (undefined outside the bundle). */
function ownBuild(): number | undefined {
  try {
    return statSync(new URL('./mcpdeck.js', import.meta.url)).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * The note beside the socket is written first, exclusively, with this process's pid: of two
 * sessions started at once for one configuration, one goes on. A note whose process is gone
 * (killed, crashed) is taken over.
 */
function claim(paths: SessionPaths): void {
  try {
    writeFileSync(paths.info, JSON.stringify({ pid: process.pid }), { mode: 0o600, flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let pid: number | undefined;
  try {
    pid = (JSON.parse(readFileSync(paths.info, 'utf8')) as { pid?: number }).pid;
  } catch {
    // Half written or unreadable: nobody's.
  }
  if (pid && pid !== process.pid && alive(pid)) throw new UserError(`a session for this configuration already runs or starts (pid ${pid}, ${paths.socket})`);
  writeFileSync(paths.info, JSON.stringify({ pid: process.pid }), { mode: 0o600 });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function shutdown(server: Server, deck: Deck, paths: SessionPaths, host: SessionHost, stopWatching: () => void): Promise<void> {
  server.close();
  removeSocket(paths);
  rmSync(paths.info, { force: true });
  host.interruptAll();
  stopWatching();
  await deck.close();
}
