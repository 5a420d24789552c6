import { createStore, type Store } from '../store.js';

/**
 * What an app asks that only the person may allow: a call to a tool that may destroy,
 * a link to open. Pending objects with `respond()`; the deck shows the first, the CLI
 * asks on its terminal. Answered once: a second answer is ignored.
 */
export type AppQuestion =
  | { id: number; session: number; kind: 'call'; server: string; tool: string; args: Record<string, unknown>; destructive: boolean }
  | { id: number; session: number; kind: 'link'; server: string; url: string };

type Asked = AppQuestion extends infer Q ? (Q extends AppQuestion ? Omit<Q, 'id'> : never) : never;

export class AppQuestions implements Store<readonly AppQuestion[]> {
  private readonly store = createStore<readonly AppQuestion[]>([]);
  private readonly answers = new Map<number, (yes: boolean) => void>();
  private next = 1;
  readonly subscribe = this.store.subscribe;
  readonly getSnapshot = this.store.getSnapshot;

  /** Resolves with the person's answer; `signal` withdraws the question (the app closed). */
  ask(question: Asked, signal?: AbortSignal): Promise<boolean> {
    const id = this.next++;
    return new Promise<boolean>((resolve) => {
      this.answers.set(id, resolve);
      this.store.update((list) => [...list, { ...question, id } as AppQuestion]);
      signal?.addEventListener('abort', () => this.respond(id, false), { once: true });
    });
  }

  respond(id: number, yes: boolean): void {
    const answer = this.answers.get(id);
    if (!answer) return;
    this.answers.delete(id);
    this.store.update((list) => list.filter((q) => q.id !== id));
    answer(yes);
  }
}
