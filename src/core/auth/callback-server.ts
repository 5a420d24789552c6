import { createServer, type Server } from 'node:http';
import { callbackPage } from './callback-page.js';
import { bindAddresses } from './callback-port.js';

/** What the browser brought back to the loopback listener (`iss`: RFC 9207, checked by the SDK before the code is used). */
/** `bare`: a code pasted on its own, without the redirect it came in (and so without its `iss`). */
export type CallbackResult = { code: string; iss?: string; bare?: boolean } | { error: string; description?: string };

/** Where the listener binds and what the authorization server is told to redirect to. */
export interface CallbackAddress {
  /** As written in the redirect URI: 127.0.0.1, localhost or [::1]. */
  host: string;
  /** 0: any free port. */
  port: number;
  path: string;
  /** `oauth.redirectUri` exactly as written, when one is configured. */
  redirectUri?: string;
}

interface Expected {
  path: string;
  onResult: (result: CallbackResult) => void;
  /** A request arrived on this listener that no waiting sign-in issued (wrong or no state): ignored. */
  onIgnored: () => void;
}

function listen(server: Server, port: number, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      const bound = server.address();
      resolve(typeof bound === 'object' && bound ? bound.port : port);
    });
  });
}

/**
 * The loopback listener the authorization server redirects to: on the loopback host of
 * the redirect URI only, one per host and port, shared by every sign-in waiting on it;
 * callbacks are routed by `state`. A request with a state no sign-in issued is ignored
 * (any web page can send one): the sign-ins keep waiting for the real redirect.
 */
export class CallbackListener {
  private readonly expected = new Map<string, Expected>();

  private constructor(
    private readonly servers: Server[],
    readonly host: string,
    readonly port: number,
  ) {}

  /** The redirect URI for this listener: the configured one as written, else host, port and path. */
  redirectUriFor(address: CallbackAddress): string {
    return address.redirectUri ?? `http://${this.host}:${this.port}${address.path}`;
  }

  static async open(host: string, port: number): Promise<CallbackListener> {
    const servers: Server[] = [];
    let bound = port;
    try {
      for (const { address, optional } of bindAddresses(host)) {
        const server = createServer();
        try {
          bound = await listen(server, bound, address);
          servers.push(server);
        } catch (error) {
          if (!optional) throw error;
        }
      }
    } catch (error) {
      servers.forEach((s) => s.close());
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'EADDRINUSE' ? `port ${port} is already in use` : (error as Error).message;
      throw new Error(`cannot listen for the sign-in callback on ${host}:${port}: ${why}`);
    }
    const listener = new CallbackListener(servers, host, bound);
    for (const server of servers) {
      server.on('request', (req, res) => {
        const page = listener.handle(new URL(req.url ?? '/', `http://${host}:${bound}`));
        res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        // The sign-in hears of it once the page is sent: it may close this listener next.
        res.end(page.html, () => page.after?.());
      });
    }
    return listener;
  }

  /** Waits for the callback with this state on this path; returns the function that stops waiting. */
  expect(state: string, expected: Expected): () => void {
    this.expected.set(state, expected);
    return () => this.expected.delete(state);
  }

  get waiting(): number {
    return this.expected.size;
  }

  close(): Promise<void> {
    return Promise.all(this.servers.map((server) => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }))).then(() => undefined);
  }

  private handle(url: URL): { status: number; html: string; after?: () => void } {
    const onPath = [...this.expected.values()].filter((e) => e.path === url.pathname);
    if (!onPath.length) return { status: 404, html: callbackPage('failed', 'This is mcpdeck’s sign-in listener; nothing is here.') };
    const state = url.searchParams.get('state') ?? '';
    const expected = this.expected.get(state);
    if (!expected || expected.path !== url.pathname) {
      return {
        after: () => onPath.forEach((w) => w.onIgnored()),
        status: 400,
        html: callbackPage('failed', 'This request was not sent by the sign-in mcpdeck started (its state does not match), so it was ignored. If you are signing in, finish in the tab mcpdeck opened; mcpdeck is still waiting for it.'),
      };
    }
    this.expected.delete(state);
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error || !code) {
      const description = url.searchParams.get('error_description') ?? undefined;
      return { after: () => expected.onResult({ error: error ?? 'no code in the callback', description }), status: 400, html: callbackPage('failed', `The sign-in did not complete: ${error ?? 'no code'}${description ? ` — ${description}` : ''}. You can close this tab.`) };
    }
    const iss = url.searchParams.get('iss') ?? undefined;
    return { after: () => expected.onResult({ code, iss }), status: 200, html: callbackPage('ok', 'mcpdeck has the answer of the sign-in page. You can close this tab and return to the terminal, which shows how the sign-in ends.') };
  }
}
