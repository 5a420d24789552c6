import type { CreateMessageRequest, ElicitRequestFormParams } from '../mcp/types.js';

/**
 * What servers ask a person for, while a request of theirs waits: a form
 * (elicitation/create, form mode), a page to visit (URL mode), or a model reply
 * (sampling/createMessage). Each is a pending object in the core; the TUI renders
 * the queue and answers it, the headless CLI answers by policy.
 */
interface Base {
  /** Unique in this deck. */
  id: number;
  server: string;
  receivedAt: number;
  /** The server's JSON-RPC id for it, when a number: the order the server asked in. */
  order?: number;
}

export interface FormElicitation extends Base {
  kind: 'elicit-form';
  message: string;
  requestedSchema: ElicitRequestFormParams['requestedSchema'];
}

export interface UrlElicitation extends Base {
  kind: 'elicit-url';
  message: string;
  url: string;
  /** The URL's host, shown prominently: where the person would be sent. */
  domain: string;
  elicitationId: string;
}

export interface SamplingRequest extends Base {
  kind: 'sample';
  params: CreateMessageRequest['params'];
}

export type PendingRequest = FormElicitation | UrlElicitation | SamplingRequest;

export type ElicitAnswer =
  | { action: 'accept'; content: Record<string, unknown> }
  | { action: 'decline' }
  | { action: 'cancel' };

/**
 * A sampling answer: the assistant's text, a use of one of the tools the request offers
 * (sampling with tools, 2025-11-25), or a refusal.
 */
export type SampleAnswer =
  | { action: 'reply'; text: string; model?: string }
  | { action: 'tool'; name: string; input: Record<string, unknown>; model?: string }
  | { action: 'decline' };

/** The tools a sampling request offers the model, and how it may use them. */
export type SamplingTool = NonNullable<SamplingRequest['params']['tools']>[number];

/** The outcome of answering: refused answers say why, per field where they can. */
export type RespondResult = { ok: true } | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** A line the UI shows once: a request the server withdrew, a URL elicitation that completed. */
export interface Notice {
  id: number;
  server: string;
  text: string;
  at: number;
  /** What happened: withdrawn by the server (or its connection closed), a page done, a policy that could not answer, the configuration read again. */
  kind?: 'withdrawn' | 'completed' | 'failed' | 'reloaded';
  /** Why a policy could not answer, as the server was told (kind 'failed'). */
  reason?: string;
}

/**
 * A page a server named (a URL request, or a -32042 error): asked until the person
 * opens or accepts it, then open until the server says it is complete. Forgotten a while
 * after its last change (`PAGE_TRACK_MS`).
 */
export interface TrackedUrl {
  elicitationId: string;
  server: string;
  url: string;
  status: 'asked' | 'open' | 'completed';
  /** When the status last changed (the queue's clock). */
  since: number;
}

export interface RequestsSnapshot {
  /** Oldest first: the UI shows the first and says how many wait behind it. */
  pending: readonly PendingRequest[];
  notices: readonly Notice[];
  urls: readonly TrackedUrl[];
}

/**
 * Answers requests without a person (the CLI's --on-elicit / --on-sample); returning
 * undefined leaves the request in the queue for a person (the TUI). Throwing fails the
 * request: the server gets the error. `signal` aborts when the server withdraws it.
 */
export type RequestPolicy = (
  request: PendingRequest,
  signal: AbortSignal,
) => Promise<ElicitAnswer | SampleAnswer | undefined> | ElicitAnswer | SampleAnswer | undefined;

/** A page a tool call needs visited first (a -32042 error carries these); nothing opens it but the person. */
export interface UrlElicitationNeeded {
  elicitationId: string;
  message: string;
  url: string;
  domain: string;
}
