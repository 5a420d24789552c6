import { createStore, type Store } from '../store.js';
import type { ServerState } from '../servers/state.js';
import type { Tool } from '../mcp/types.js';
import { cutJson } from '../../util/json.js';

/** The tokenizer's encoding: GPT-4o's and later OpenAI models'; other models' tokenizers differ by some percent. */
export const ENCODING = 'o200k_base';

/** A server with more tools than this gets no sum in the deck: counting 100,000 tools would hold up every redraw. */
const SUM_LIMIT = 5_000;

/** Text past this many characters is not counted: the count says "more than" instead (a 50 MB result would take seconds). */
export const COUNT_LIMIT = 1_000_000;

export type CountTokens = (text: string) => number;

/** A count, and whether text past COUNT_LIMIT was left out of it. */
export interface TokenCount {
  tokens: number;
  cut?: boolean;
}

let loading: Promise<CountTokens> | undefined;

/**
 * The tokenizer, loaded on first use (its 2.4 MB of ranks is a chunk of its own, so
 * starting mcpdeck never pays for it). Special-token text such as `<|endoftext|>` from a
 * server counts as plain text instead of throwing.
 */
export function loadTokenizer(): Promise<CountTokens> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then(({ countTokens }) => {
    const plain = { disallowedSpecial: new Set<string>() };
    return (text: string) => countTokens(text, plain);
  });
  return loading;
}

/**
 * What a tool costs in a model's context: its name, description and input schema as
 * compact JSON, which is how agents pass a tool on to the model (as a function with
 * `parameters`). Title, annotations and output schema stay with the client.
 */
export function toolDefinitionText(tool: Pick<Tool, 'name' | 'description' | 'inputSchema'>): string {
  // A schema too deep for JSON.stringify (a hostile one) is counted as written cut.
  return cutJson({ name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema ?? {} });
}

export function countText(count: CountTokens, text: string): TokenCount {
  return text.length > COUNT_LIMIT ? { tokens: count(text.slice(0, COUNT_LIMIT)), cut: true } : { tokens: count(text) };
}

/**
 * Token counts for the deck: a store that says whether the tokenizer is loaded (the UI
 * shows counts once it is), and counts kept per tool and per tool list, so a redraw
 * costs nothing.
 */
export class TokenMeter implements Store<CountTokens | undefined> {
  private readonly store = createStore<CountTokens | undefined>(undefined);
  readonly subscribe = this.store.subscribe;
  readonly getSnapshot = this.store.getSnapshot;
  private readonly tools = new WeakMap<object, number>();
  private readonly lists = new WeakMap<readonly object[], number>();

  /** Loads the tokenizer (once); the store changes when it is there. */
  load(): Promise<CountTokens> {
    return loadTokenizer().then((count) => {
      this.store.update(() => count);
      return count;
    });
  }

  /** A tool's definition tokens, or undefined before the tokenizer is loaded. */
  tool(tool: Tool): number | undefined {
    const count = this.getSnapshot();
    if (!count) return undefined;
    let tokens = this.tools.get(tool);
    if (tokens === undefined) this.tools.set(tool, (tokens = countText(count, toolDefinitionText(tool)).tokens));
    return tokens;
  }

  /**
   * The sum over a server's tools (those the tools filter shows); undefined before the
   * tokenizer is loaded, and past SUM_LIMIT tools unless `all` (a command, which draws once).
   */
  server(state: Pick<ServerState, 'tools'>, { all = false } = {}): number | undefined {
    if (!this.getSnapshot() || (!all && state.tools.length > SUM_LIMIT)) return undefined;
    let sum = this.lists.get(state.tools);
    if (sum === undefined) this.lists.set(state.tools, (sum = state.tools.reduce((total, t) => total + this.tool(t)!, 0)));
    return sum;
  }

  /** Any text (a result's), or undefined before the tokenizer is loaded. */
  text(text: string): TokenCount | undefined {
    const count = this.getSnapshot();
    return count && countText(count, text);
  }
}

/** 1234 -> "1.2k", 999 -> "999": for narrow columns. */
export function shortCount(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 100_000) return `${(tokens / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${Math.round(tokens / 1000)}k`;
}
