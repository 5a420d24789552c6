import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, resolve } from 'node:path';
import { checkPrivate, removeSocket, sessionKey, sessionPaths, socketExists, UnsafeRuntime, type SessionPaths } from './paths.js';
import { readMessages, send, type FromSession } from './wire.js';

// The client side of a session, and the first thing a headless command runs
// (bin/mcpdeck.js loads it before the bundle): it decides from the command line alone
// whether a session can run the command, and if one runs, hands it over and prints what
// comes back. It loads nothing but Node: no commander, no SDK, no zod.

/** Commands a session runs (as typed, aliases too). */
const THROUGH = new Set(['call', 'tools', 'status', 'list', 'resources', 'read', 'templates', 'prompts', 'prompt', 'complete', 'log-level', 'ping', 'tasks', 'test', 'fuzz', 'lint', 'answer', 'wait']);
/** Commands a session runs only for some of their subcommands. */
const THROUGH_SUB: Readonly<Record<string, readonly string[]>> = { session: ['status', 'stop'], auth: ['login', 'logout'] };
/** Options a session cannot honour (another server, another sign-in rule, stdin, a command that never ends): run here. */
const HERE = new Set(['--url', '--only', '--sign-in', '-e', '--env', '--root', '--protocol', '--transport', '-H', '--header', '--watch', '-w', '-h', '--help', '--traceparent', '--trace-http']);
/** Server options that take a value (program.ts's VALUE_OPTIONS): the value is not the command word. */
const VALUE = new Set(['-c', '--config', '--only', '--sign-in', '--url', '-H', '--header', '--transport', '-e', '--env', '--root', '--protocol', '--traceparent', '--trace-http']);

export type SessionOutcome = { code: number } | { argv: string[] };

/** What the command line says, read without commander. */
export function readCommandLine(args: string[]): { words: string[]; configs: string[]; strict: boolean; demo: boolean; here: boolean } {
  const words: string[] = [];
  const configs: string[] = [];
  let strict = false;
  let demo = false;
  let here = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return { words, configs, strict, demo, here: true };
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (HERE.has(name)) here = true;
    if (name === '-c' || name === '--config') configs.push(inline ?? args[i + 1] ?? '');
    else if (name === '--strict') strict = true;
    else if (name === '--demo') demo = true;
    // --args - reads stdin, which stays here.
    else if (name === '--args' && (inline ?? args[i + 1]) === '-') here = true;
    if (!arg.startsWith('-') || arg === '-') words.push(arg);
    else if (VALUE.has(name) && inline === undefined) i++;
  }
  return { words, configs, strict, demo, here };
}

/** Whether this command line goes to a session (`attach`: the deck, drawn by it), and the session's paths when it may. */
function sessionFor(args: string[], env: NodeJS.ProcessEnv, cwd: string): { paths: SessionPaths; attach: boolean } | undefined {
  const line = readCommandLine(args);
  const [verb, sub] = line.words;
  // The deck on a terminal (not its --json status) attaches to the session.
  const attach = (verb === undefined || verb === 'ui') && Boolean(process.stdin.isTTY && process.stdout.isTTY) && !args.includes('--json');
  const through = attach || (verb !== undefined && (THROUGH.has(verb) || Boolean(sub && THROUGH_SUB[verb]?.includes(sub))));
  // A trace to join is this command's own: the session's requests are in traces of their own.
  if (!through || line.here || env.MCPDECK_TRACEPARENT) return undefined;
  return { paths: nearestSession(cwd, line, env), attach };
}

/**
 * The session for this folder, else the nearest one started in a folder above it (as git
 * finds its repository); this folder's when none runs. A folder with servers of its own
 * is not the one above's configuration: the session says so and the command runs here.
 */
function nearestSession(cwd: string, line: ReturnType<typeof readCommandLine>, env: NodeJS.ProcessEnv): SessionPaths {
  // --config files are the ones named from here, whichever folder the session was started in.
  const configs = line.configs.map((file) => resolve(cwd, file));
  const pathsIn = (folder: string) => sessionPaths(sessionKey({ cwd: folder, configs, strict: line.strict, demo: line.demo, env }), env);
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    const paths = pathsIn(folder);
    if (socketExists(paths)) return paths;
    if (dirname(folder) === folder) return pathsIn(cwd);
  }
}

