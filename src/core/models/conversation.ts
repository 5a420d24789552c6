import type { LanguageModel, LanguageModelUsage, ModelMessage, ToolSet } from 'ai';
import type { CallOutcome } from '../mcp/call.js';
import { createStore, type Store } from '../store.js';
import { needsApproval, parametersOf, resultForModel, type ModelTool } from './toolset.js';

/** How a person answers a model's call of a tool that asks first: once, for the rest of the conversation (`a`), or not. */
export type Decision = 'once' | 'conversation' | 'deny';

export interface ToolTurn {
  kind: 'tool';
  /** The model's id for the call. */
  id: string;
  /** The model's name for the tool, and the server and tool it stands for. */
  name: string;
  server: string;
  tool: string;
  args: Record<string, unknown>;
  status: 'asking' | 'running' | 'done' | 'failed' | 'denied';
  outcome?: CallOutcome;
  /** Why it failed or was refused. */
  error?: string;
}

export type Turn =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string; streaming: boolean }
  | ToolTurn
  | { kind: 'error'; text: string };

interface Usage {
  input: number;
  output: number;
}

export interface ConversationSnapshot {
  turns: readonly Turn[];
  busy: boolean;
  /** Tokens the model reported, over the whole conversation. */
  usage: Usage;
  /** Model requests made (one per step). */
  steps: number;
  /** Time spent waiting for the model and the tools, over the whole conversation. */
  ms: number;
}

export interface ConversationOptions {
  model: () => Promise<LanguageModel>;
  tools: readonly ModelTool[];
  callTool: (server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<CallOutcome>;
  /**
   * Decides a call that asks first without the person (the CLI's --yes and --allow-tools);
   * undefined leaves it asking until `decide()`. Without a policy every such call waits.
   */
  policy?: (turn: ToolTurn) => Decision | undefined;
  /** A provider that cannot stream is asked for whole answers. */
  stream?: boolean;
  system?: string;
  /** Model requests per message at most: a model that keeps calling tools stops there. */
  maxSteps?: number;
  /** Messages said before (a saved conversation): the model sees them as history. */
  history?: ModelMessage[];
  describeError: (error: unknown) => string;
  now?: () => number;
}

interface ToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** A tool's result as the model is sent it. */
type ToolAnswer = ReturnType<typeof toolAnswer>;

const toolAnswer = (call: ToolCall, output: { type: 'text' | 'error-text'; value: string }) => ({ type: 'tool-result' as const, toolCallId: call.toolCallId, toolName: call.toolName, output });

const EMPTY: ConversationSnapshot = { turns: [], busy: false, usage: { input: 0, output: 0 }, steps: 0, ms: 0 };

/**
 * A conversation with a model over the tools of some servers. Each message runs the loop
 * an agent runs: the model answers or calls tools; each call goes through the same rules as
 * a hand call (one that may destroy or reach the outside world asks the person first) and
 * then through the Deck to the server; the results go back, until the model answers in
 * text. A store for the screens: the turns, streamed as they come.
 */
export class Conversation implements Store<ConversationSnapshot> {
  private readonly store = createStore(EMPTY);
  readonly subscribe = this.store.subscribe;
  readonly getSnapshot = this.store.getSnapshot;
  /** What the model is sent: the whole exchange, in the AI SDK's message form. */
  readonly messages: ModelMessage[];
  private readonly byName: Map<string, ModelTool>;
  /** Tools the person allowed for the rest of the conversation (`a`). */
  private readonly allowed = new Set<string>();
  private readonly waiting = new Map<string, (decision: Decision) => void>();
  private readonly now: () => number;

  constructor(private readonly options: ConversationOptions) {
    this.messages = [...(options.history ?? [])];
    this.byName = new Map(options.tools.map((t) => [t.name, t]));
    this.now = options.now ?? Date.now;
  }

  get tools(): readonly ModelTool[] {
    return this.options.tools;
  }

  /** Answers a call that asks first; false when no call with that id is asking. */
  decide(id: string, decision: Decision): boolean {
    const resolve = this.waiting.get(id);
    if (!resolve) return false;
    this.waiting.delete(id);
    resolve(decision);
    return true;
  }

  /** Sends a message and runs the model's turn to its end (text, or the step limit). A failure is a turn, not a throw. */
  async send(text: string, signal: AbortSignal = new AbortController().signal): Promise<void> {
    if (this.getSnapshot().busy) throw new Error('the model is still answering the last message');
    const started = this.now();
    this.messages.push({ role: 'user', content: text });
    this.change((s) => ({ ...s, busy: true, turns: [...s.turns, { kind: 'user', text }] }));
    // The calls of the model's last answer and the results so far: a stop between them still
    // answers every call (a provider refuses a history with a tool call left unanswered).
    let calls: ToolCall[] = [];
    let results: ToolAnswer[] = [];
    try {
      const maxSteps = this.options.maxSteps ?? 10;
      for (let step = 0; ; step++) {
        if (step === maxSteps) throw new Error(`stopped after ${maxSteps} model requests: the model kept calling tools`);
        calls = await this.step(signal);
        if (!calls.length) break;
        results = [];
        for (const call of calls) results.push(await this.runTool(call, signal));
        this.messages.push({ role: 'tool', content: results });
        calls = [];
      }
    } catch (error) {
      if (calls.length) this.messages.push({ role: 'tool', content: calls.map((call, i) => results[i] ?? toolAnswer(call, { type: 'error-text', value: 'The user stopped this turn before the tool ran.' })) });
      const textOf = signal.aborted ? 'stopped' : this.options.describeError(error);
      this.change((s) => ({ ...s, turns: [...s.turns, { kind: 'error', text: textOf }] }));
    } finally {
      for (const [id, resolve] of this.waiting) (this.waiting.delete(id), resolve('deny'));
      this.change((s) => ({ ...s, busy: false, ms: s.ms + this.now() - started, turns: s.turns.map((t) => (t.kind === 'assistant' && t.streaming ? { ...t, streaming: false } : t)) }));
    }
  }

