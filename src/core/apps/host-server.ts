import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { appCsp } from './csp.js';
import { hostPage, sandboxPage } from './pages.js';
import type { AppSession } from './session.js';

const COOKIE = 'mcpdeck_app';
const MAX_BODY = 4 * 1024 * 1024;

/** The host page's browser code: beside the bundle's chunks, or the built bundle when run from source (tests). */
const SCRIPTS = [new URL('./app-host.js', import.meta.url), new URL('../../../dist/bundle/app-host.js', import.meta.url)];

const secret = () => randomBytes(24).toString('base64url');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
}

const refuse = (res: ServerResponse) => send(res, 403, 'text/plain; charset=utf-8', 'mcpdeck: this page needs the one-time link mcpdeck printed\n');

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error('request too large'));
      else chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

/**
 * Serves one app to the person's browser, on loopback only. The host page lives on
 * `http://127.0.0.1:<port>`; the sandbox proxy on `http://localhost:<port2>`, a second
 * origin, as SEP-1865 asks of web hosts. The URL carries a one-time token: its first
 * load trades it for an HttpOnly, SameSite=Strict cookie, and every request without that
 * cookie (or a second use of the token) gets 403. The sandbox page is reached through a
 * path only the host page knows.
 */
export class AppHost {
  private readonly token = secret();
  private readonly cookie = secret();
  private readonly sandboxPath = `/sandbox/${secret()}`;
  private tokenUsed = false;
  private readonly host = createServer((req, res) => void this.onHost(req, res).catch(() => res.destroy()));
  private readonly sandbox = createServer((req, res) => this.onSandbox(req, res));
  private hostOrigin = '';
  private sandboxOrigin = '';

  constructor(private readonly session: AppSession, private readonly version: string) {}

  /** Starts both servers; returns the one-time URL to open. */
  async start(): Promise<string> {
    this.hostOrigin = `http://127.0.0.1:${await listen(this.host)}`;
    this.sandboxOrigin = `http://localhost:${await listen(this.sandbox)}`;
    return `${this.hostOrigin}/?token=${this.token}`;
  }

  async close(): Promise<void> {
    this.session.close();
    for (const server of [this.host, this.sandbox]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  private authorized(req: IncomingMessage): boolean {
    const cookies = (req.headers.cookie ?? '').split(';').map((c) => c.trim());
    const value = cookies.find((c) => c.startsWith(`${COOKIE}=`))?.slice(COOKIE.length + 1);
    return value !== undefined && same(value, this.cookie);
  }

  private async onHost(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.hostOrigin);
    const token = url.searchParams.get('token');
    if (req.method === 'GET' && url.pathname === '/' && token !== null) {
      if (this.tokenUsed || !same(token, this.token)) return refuse(res);
      this.tokenUsed = true;
      // The token leaves the address bar (and the history) at once.
      return send(res, 303, 'text/plain', '', { location: '/', 'set-cookie': `${COOKIE}=${this.cookie}; HttpOnly; SameSite=Strict; Path=/` });
    }
    if (!this.authorized(req)) return refuse(res);
    const { view } = this.session;
    if (req.method === 'GET' && url.pathname === '/') {
      const csp = `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; frame-src ${this.sandboxOrigin}; frame-ancestors 'none'; base-uri 'none'`;
      return send(res, 200, 'text/html; charset=utf-8', hostPage(`${view.server} · ${view.tool.name}`, `${this.sandboxOrigin}${this.sandboxPath}`), { 'content-security-policy': csp });
    }
    if (req.method === 'GET' && url.pathname === '/app-host.js') return send(res, 200, 'text/javascript; charset=utf-8', await hostScript());
    if (req.method === 'GET' && url.pathname === '/view') {
      const { html, csp, permissions, tool, args, result, server } = view;
      return send(res, 200, 'application/json', JSON.stringify({ html, csp, permissions, tool, args, result, server, version: this.version }));
    }
    // A POST from any other origin is refused even with the cookie (SameSite=Strict already keeps it from cross-site requests).
    if (req.method === 'POST' && url.pathname === '/rpc' && req.headers.origin === this.hostOrigin) return this.rpc(req, res);
    return refuse(res);
  }

  private async rpc(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let message: { method?: unknown; params?: unknown; notice?: unknown };
    try {
      message = JSON.parse(await body(req)) as typeof message;
    } catch {
      return send(res, 400, 'application/json', JSON.stringify({ error: 'not JSON' }));
    }
    const method = typeof message.method === 'string' ? message.method : '';
    const params = message.params && typeof message.params === 'object' ? (message.params as Record<string, unknown>) : {};
    if (message.notice) {
      this.session.notice(method, JSON.stringify(params).slice(0, 200));
      return send(res, 200, 'application/json', '{}');
    }
    try {
      send(res, 200, 'application/json', JSON.stringify({ result: await this.session.handle(method, params) }));
    } catch (error) {
      send(res, 200, 'application/json', JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    }
  }

  private onSandbox(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' || req.url !== this.sandboxPath) return refuse(res);
    send(res, 200, 'text/html; charset=utf-8', sandboxPage(), { 'content-security-policy': appCsp(this.session.view.csp, this.hostOrigin) });
  }
}

let script: Promise<Buffer> | undefined;
function hostScript(): Promise<Buffer> {
  return (script ??= (async () => {
    for (const url of SCRIPTS) {
      try {
        return await readFile(fileURLToPath(url));
      } catch {
        // the next place
      }
    }
    script = undefined;
    throw new Error('app-host.js is missing: run `npm run build`');
  })());
}
