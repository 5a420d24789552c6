import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isAbsolute } from 'node:path';
import type { FetchLike, Transport } from '@modelcontextprotocol/client';
import type { InProcessConfig, ServerConfig } from '../config/types.js';
import { StdioTransport } from './stdio-transport.js';
import { ConnectError } from './errors.js';
import { cappedFetch } from './capped-fetch.js';
import { withMethodHeader } from './method-header.js';
import type { SandboxEvent } from './sandboxed-stdio.js';
import type { RequestTrace } from '../tracing/trace-context.js';

export interface TransportHooks {
  onStderr?: (chunk: string) => void;
  onStdoutNoise?: (line: string) => void;
  /** Something the server did that a person should know of, though the session goes on. */
  onNote?: (text: string) => void;
  /** For remote servers: the fetch that signs requests (OAuth), when the server has a sign-in. */
  fetch?: FetchLike;
  /** For remote servers: the fetch under everything else (the Network view's recorder); the global fetch when unset. */
  baseFetch?: FetchLike;
  /** A span for each request (trace context, SEP-414): its `traceparent` rides in the request's `_meta`; it ends with the answer. */
  traceSpan?: (method: string) => RequestTrace;
  /** For remote servers: a response went past one of the caps (capped-fetch.ts); the reason names it. */
  onOverflow?: (reason: string) => void;
  /** For stdio servers: closing gives a short grace, then ends them (stdio-transport.ts). */
  quickClose?: boolean;
  /** For sandboxed stdio servers: what the sandbox denied, and how it started (sandboxed-stdio.ts). */
  onSandbox?: (event: SandboxEvent) => void;
}

export interface BuiltTransport {
  transport: Transport;
  /** Stops what the transport started besides itself (an in-process server). */
  dispose?: () => Promise<void>;
}

/** A fresh transport for one connection attempt (a closed one cannot restart). */
export async function buildTransport(config: ServerConfig, hooks: TransportHooks, useSse = false): Promise<BuiltTransport> {
  switch (config.type) {
    case 'stdio':
      if (config.cwd && !existsSync(config.cwd)) throw new ConnectError(`working directory ${config.cwd} does not exist`);
      if (config.sandbox) return { transport: await (await import('./sandboxed-stdio.js')).sandboxedStdio({ ...config, sandbox: config.sandbox }, hooks) };
      return { transport: new StdioTransport({ ...config, ...hooks }) };
    case 'sse':
    case 'http': {
      const url = new URL(config.url);
      const requestInit = { headers: config.headers };
      // Every byte a remote server sends passes the caps, signed requests included.
      const fetch = withMethodHeader(cappedFetch(hooks.fetch ?? hooks.baseFetch, (reason) => hooks.onOverflow?.(reason)));
      const { SSEClientTransport, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
      if (config.type === 'sse' || useSse) return { transport: new SSEClientTransport(url, { requestInit, fetch }) };
      return { transport: new StreamableHTTPClientTransport(url, { requestInit, fetch }) };
    }
    case 'inprocess':
      return inProcess(config);
  }
}

interface Connectable {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

async function inProcess(config: InProcessConfig): Promise<BuiltTransport> {
  let exported: unknown = config.factory;
  if (!exported) {
    const specifier = isAbsolute(config.module) ? pathToFileURL(config.module).href : config.module;
    let mod: Record<string, unknown>;
    try {
      mod = (await import(specifier)) as Record<string, unknown>;
    } catch (error) {
      throw new ConnectError(`cannot load module ${config.module}: ${(error as Error).message}`);
    }
    const key = config.export ?? 'default';
    exported = mod[key];
    if (exported === undefined) {
      const names = Object.keys(mod).join(', ') || 'nothing';
      throw new ConnectError(`module ${config.module} has no export "${key}" (it exports ${names}); set "export"`);
    }
  }
  let server: unknown = exported;
  if (typeof server === 'function' && !isConnectable(server)) server = await (server as () => unknown)();
  if (!isConnectable(server)) {
    throw new ConnectError(`module ${config.module} must export an McpServer or Server, or a function returning one`);
  }
  // Either SDK generation's server takes any object of the Transport shape: both halves
  // come from one package, as a linked pair must.
  const { InMemoryTransport } = await import('@modelcontextprotocol/client');
  const [client, side] = InMemoryTransport.createLinkedPair();
  await server.connect(side);
  const connected = server;
  return { transport: client, dispose: () => connected.close() };
}

function isConnectable(value: unknown): value is Connectable {
  return typeof value === 'object' && value !== null && typeof (value as Partial<Connectable>).connect === 'function';
}
