import { createServer, type Server } from 'node:http';
import { callbackPage } from './callback-page.js';

/** What the browser brought back to the loopback listener. */
export type CallbackResult = { code: string } | { error: string; description?: string };

interface Expected {
  onResult: (result: CallbackResult) => void;
  /** A callback arrived whose state no attempt on this listener issued. */
  onMismatch: () => void;
}

export const CALLBACK_PATH = '/callback';

/**
 * The loopback listener the authorization server redirects to: 127.0.0.1 only, one
 * per port, shared by every sign-in waiting on it; callbacks are routed by `state`.
 */
export class CallbackListener {
  private readonly expected = new Map<string, Expected>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  get redirectUri(): string {
    return `http://127.0.0.1:${this.port}${CALLBACK_PATH}`;
  }

  static open(port: number): Promise<CallbackListener> {
    return new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', (error: NodeJS.ErrnoException) => {
        const why = error.code === 'EADDRINUSE' ? `port ${port} is already in use` : error.message;
        reject(new Error(`cannot listen for the sign-in callback on 127.0.0.1:${port}: ${why}`));
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        const listener = new CallbackListener(server, typeof address === 'object' && address ? address.port : port);
        server.on('request', (req, res) => {
          const url = new URL(req.url ?? '/', listener.redirectUri);
          const page = listener.handle(url);
          res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          // The sign-in hears of it once the page is sent: it may close this listener next.
          res.end(page.html, () => page.after?.());
        });
        resolve(listener);
      });
    });
  }

  /** Waits for the callback with this state; returns the function that stops waiting. */
  expect(state: string, expected: Expected): () => void {
    this.expected.set(state, expected);
    return () => this.expected.delete(state);
  }

  get waiting(): number {
    return this.expected.size;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private handle(url: URL): { status: number; html: string; after?: () => void } {
    if (url.pathname !== CALLBACK_PATH) return { status: 404, html: callbackPage('failed', 'This is mcpdeck’s sign-in listener; nothing is here.') };
    const state = url.searchParams.get('state') ?? '';
    const expected = this.expected.get(state);
    if (!expected) {
      const waiting = [...this.expected.values()];
      return { after: () => waiting.forEach((w) => w.onMismatch()), status: 400, html: callbackPage('failed', 'This sign-in was not started by mcpdeck (its state does not match), so it was refused. Start the sign-in again from the terminal.') };
    }
    this.expected.delete(state);
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error || !code) {
      const description = url.searchParams.get('error_description') ?? undefined;
      return { after: () => expected.onResult({ error: error ?? 'no code in the callback', description }), status: 400, html: callbackPage('failed', `The sign-in did not complete: ${error ?? 'no code'}${description ? ` — ${description}` : ''}. You can close this tab.`) };
    }
    return { after: () => expected.onResult({ code }), status: 200, html: callbackPage('ok', 'Signed in. You can close this tab and return to the terminal.') };
  }
}
