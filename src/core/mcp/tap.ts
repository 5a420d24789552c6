import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

export interface TrafficEntry {
  direction: 'out' | 'in';
  method?: string;
  id?: string | number;
  time: number;
  message: JSONRPCMessage;
}

/**
 * Wraps a transport to observe every JSON-RPC message both ways (the traffic log,
 * the negotiated protocol version) without touching the SDK's Protocol.
 */
export class TappedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  protocolVersion?: string;
  private initializeId?: string | number;
  /** Our requests still waiting for their answer. */
  private readonly waiting = new Set<string | number>();

  constructor(
    readonly inner: Transport,
    private readonly onTraffic: (entry: TrafficEntry) => void,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.record('in', message);
      this.onmessage?.(message, extra);
    };
  }

  get inFlight(): number {
    return this.waiting.size;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.record('out', message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  private record(direction: 'in' | 'out', message: JSONRPCMessage): void {
    const method = 'method' in message ? message.method : undefined;
    const id = 'id' in message ? message.id : undefined;
    if (direction === 'out' && method === 'initialize') this.initializeId = id;
    if (id !== undefined && direction === 'out' && method) this.waiting.add(id);
    if (id !== undefined && direction === 'in' && !method) this.waiting.delete(id);
    if (direction === 'in' && id !== undefined && id === this.initializeId && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') this.protocolVersion = version;
    }
    // No serializing here: only a traffic log that keeps the message needs its size.
    this.onTraffic({ direction, method, id, time: Date.now(), message });
  }
}
