import type { CallToolResult, ReadResourceResult } from '../mcp/types.js';
import type { CallOutcome } from '../mcp/call.js';
import { mayDestroy, type ToolInfo } from '../servers/tools.js';
import { createStore } from '../store.js';
import type { AppCsp } from './csp.js';
import type { AppLogEntry } from './log.js';
import type { AppQuestions } from './questions.js';

/** What an app session reaches through the Deck: the same doors a person's actions go through. */
export interface AppDoors {
  tools: (server: string) => readonly ToolInfo[];
  callTool: (server: string, tool: string, args: Record<string, unknown>) => Promise<CallOutcome>;
  readResource: (server: string, uri: string) => Promise<ReadResourceResult>;
  openLink: (url: string) => Promise<void>;
  questions: AppQuestions;
  now: () => number;
}

export interface AppView {
  id: number;
  server: string;
  tool: ToolInfo;
  args: Record<string, unknown>;
  result?: CallToolResult;
  html: string;
  csp: AppCsp;
  permissions?: Record<string, unknown>;
}

/** A request the app's page may not make, with the reason the app is told. */
class Refused extends Error {}

const MAX_LOG = 200;

/**
 * One app opened in the browser: its view (HTML, CSP, the call that opened it) and its
 * requests, each handled as the person's own would be: tools of its own server through
 * the Deck (so they show in the deck's log), one that may destroy asked first, a link
 * opened only when the person says so. Every request is logged (`log`, a store).
 */
export class AppSession {
  private readonly logStore = createStore<readonly AppLogEntry[]>([]);
  readonly log = { subscribe: this.logStore.subscribe, getSnapshot: this.logStore.getSnapshot };
  private readonly closing = new AbortController();
  private nextEntry = 1;

  constructor(readonly view: AppView, private readonly doors: AppDoors) {}

  get id(): number {
    return this.view.id;
  }

  /** Withdraws the app's open questions. */
  close(): void {
    this.closing.abort();
  }

  /** A notification the page passes on (size, log messages): logged only. */
  notice(method: string, detail: string): void {
    this.add({ method, detail, status: 'notice' });
  }

  /** One request from the app, as the host page's bridge received it. */
  async handle(method: string, params: Record<string, unknown>): Promise<unknown> {
    const detail = describe(method, params);
    const entry = this.add({ method, detail, status: 'waiting' });
    try {
      const result = await this.dispatch(method, params, entry);
      // A link the person would not open is an answer to the app, not an error: logged as refused.
      const declined = method === 'ui/open-link' && (result as { isError?: boolean }).isError === true;
      this.set(entry, declined ? { status: 'refused', reason: 'the person declined the link' } : { status: 'done' });
      return result;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.set(entry, { status: error instanceof Refused ? 'refused' : 'failed', reason });
      throw error;
    }
  }

  private async dispatch(method: string, params: Record<string, unknown>, entry: number): Promise<unknown> {
    const { server } = this.view;
    switch (method) {
      case 'tools/call': {
        const name = String(params.name ?? '');
        const args = params.arguments && typeof params.arguments === 'object' ? (params.arguments as Record<string, unknown>) : {};
        // An app reaches its own server's tools only, and only those the deck lists.
        const tool = this.doors.tools(server).find((t) => t.name === name);
        if (!tool) throw new Refused(`${server} has no tool named "${name}"`);
        if (mayDestroy(tool)) {
          this.set(entry, { status: 'asking' });
          const destructive = tool.annotations?.destructiveHint === true;
          if (!(await this.doors.questions.ask({ session: this.id, kind: 'call', server, tool: name, args, destructive }, this.closing.signal))) throw new Refused('the person declined the call');
          this.set(entry, { status: 'waiting' });
        }
        return (await this.doors.callTool(server, name, args)).result;
      }
      case 'resources/read':
        return this.doors.readResource(server, String(params.uri ?? ''));
      case 'ui/open-link': {
        const url = String(params.url ?? '');
        if (!/^https?:\/\//i.test(url)) throw new Refused('only http(s) links open');
        this.set(entry, { status: 'asking' });
        if (!(await this.doors.questions.ask({ session: this.id, kind: 'link', server, url }, this.closing.signal))) return { isError: true };
        await this.doors.openLink(url);
        return {};
      }
      // mcpdeck has no conversation or model: a message and model context are logged for the person, and taken.
      case 'ui/message':
      case 'ui/update-model-context':
        return {};
      default:
        throw new Refused(`mcpdeck does not answer ${method} from an app`);
    }
  }

  private add(entry: Omit<AppLogEntry, 'id' | 'at'>): number {
    const id = this.nextEntry++;
    this.logStore.update((log) => [...log.slice(-(MAX_LOG - 1)), { ...entry, id, at: this.doors.now() }]);
    return id;
  }

  private set(id: number, change: Partial<AppLogEntry>): void {
    this.logStore.update((log) => log.map((e) => (e.id === id ? { ...e, ...change } : e)));
  }
}

/** A short line for the log: the tool and its arguments, the link, the message's text. */
function describe(method: string, params: Record<string, unknown>): string {
  const json = (value: unknown) => {
    const text = JSON.stringify(value ?? {}) ?? '';
    return text.length > 200 ? `${text.slice(0, 199)}…` : text;
  };
  switch (method) {
    case 'tools/call':
      return `${String(params.name)} ${json(params.arguments)}`;
    case 'resources/read':
      return String(params.uri);
    case 'ui/open-link':
      return String(params.url);
    default:
      return json(params);
  }
}
