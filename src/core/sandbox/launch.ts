import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxManager as Manager, SandboxViolationEvent } from '@anthropic-ai/sandbox-runtime';
import type { SandboxSettings } from './settings.js';
import { isUnder, violationOf, type Denial } from './denials.js';
import { shellQuote } from '../calls/command-line.js';

/**
 * Loaded only when a sandboxed server starts: `@anthropic-ai/sandbox-runtime` (bubblewrap
 * and socat on Linux, sandbox-exec on macOS, and a proxy that allows hosts by name) is
 * started once per mcpdeck process, with no host allowed and no file rule of its own;
 * each server gets its own file rules, its own allowed hosts (a per-command list under an
 * unguessable id) and its own private temp folder.
 */

export interface SandboxedLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** What it may read back of the home folder, and write: for telling a denied path from its own. */
  readable: string[];
  writable: string[];
  /** Forgets its hosts and its temp folder, once the process is gone. */
  end: () => void;
}

export interface LaunchRequest {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  roots: readonly string[];
  settings: SandboxSettings;
  /** A host the proxy refused, or (macOS) a file the system's sandbox log says was refused. */
  onDenial: (denial: Pick<Denial, 'kind' | 'target'>) => void;
}

let started: Promise<typeof Manager> | undefined;
/** Refused connections by the id of the server they came from (the proxy's attribution). */
const listeners = new Map<string, (denial: Pick<Denial, 'kind' | 'target'>) => void>();
const seen = new WeakSet<SandboxViolationEvent>();

/** Where mcpdeck sandboxes (the runtime's Windows helper is not shipped). */
const SUPPORTED: readonly NodeJS.Platform[] = ['linux', 'darwin'];

let unavailable: Promise<string | undefined> | undefined;
/** Why this machine cannot sandbox, or undefined when it can (asked once per process). */
export const sandboxUnavailable = (): Promise<string | undefined> => (unavailable ??= checkPlatform());

async function checkPlatform(): Promise<string | undefined> {
  if (!SUPPORTED.includes(process.platform)) return `mcpdeck sandboxes servers on Linux and macOS, not on ${process.platform}`;
  const { SandboxManager } = await import('@anthropic-ai/sandbox-runtime');
  // The synchronous check looks bwrap, socat and the seccomp helper up on PATH (a few ms);
  // the asynchronous one runs them (200 ms here), on every start of a sandboxed server.
  const check = SandboxManager.checkDependencies();
  if (check.errors.length) return `the sandbox cannot start here: ${check.errors.join('; ')}${process.platform === 'linux' ? ' (install bubblewrap, socat and ripgrep)' : ''}`;
  return undefined;
}

/** Starts the runtime now, for a launch to come (its failure is the launch's to report). */
export function sandboxStarting(): void {
  if (SUPPORTED.includes(process.platform)) start().catch(() => undefined);
}

function start(): Promise<typeof Manager> {
  started ??= (async () => {
    const { SandboxManager } = await import('@anthropic-ai/sandbox-runtime');
    // On macOS the system's sandbox log reports each refused file too (the log monitor).
    const logMonitor = process.platform === 'darwin';
    await SandboxManager.initialize({ network: { allowedDomains: [], deniedDomains: [] }, filesystem: { denyRead: [], allowWrite: [], denyWrite: [] } }, undefined, logMonitor);
    SandboxManager.getSandboxViolationStore().subscribe((events) => {
      for (const event of events) {
        if (seen.has(event)) continue;
        seen.add(event);
        const denial = violationOf(event.line);
        if (denial && event.encodedCommand) listeners.get(event.encodedCommand)?.(denial);
      }
    });
    return SandboxManager;
  })();
  return started;
}

/** Wraps run one at a time: each one's TMPDIR is read from this process's environment (a seam). */
let wrapping: Promise<unknown> = Promise.resolve();

export async function sandboxLaunch(request: LaunchRequest): Promise<SandboxedLaunch> {
  const manager = await start();
  const { settings } = request;
  const privateDir = mkdtempSync(join(tmpdir(), 'mcpdeck-sandbox-'));
  const id = randomBytes(16).toString('base64url');
  const cwdReadable = request.cwd && request.cwd !== settings.home && !settings.deny.some((d) => isUnder(request.cwd!, d)) ? [request.cwd] : [];
  const readable = [...settings.read, ...settings.write, ...request.roots, ...cwdReadable, privateDir];
  const writable = [privateDir, ...request.roots, ...settings.write];
  const filesystem = { denyRead: [settings.home, ...settings.deny], allowRead: readable, allowWrite: writable, denyWrite: [] };
  const commandText = [request.command, ...request.args].map(shellQuote).join(' ');
  const wrap = async () => {
    const before = process.env.CLAUDE_CODE_TMPDIR;
    process.env.CLAUDE_CODE_TMPDIR = privateDir;
    try {
      return await manager.wrapWithSandboxArgv(commandText, undefined, { filesystem }, undefined, request.cwd, { commandId: id });
    } finally {
      if (before === undefined) delete process.env.CLAUDE_CODE_TMPDIR;
      else process.env.CLAUDE_CODE_TMPDIR = before;
    }
  };
  const wrapped = wrapping.then(wrap, wrap);
  wrapping = wrapped.catch(() => undefined);
  let argv: string[];
  try {
    argv = (await wrapped).argv;
    if (settings.network.length) manager.registerCommandNetworkLists(id, { allowedDomains: settings.network });
  } catch (error) {
    rmSync(privateDir, { recursive: true, force: true });
    throw error;
  }
  const encoded = Buffer.from(id).toString('base64');
  listeners.set(encoded, request.onDenial);
  return {
    command: argv[0]!,
    args: loopbackThroughProxy(argv.slice(1)),
    // Node's fetch takes the proxy from the environment only when told to. The wrap is run
    // by bash, which on a socket for stdin (Node's pipes) reads ~/.bashrc unless nested (SHLVL).
    env: { SHLVL: '1', ...settings.env, ...request.env, NODE_USE_ENV_PROXY: '1' },
    readable,
    writable,
    end: () => {
      listeners.delete(encoded);
      manager.unregisterCommandNetworkLists(id);
      rmSync(privateDir, { recursive: true, force: true });
    },
  };
}

/**
 * The sandbox tells programs to reach loopback directly (`NO_PROXY`), which inside its
 * network namespace reaches nothing, and unseen. mcpdeck sends loopback through the proxy
 * too: there localhost is refused (and recorded) unless the entry names it, and reached on
 * this machine when it does (a seam: it edits the library's `--setenv NO_PROXY` words;
 * test/integration/sandbox.test.ts fails when they change).
 */
export function loopbackThroughProxy(args: string[]): string[] {
  return args.map((arg) => arg.replace(/--setenv (NO_PROXY|no_proxy) \S+/g, (_whole, name: string) => `--setenv ${name} 169.254.0.0/16`));
}
