import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type ClientCapabilities,
  type DiscoverResult,
  type Implementation,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type PriorDiscovery,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import { isRecord } from '../../util/is-record.js';

const DISCOVER_ID = 'mcpdeck-discover';
/**
 * A number, since hand-written servers often read only numeric ids; one the SDK's own
 * counter (from 0) never reaches, since a late answer to it is dropped for good.
 */
const INITIALIZE_ID = 2 ** 31 - 1;
/** How long a refused `initialize` waits for the probe's answer before it is the verdict. */
const REFUSAL_GRACE_MS = 500;

interface Hello {
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  /** The revision the probe claims (2026-07-28) and the 2025 revision `initialize` offers. */
  modern: string;
  legacy: string;
}

/**
 * How a stdio session of unknown era opens without waiting on silence. The SDK's probe
 * sends `server/discover` and, on a stdio server that says nothing to a method it does
 * not know, waits its whole timeout before trying `initialize`. Here both go at once:
 * `server/discover`, then `initialize` carrying the same 2026-07-28 envelope. A 2025
 * server ignores the envelope and answers `initialize`; the v2 SDK's stdio entry reads
 * the envelope as a 2026-07-28 message, so it stays on the era its `server/discover`
 * chose instead of falling back to 2025 (a bare `initialize` after the probe would).
 * What decides: a usable `server/discover` result (2026-07-28), or an `initialize`
 * result (2025; a refusal only once the probe was answered too). The SDK then connects
 * with that verdict as its `prior`, and its own `initialize` gets the answer the server
 * already gave (which the SDK checks and explains as usual): one `initialize` on the wire.
 */
export class StdioOpening implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private started = false;
  /** The server's answer to our `initialize` (a result or its refusal), kept for the SDK's. */
  private held?: JSONRPCMessage;
  private settle?: (reply: JSONRPCMessage & { id: string | number }) => void;
  private closed?: () => void;

  constructor(readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      // Answers to our own two requests never reach the SDK: it did not send them.
      if ('id' in message && (message.id === DISCOVER_ID || message.id === INITIALIZE_ID) && !('method' in message)) return this.settle?.(message as JSONRPCMessage & { id: string | number });
      this.onmessage?.(message, extra);
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => {
      this.closed?.();
      this.onclose?.();
    };
  }

  /** Starts the server and learns its era. Rejects when the server exits first. */
  async open(hello: Hello): Promise<PriorDiscovery> {
    this.started = true;
    await this.inner.start();
    const replies = new Map<string | number, JSONRPCMessage>();
    const verdict = new Promise<PriorDiscovery>((resolve, reject) => {
      this.closed = () => reject(new Error('the connection closed'));
      this.settle = (reply) => {
        replies.set(reply.id, reply);
        const discover = replies.get(DISCOVER_ID);
        const initialize = replies.get(INITIALIZE_ID);
        const modern = discover && modernResult(discover, hello.modern);
        if (modern) return resolve({ kind: 'modern', discover: modern });
        if (!initialize) return;
        this.held = initialize;
        // A refused `initialize` decides only with the probe answered, or a moment later: a
        // 2026-07-28 server may refuse it just before it answers the probe.
        if ('result' in initialize || discover) resolve({ kind: 'legacy' });
        else setTimeout(() => resolve({ kind: 'legacy' }), REFUSAL_GRACE_MS).unref();
      };
    });
    // Sending may fail first (the server is gone): the verdict is then never awaited.
    verdict.catch(() => undefined);
    const envelope = {
      [PROTOCOL_VERSION_META_KEY]: hello.modern,
      [CLIENT_INFO_META_KEY]: hello.clientInfo,
      [CLIENT_CAPABILITIES_META_KEY]: hello.capabilities,
    };
    await this.inner.send({ jsonrpc: '2.0', id: DISCOVER_ID, method: 'server/discover', params: { _meta: envelope } });
    await this.inner.send({
      jsonrpc: '2.0',
      id: INITIALIZE_ID,
      method: 'initialize',
      params: { protocolVersion: hello.legacy, capabilities: hello.capabilities, clientInfo: hello.clientInfo, _meta: envelope },
    });
    try {
      return await verdict;
    } finally {
      this.closed = undefined;
    }
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** The SDK starts what it connects to; this one is already running. */
  start(): Promise<void> {
    if (this.started) return Promise.resolve();
    this.started = true;
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const held = this.held;
    if (held && 'method' in message && message.method === 'initialize' && 'id' in message) {
      this.held = undefined;
      // Answered in a later turn, as a reply from the wire would be.
      setImmediate(() => this.onmessage?.({ ...held, id: message.id } as JSONRPCMessage));
      return Promise.resolve();
    }
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}

/** A `server/discover` result that offers the 2026-07-28 revision (the SDK checks the rest as it adopts it). */
function modernResult(reply: JSONRPCMessage, revision: string): DiscoverResult | undefined {
  if (!('result' in reply) || !isRecord(reply.result)) return undefined;
  const { supportedVersions, capabilities } = reply.result;
  return Array.isArray(supportedVersions) && supportedVersions.includes(revision) && isRecord(capabilities) ? (reply.result as DiscoverResult) : undefined;
}
