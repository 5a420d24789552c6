/** What a field's suggestions are asked for: the field, its text now, and the other fields' values. */
export interface SuggestQuery {
  field: string;
  value: string;
  context: Record<string, string>;
}

/**
 * Asks for the values a field could take (completion/complete for a prompt argument or a
 * template variable). Rejects or resolves to nothing when there is nothing to suggest.
 */
export type Suggest = (query: SuggestQuery, signal: AbortSignal) => Promise<{ values: readonly string[]; total?: number; hasMore?: boolean }>;

/** Suggestions shown for one field and value. */
export interface Suggestions {
  field: string;
  value: string;
  values: string[];
  /** How many more the server has than are shown. */
  more: number;
  /** The one tab takes (↑↓ choose it); 0 when not said. */
  chosen?: number;
}

export const SUGGEST_DELAY_MS = 150;
const SHOWN_SUGGESTIONS = 5;
// A value longer than a field could hold on screen is no suggestion anyone wants; nor is a megabyte.
const LONGEST = 1_000;

/**
 * Suggestions as the person types: asked `delay` ms after the last change, each answer
 * shown only while it is still for the field and value asked about (a slower, older
 * answer is dropped), errors shown as nothing. The one asked before is cancelled.
 */
export class SuggestionFeed {
  private asked?: SuggestQuery;
  private timer?: ReturnType<typeof setTimeout>;
  private abort?: AbortController;
  private shown?: Suggestions;

  constructor(private readonly suggest: Suggest, private readonly onChange: (shown: Suggestions | undefined) => void, private readonly delay = SUGGEST_DELAY_MS) {}

  /** The field and its text now; undefined when the focus is on no field that can be completed. */
  ask(query: SuggestQuery | undefined): void {
    if (query && this.asked && query.field === this.asked.field && query.value === this.asked.value) return;
    this.stop();
    this.asked = query;
    this.show(undefined);
    if (!query) return;
    this.timer = setTimeout(() => this.send(query), this.delay);
  }

  /** The suggestions for the field and value now, if any are shown. */
  current(): Suggestions | undefined {
    return this.shown;
  }

  dispose(): void {
    this.stop();
    this.asked = undefined;
  }

  private send(query: SuggestQuery): void {
    this.timer = undefined;
    const abort = new AbortController();
    this.abort = abort;
    let answer;
    try {
      answer = this.suggest(query, abort.signal);
    } catch {
      return;
    }
    answer.then((result) => {
      if (abort.signal.aborted || this.asked !== query) return;
      const values = usable(result?.values, query.value);
      const total = typeof result?.total === 'number' ? result.total : values.length;
      const more = Math.max(0, total - Math.min(values.length, SHOWN_SUGGESTIONS)) || (result?.hasMore ? 1 : 0);
      this.show(values.length ? { field: query.field, value: query.value, values: values.slice(0, SHOWN_SUGGESTIONS), more } : undefined);
    }, () => undefined);
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.abort?.abort();
    this.abort = undefined;
  }

  private show(next: Suggestions | undefined): void {
    if (!next && !this.shown) return;
    this.shown = next;
    this.onChange(next);
  }
}

/** Strings only, each once, none that is the value already typed, none absurdly long. */
function usable(values: unknown, typed: string): string[] {
  if (!Array.isArray(values)) return [];
  const seen = new Set<string>();
  for (const v of values) {
    if (typeof v !== 'string' || v === typed || v === '' || v.length > LONGEST) continue;
    seen.add(v);
  }
  return [...seen];
}
