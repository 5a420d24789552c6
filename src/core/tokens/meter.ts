import { createStore, type Store } from '../store.js';
import type { ServerState } from '../servers/state.js';
import type { CallToolResult, Tool } from '../mcp/types.js';
import { cutJson } from '../../util/json.js';
import { COUNT_LIMIT, inProcess, type Counter } from './counter.js';
import { resultTexts, type ResultTokens } from './result.js';

/** The tokenizer's encoding: GPT-4o's and later OpenAI models'; other models' tokenizers differ by some percent. */
export const ENCODING = 'o200k_base';

/** A server with more tools than this gets no sum in the deck: counting 100,000 tools would hold up every redraw. */
const SUM_LIMIT = 5_000;

export { COUNT_LIMIT } from './counter.js';

/**
 * What a tool costs in a model's context: its name, description and input schema as
 * compact JSON, which is how agents pass a tool on to the model (as a function with
 * `parameters`). Title, annotations and output schema stay with the client.
 */
export function toolDefinitionText(tool: Pick<Tool, 'name' | 'description' | 'inputSchema'>): string {
  // A schema too deep for JSON.stringify (a hostile one) is counted as written cut.
  return cutJson({ name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema ?? {} });
}

/** A tool's text as counted: up to COUNT_LIMIT characters. */
const definitionOf = (tool: Tool) => toolDefinitionText(tool).slice(0, COUNT_LIMIT);

/** Texts waiting for the counter, and what to do with their counts. */
interface Batch {
  texts: string[];
  done: (counts: number[]) => void;
}

/**
 * Token counts for the deck and the commands. A count asked for is answered at once when it
 * is known, and otherwise undefined: the text joins the next batch for the counter, and the
 * store changes when the batch's counts land, so a screen draws them then. Counts are kept
 * per tool, per tool list and per result, so a redraw costs nothing. The counter is the
 * tokenizer in this process (commands) or in a process of its own (the deck: counter.ts).
 * A counter that fails leaves the counts unknown, and the screens show none.
 */
export class TokenMeter implements Store<number> {
  /** How many batches have landed: 0 before any count is known. */
  private readonly store = createStore(0);
  readonly subscribe = this.store.subscribe;
  readonly getSnapshot = this.store.getSnapshot;
  private readonly tools = new WeakMap<object, number>();
  private readonly asked = new WeakSet<object>();
  private readonly lists = new WeakMap<readonly object[], number>();
  private readonly results = new WeakMap<object, ResultTokens>();
  private queue: Batch[] = [];

  constructor(private readonly counter: Counter = inProcess) {}

  /** A tool's definition tokens, or undefined until counted (asking for the count). */
  tool(tool: Tool): number | undefined {
    const tokens = this.tools.get(tool);
    if (tokens === undefined) this.askTools([tool]);
    return tokens;
  }

  /**
   * The sum over a server's tools (those the tools filter shows); undefined until all are
   * counted, and past SUM_LIMIT tools unless `all` (a command, which draws once).
   */
  server(state: Pick<ServerState, 'tools'>, { all = false } = {}): number | undefined {
    if (!all && state.tools.length > SUM_LIMIT) return undefined;
    let sum = this.lists.get(state.tools);
    if (sum !== undefined) return sum;
    const missing = state.tools.filter((t) => !this.tools.has(t));
    if (missing.length) return void this.askTools(missing);
    this.lists.set(state.tools, (sum = state.tools.reduce((total, t) => total + this.tools.get(t)!, 0)));
    return sum;
  }

  /** A result's tokens (result.ts says what counts), or undefined until counted. */
  result(result: CallToolResult): ResultTokens | undefined {
    const known = this.results.get(result);
    if (known || this.asked.has(result)) return known;
    this.asked.add(result);
    const { texts, ...rest } = resultTexts(result);
    this.enqueue(texts, (counts) => this.results.set(result, { ...rest, tokens: counts.reduce((a, b) => a + b, 0) }));
    return undefined;
  }

  /** Starts the counter ahead of the counts (a command does while its servers connect). */
  async warm(): Promise<void> {
    await this.counter([]);
  }

  /** Counts every one of these tools, resolving once they are (commands, which then print). */
  async countTools(tools: readonly Tool[]): Promise<void> {
    const missing = tools.filter((t) => !this.tools.has(t));
    if (!missing.length) return;
    const counts = await this.counter(missing.map(definitionOf));
    missing.forEach((t, i) => this.tools.set(t, counts[i]!));
  }

  private askTools(tools: readonly Tool[]): void {
    const fresh = tools.filter((t) => !this.asked.has(t));
    if (!fresh.length) return;
    for (const t of fresh) this.asked.add(t);
    this.enqueue(fresh.map(definitionOf), (counts) => fresh.forEach((t, i) => this.tools.set(t, counts[i]!)));
  }

  /** Adds texts to the next batch, which goes to the counter once this turn of the event loop is over. */
  private enqueue(texts: string[], done: (counts: number[]) => void): void {
    if (!this.queue.length) setImmediate(() => this.flush());
    this.queue.push({ texts, done });
  }

  private flush(): void {
    const batches = this.queue;
    this.queue = [];
    this.counter(batches.flatMap((b) => b.texts)).then(
      (counts) => {
        let at = 0;
        for (const batch of batches) batch.done(counts.slice(at, (at += batch.texts.length)));
        this.store.update((landed) => landed + 1);
      },
      // Unknown counts stay unknown: the screens show none, and nothing else waits on them.
      () => undefined,
    );
  }
}

/** 1234 -> "1.2k", 999 -> "999": for narrow columns. */
export function shortCount(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 100_000) return `${(tokens / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${Math.round(tokens / 1000)}k`;
}
