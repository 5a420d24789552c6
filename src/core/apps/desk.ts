import type { CallToolResult, ReadResourceResult } from '../mcp/types.js';
import type { ToolInfo } from '../servers/tools.js';
import { createStore } from '../store.js';
import { readCsp } from './csp.js';
import type { AppHost } from './host-server.js';
import { AppQuestions } from './questions.js';
import { AppSession, type AppDoors } from './session.js';
import { APP_MIME_TYPE, appResourceUri } from './ui-resource.js';

/** An app open in the browser: its session (view, log) and the one-time URL it was served at. */
export interface OpenApp {
  session: AppSession;
  url: string;
}

type DeskDoors = Omit<AppDoors, 'questions'> & { version: string };

/** The app's HTML out of its `ui://` resource, with the resource's own `_meta.ui` (CSP, permissions). */
function htmlOf(uri: string, read: ReadResourceResult): { html: string; ui: Record<string, unknown> } {
  const content = read.contents.find((c) => c.uri === uri && (c.mimeType === APP_MIME_TYPE || c.mimeType?.startsWith('text/html'))) ?? read.contents[0];
  if (!content) throw new Error(`${uri} has no contents`);
  const html = 'text' in content && typeof content.text === 'string' ? content.text : 'blob' in content && typeof content.blob === 'string' ? Buffer.from(content.blob, 'base64').toString('utf8') : undefined;
  if (html === undefined) throw new Error(`${uri} holds no HTML`);
  const ui = (content._meta as Record<string, unknown> | undefined)?.ui;
  return { html, ui: ui && typeof ui === 'object' ? (ui as Record<string, unknown>) : {} };
}

/**
 * MCP Apps (SEP-1865): opens a tool's app in the person's browser through a host page
 * mcpdeck serves on loopback (`host-server.ts`), and keeps what the open apps ask the
 * person (`questions`) and which apps are open (a store, for the deck's app log).
 */
export class AppsDesk {
  readonly questions = new AppQuestions();
  private readonly openStore = createStore<readonly OpenApp[]>([]);
  readonly subscribe = this.openStore.subscribe;
  readonly getSnapshot = this.openStore.getSnapshot;
  private readonly hosts = new Map<number, AppHost>();
  private next = 1;

  constructor(private readonly doors: DeskDoors) {}

  /**
   * Serves `tool`'s app with the call that opened it (`result`, else the tool is called
   * now through the Deck). Returns the one-time URL; nothing opens a browser here.
   */
  async open(server: string, tool: ToolInfo, args: Record<string, unknown>, result?: CallToolResult): Promise<OpenApp> {
    const uri = appResourceUri(tool);
    if (!uri) throw new Error(`${tool.name} has no app (no _meta.ui.resourceUri)`);
    const { html, ui } = htmlOf(uri, await this.doors.readResource(server, uri));
    const outcome = result ?? (await this.doors.callTool(server, tool.name, args)).result;
    const permissions = ui.permissions && typeof ui.permissions === 'object' ? (ui.permissions as Record<string, unknown>) : undefined;
    const session = new AppSession({ id: this.next++, server, tool, args, result: outcome, html, csp: readCsp(ui.csp), permissions }, { ...this.doors, questions: this.questions });
    // The HTTP server loads when an app opens, not with the deck.
    const { AppHost } = await import('./host-server.js');
    const host = new AppHost(session, this.doors.version);
    const url = await host.start();
    this.hosts.set(session.id, host);
    const app = { session, url };
    this.openStore.update((apps) => [...apps, app]);
    return app;
  }

  /** Stops serving one app (its open questions are withdrawn). */
  async close(id: number): Promise<void> {
    const host = this.hosts.get(id);
    this.hosts.delete(id);
    this.openStore.update((apps) => apps.filter((a) => a.session.id !== id));
    await host?.close();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.hosts.keys()].map((id) => this.close(id)));
  }
}