  /** One model request: its text streamed into a turn; returns the tool calls it made. */
  private async step(signal: AbortSignal): Promise<ToolCall[]> {
    const { streamText, generateText, jsonSchema } = await import('ai');
    const tools: ToolSet = Object.fromEntries(this.options.tools.map((t) => [t.name, { description: t.tool.description ?? '', inputSchema: jsonSchema(parametersOf(t.tool)) }]));
    const request = { model: await this.options.model(), messages: this.messages, tools, abortSignal: signal, ...(this.options.system && { instructions: this.options.system }) };
    const calls: ToolCall[] = [];
    let usage: LanguageModelUsage | undefined;
    if (this.options.stream === false) {
      const result = await generateText(request);
      if (result.text) this.appendText(result.text);
      calls.push(...result.toolCalls);
      usage = result.usage;
      this.messages.push(...result.response.messages);
    } else {
      let failure: unknown;
      const result = streamText({ ...request, onError: ({ error }) => void (failure ??= error) });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') this.appendText(part.text);
        else if (part.type === 'tool-call') calls.push(part);
        else if (part.type === 'finish') usage = part.totalUsage;
        else if (part.type === 'error') failure ??= part.error;
      }
      if (failure) throw failure;
      this.messages.push(...(await result.response).messages);
    }
    this.change((s) => ({ ...s, steps: s.steps + 1, usage: { input: s.usage.input + (usage?.inputTokens ?? 0), output: s.usage.output + (usage?.outputTokens ?? 0) } }));
    this.closeText();
    return calls;
  }

  private async runTool(call: ToolCall, signal: AbortSignal): Promise<ToolAnswer> {
    const answer = (output: ToolAnswer['output']) => toolAnswer(call, output);
    const found = this.byName.get(call.toolName);
    const args = typeof call.input === 'object' && call.input !== null && !Array.isArray(call.input) ? (call.input as Record<string, unknown>) : {};
    const turn: ToolTurn = { kind: 'tool', id: call.toolCallId, name: call.toolName, server: found?.server ?? '', tool: found?.tool.name ?? call.toolName, args, status: 'running' };
    if (!found) {
      this.addTurn({ ...turn, status: 'failed', error: 'the model named a tool that is not offered' });
      return answer({ type: 'error-text', value: `There is no tool named "${call.toolName}".` });
    }
    if (needsApproval(found.tool) && !this.allowed.has(found.name)) {
      this.addTurn({ ...turn, status: 'asking' });
      const decision = this.options.policy?.(turn) ?? (await this.ask(turn.id, signal));
      // Stopped while it asked: the turn ends here, as it would during the call.
      if (signal.aborted) {
        this.setTool(turn.id, { status: 'denied', error: 'stopped' });
        throw new Error('stopped');
      }
      if (decision === 'deny') {
        this.setTool(turn.id, { status: 'denied', error: 'not allowed by the person' });
        return answer({ type: 'error-text', value: 'The user did not allow this tool call.' });
      }
      if (decision === 'conversation') this.allowed.add(found.name);
      this.setTool(turn.id, { status: 'running' });
    } else this.addTurn(turn);
    try {
      const outcome = await this.options.callTool(found.server, found.tool.name, args, signal);
      this.setTool(turn.id, { status: outcome.isError ? 'failed' : 'done', outcome });
      return answer(resultForModel(outcome.result));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.setTool(turn.id, { status: 'failed', error: text });
      if (signal.aborted) throw error;
      return answer({ type: 'error-text', value: text });
    }
  }

  /** Waits for the person's `decide()`; a stop answers for them. */
  private ask(id: string, signal: AbortSignal): Promise<Decision> {
    return new Promise((resolve) => {
      const stop = () => this.decide(id, 'deny');
      signal.addEventListener('abort', stop, { once: true });
      this.waiting.set(id, (decision) => {
        signal.removeEventListener('abort', stop);
        resolve(decision);
      });
      if (signal.aborted) stop();
    });
  }

  private appendText(text: string): void {
    this.change((s) => {
      const last = s.turns.at(-1);
      if (last?.kind === 'assistant' && last.streaming) return { ...s, turns: [...s.turns.slice(0, -1), { ...last, text: last.text + text }] };
      return { ...s, turns: [...s.turns, { kind: 'assistant', text, streaming: true }] };
    });
  }

  private closeText(): void {
    this.change((s) => {
      const last = s.turns.at(-1);
      return last?.kind === 'assistant' && last.streaming ? { ...s, turns: [...s.turns.slice(0, -1), { ...last, streaming: false }] } : s;
    });
  }

  private addTurn(turn: Turn): void {
    this.change((s) => ({ ...s, turns: [...s.turns, turn] }));
  }

  private setTool(id: string, change: Partial<ToolTurn>): void {
    this.change((s) => ({ ...s, turns: s.turns.map((t) => (t.kind === 'tool' && t.id === id ? { ...t, ...change } : t)) }));
  }

  private change(fn: (s: ConversationSnapshot) => ConversationSnapshot): void {
    this.store.update(fn);
  }
}
