import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { isRecord } from '../../util/is-record.js';
import { deserializeMessage, serializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { formatCount } from '../../util/text.js';
import { misshapenAnswer } from './misshapen.js';
import { LineSplitter } from './stdio-lines.js';

/** More non-protocol stdout than this within a second is a flood, not a log line or a banner. */
const NOISE_LINES = 1000;
const NOISE_BYTES = 4 * 2 ** 20;
/** How long after the process exits its pipes may stay open (a child it left behind holds them). */
const PIPE_GRACE_MS = 500;
/** How long a process may outlive its closed stdout: an exiting one closes it a moment before it is gone. */
const STDOUT_GRACE_MS = 200;
/** How long the rest of the process group gets after SIGTERM before SIGKILL. */
const GROUP_GRACE_MS = 1000;
/** A quick close (a command that has its answer): the grace after EOF, then after SIGTERM; 50 ms in all. */
const QUICK_EOF_MS = 30;
const QUICK_TERM_MS = 20;

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StdioOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  onStderr?: (chunk: string) => void;
  /** A stdout line that is not JSON-RPC (servers that log to stdout). */
  onStdoutNoise?: (line: string) => void;
  /** Something the server did that a person should know of, though the session goes on. */
  onNote?: (text: string) => void;
  /** Closing gives a short grace, then ends the group (closeQuickly). */
  quickClose?: boolean;
  /** Called once the process has closed (a sandbox forgets it). */
  onEnd?: () => void;
}