/**
 * Runs the command through the session for this configuration when one runs; otherwise
 * says which command line to run here (`--no-session` taken out).
 */
export async function viaSession(args: string[], env: NodeJS.ProcessEnv, cwd: string, build?: number): Promise<SessionOutcome> {
  const dash = args.indexOf('--');
  const head = dash === -1 ? args : args.slice(0, dash);
  if (head.includes('--no-session')) return { argv: [...head.filter((a) => a !== '--no-session'), ...(dash === -1 ? [] : args.slice(dash))] };
  const found = sessionFor(args, env, cwd);
  if (!found) return { argv: args };
  const { paths, attach } = found;
  // A named pipe's name is known only from a running session's note.
  if (!paths.socket) return { argv: args };
  try {
    checkPrivate(paths.dir, 'directory');
    checkPrivate(paths.socket, 'socket');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { argv: args };
    if (error instanceof UnsafeRuntime) process.stderr.write(`mcpdeck: not using the session socket: ${error.message}\n`);
    return { argv: args };
  }
  return new Promise<SessionOutcome>((resolve) => {
    const socket = connect(paths.socket);
    let ended = false;
    const finish = (outcome: SessionOutcome) => {
      if (ended) return;
      ended = true;
      restore();
      process.off('SIGINT', onSigint);
      socket.destroy();
      resolve(outcome);
    };
    let interrupted = 0;
    const onSigint = () => (++interrupted > 1 ? finish({ code: 130 }) : send(socket, { t: 'int' }));
    process.on('SIGINT', onSigint);
    let connected = false;
    let restore = () => undefined as void;
    socket.once('connect', () => {
      connected = true;
      if (attach) restore = attachTerminal(socket, env, cwd);
      else {
        const tty = { out: Boolean(process.stdout.isTTY), err: Boolean(process.stderr.isTTY), ...(process.stdout.columns && { columns: process.stdout.columns }) };
        send(socket, { t: 'run', argv: args, cwd, env, tty, build });
      }
    });
    readMessages<FromSession>(socket, (message) => {
      if (message.t === 'o' || message.t === 'e') {
        const stream = message.t === 'o' ? process.stdout : process.stderr;
        stream.write(message.b !== undefined ? Buffer.from(message.b, 'base64') : (message.d ?? ''));
      } else if (message.t === 'exit') finish({ code: message.code });
      else if (message.t === 'fallback') {
        if (message.why) process.stderr.write(`mcpdeck: ${message.why}\n`);
        finish({ argv: args });
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return;
      // Nothing listens: the session died without closing (kill -9, a crash). Its socket goes, and the command runs here.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') {
        process.stderr.write(`mcpdeck: the session for this configuration is gone (${gone(paths)}); running without it\n`);
        removeSocket(paths);
        rmSync(paths.info, { force: true });
      } else process.stderr.write(`mcpdeck: cannot reach the session (${error.code ?? error.message}); running without it\n`);
      finish({ argv: args });
    });
    socket.on('close', () => {
      if (!connected || ended) return;
      process.stderr.write('mcpdeck: the session ended while the command ran (it was stopped or it crashed); run the command again\n');
      finish({ code: 3 });
    });
  });
}

/** Which process it was, from the note it left. */
function gone(paths: SessionPaths): string {
  try {
    const { pid } = JSON.parse(readFileSync(paths.info, 'utf8')) as { pid?: number };
    return `process ${pid} stopped without closing it: killed or crashed`;
  } catch {
    return 'it stopped without closing its socket';
  }
}

/** The deck drawn by the session: this terminal's keys (raw) and size go to it; returns what puts the terminal back. */
function attachTerminal(socket: ReturnType<typeof connect>, env: NodeJS.ProcessEnv, cwd: string): () => void {
  const { stdin, stdout } = process;
  send(socket, { t: 'attach', env, cwd, columns: stdout.columns, rows: stdout.rows });
  stdin.setRawMode(true);
  stdin.resume();
  const onKeys = (data: Buffer) => send(socket, { t: 'in', b: data.toString('base64') });
  const onResize = () => send(socket, { t: 'size', columns: stdout.columns, rows: stdout.rows });
  stdin.on('data', onKeys);
  stdout.on('resize', onResize);
  return () => {
    stdin.off('data', onKeys);
    stdout.off('resize', onResize);
    stdin.setRawMode(false);
    stdin.pause();
  };
}
