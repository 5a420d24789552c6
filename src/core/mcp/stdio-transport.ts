import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const MAX_LINE = 64 * 2 ** 20;

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
  private child?: ChildProcess;
  private pending: Buffer = Buffer.alloc(0);

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
      child.once('close', (code, signal) => {
        this.exit = { code, signal };
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
      child.stderr?.setEncoding('utf8').on('data', (text: string) => this.options.onStderr?.(text));
    });
  }

  private read(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let newline: number;
    while ((newline = this.pending.indexOf(10)) !== -1) {
      const line = this.pending.toString('utf8', 0, newline).replace(/\r$/, '');
      this.pending = this.pending.subarray(newline + 1);
      if (!line.trim()) continue;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch {
        this.options.onStdoutNoise?.(line);
        continue;
      }
      this.onmessage?.(message);
    }
    if (this.pending.length > MAX_LINE) {
      this.pending = Buffer.alloc(0);
      this.onerror?.(new Error(`the server wrote a line over ${MAX_LINE / 2 ** 20} MiB on stdout without a newline`));
      void this.close();
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin) throw new Error('the server process is not running');
    await new Promise<void>((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /**
   * Ends stdin, then SIGTERM, then SIGKILL. A well-behaved server exits on EOF at once;
   * one that waits on a request of its own would otherwise hold every exit up.
   */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const wait = (ms: number) => Promise.race([closed.then(() => true), new Promise<boolean>((r) => setTimeout(r, ms, false).unref())]);
    child.stdin?.end();
    if (await wait(100)) return;
    this.kill(child, 'SIGTERM');
    if (await wait(1500)) return;
    this.kill(child, 'SIGKILL');
    await wait(1000);
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