/**
 * The SDK's stdio transport, but keeping what a person needs to know when a server
 * dies: the exit code or signal, stderr as it arrives, and the stdout lines that
 * were not protocol messages. The child gets its own process group so closing kills
 * whatever it spawned (npx, uvx, shells) too.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  exit?: ProcessExit;
  /** Why this transport gave up on the server (a flood, an oversized message); absent for a plain exit. */
  failure?: string;
  private child?: ChildProcess;
  /** The start of a line still waiting for its newline, in the pieces it came in (no copying per chunk). */
  private readonly lines = new LineSplitter();
  private noise = { since: 0, lines: 0, bytes: 0 };
  /** The end of the server's process group (its workers), once the server itself has exited. */
  private groupEnded?: Promise<void>;

  constructor(private readonly options: StdioOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    const { command, args, env, cwd } = this.options;
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, {
        env: { ...getDefaultEnvironment(), ...env },
        cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => resolve());
      child.once('exit', () => {
        // Workers it started would outlive it (and hold its pipes): the group goes with it.
        if (child.pid) this.groupEnded = endGroup(child.pid);
        // A grandchild holding stdout would keep 'close' (and so onclose) from ever coming.
        setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
        }, PIPE_GRACE_MS).unref();
      });
      // A server that closed stdout can never answer again: calls would wait their whole timeout.
      child.stdout?.once('end', () => {
        // Timers run before the loop reads what came in: after a busy spell here (a loaded
        // machine) the exit may be waiting to be read. It is read before the process is blamed.
        const check = () => {
          if (this.child === child && child.exitCode === null && child.signalCode === null && !this.failure) {
            this.fail('the server closed its output (stdout) but kept running; mcpdeck stopped it');
          }
        };
        setTimeout(() => setImmediate(check), STDOUT_GRACE_MS).unref();
      });
      child.once('close', (code, signal) => {
        this.exit = { code, signal };
        this.child = undefined;
        this.options.onEnd?.();
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
      child.stderr?.setEncoding('utf8').on('data', (text: string) => this.options.onStderr?.(text));
    });
  }

  private read(chunk: Buffer): void {
    const overflow = this.lines.push(chunk, (line) => this.line(line), () => !this.failure);
    if (overflow) this.fail(overflow);
  }

  private line(line: string): void {
    if (!line.trim()) return;
    if (line.trimStart().startsWith('[') && this.batch(line)) return;
    let message: JSONRPCMessage | undefined;
    try {
      message = deserializeMessage(line);
    } catch {
      message = misshapenAnswer(line);
    }
    if (!message) {
      this.countNoise(line);
      this.options.onStdoutNoise?.(line);
      return;
    }
    try {
      this.onmessage?.(message);
    } catch (error) {
      // Thrown here it would escape the pipe's data event and end the whole app.
      this.onerror?.(error as Error);
    }
  }

  /**
   * A JSON-RPC batch (an array): MCP dropped batches in 2025-06-18, and the SDK reads
   * none. Each request in it is refused with -32600, as JSON-RPC says an invalid request
   * is answered, and the rest is noted, not dropped without a word.
   */
  private batch(line: string): boolean {
    let items: unknown;
    try {
      items = JSON.parse(line);
    } catch {
      return false;
    }
    if (!Array.isArray(items)) return false;
    const requests = items.filter((m): m is { id: string | number } => isRecord(m) && typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number'));
    for (const { id } of requests) {
      void this.send({ jsonrpc: '2.0', id, error: { code: -32600, message: 'JSON-RPC batches are not supported by MCP; send each message on its own' } }).catch(() => undefined);
    }
    this.options.onNote?.(`the server sent a JSON-RPC batch of ${items.length} message${items.length === 1 ? '' : 's'}, which MCP does not allow; ` +
      `mcpdeck refused ${requests.length} request${requests.length === 1 ? '' : 's'} in it and ignored the rest`);
    return true;
  }

  /** Some stdout logging is survivable; a flood would keep everything else waiting. */
  private countNoise(line: string): void {
    const now = Date.now();
    if (now - this.noise.since > 1000) this.noise = { since: now, lines: 0, bytes: 0 };
    this.noise.lines++;
    this.noise.bytes += line.length;
    if (this.noise.lines > NOISE_LINES || this.noise.bytes > NOISE_BYTES) {
      this.fail(`the server flooded stdout with text that is not JSON-RPC (over ${formatCount(NOISE_LINES)} lines or ${NOISE_BYTES / 2 ** 20} MiB in a second); ` +
        'an MCP stdio server must write only protocol messages on stdout, logs go to stderr');
    }
  }

  private fail(reason: string): void {
    this.failure = reason;
    this.onerror?.(new Error(reason));
    void this.close();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const child = this.child;
    const stdin = child?.stdin;
    if (!child || !stdin) throw new Error('the server process is not running');
    await new Promise<void>((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => {
        if (!error) return resolve();
        if ((error as NodeJS.ErrnoException).code !== 'EPIPE' || this.exit) return reject(error);
        // The server exited under us: its exit code and stderr say why, "write EPIPE" does not.
        const settle = () => reject(error);
        child.once('close', settle);
        setTimeout(settle, PIPE_GRACE_MS).unref();
      });
    });
  }

  /**
   * Ends stdin, then SIGTERM, then SIGKILL. A well-behaved server exits on EOF at once;
   * one that waits on a request of its own would otherwise hold every exit up.
   */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return void (await this.groupEnded);
    if (this.options.quickClose) return this.closeQuickly(child);
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const wait = (ms: number) => Promise.race([closed.then(() => true), new Promise<boolean>((r) => setTimeout(r, ms, false).unref())]);
    child.stdin?.end();
    if (await wait(100)) return void (await this.groupEnded);
    this.kill(child, 'SIGTERM');
    if (await wait(1500)) return void (await this.groupEnded);
    this.kill(child, 'SIGKILL');
    await wait(1000);
    await this.groupEnded;
  }

  /**
   * For a command that has its answer: nothing the server does after it may hold the exit
   * up. EOF, 30 ms to go by itself, SIGTERM, 20 ms, then SIGKILL; whatever it left in its
   * process group is killed at once. Waits for the exit, not for the pipes to close.
   */
  private async closeQuickly(child: ChildProcess): Promise<void> {
    const exited = new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
    const wait = (ms: number) => Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(r, ms, false).unref())]);
    child.stdin?.end();
    if (!(await wait(QUICK_EOF_MS))) {
      this.kill(child, 'SIGTERM');
      if (!(await wait(QUICK_TERM_MS))) this.kill(child, 'SIGKILL');
    }
    if (child.pid && process.platform !== 'win32') signalGroup(child.pid, 'SIGKILL');
  }

  private kill(child: ChildProcess, signal: NodeJS.Signals): void {
    try {
      if (child.pid && process.platform !== 'win32') process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      child.kill(signal);
    }
  }
}

/**
 * Ends what is left of a process group whose leader has exited: SIGTERM, then SIGKILL
 * for whatever is still there after a grace. Nothing to do on Windows (no groups) or
 * when the group is already empty.
 */
async function endGroup(pid: number): Promise<void> {
  if (process.platform === 'win32') return;
  const signal = (sig: NodeJS.Signals | 0) => signalGroup(pid, sig);
  const emptied = async (ms: number) => {
    for (let waited = 0; waited < ms; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!signal(0)) return true;
    }
    return false;
  };
  if (!signal('SIGTERM') || (await emptied(GROUP_GRACE_MS))) return;
  // Killed, not yet gone: a moment more, so that a quit leaves nothing running behind it.
  if (signal('SIGKILL')) await emptied(500);
}

/** Signals a process group; false when it is gone (or was never ours to signal). */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}
