import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';

/**
 * A sign-in reads from servers nobody vetted: metadata, registration and tokens. An
 * endless answer (a 2 GiB token response) must stop at the cap with a clear reason and
 * leave mcpdeck's memory as it was, not buffer gigabytes.
 */

const GIB = 2 ** 30;
const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))));

/** A protected MCP server and its authorization server on one port; `endless` names the answer that never ends. */
async function hostile(endless: 'token' | 'resource-metadata' | 'as-metadata') {
  let sent = 0;
  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const flood = () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"access_token":"');
      const chunk = Buffer.alloc(2 ** 20, 'a');
      const more = () => {
        while (sent < 2 * GIB && res.write(chunk)) sent += chunk.length;
        if (sent < 2 * GIB) res.once('drain', more);
        else res.end('"}');
      };
      res.on('close', () => res.removeAllListeners('drain'));
      more();
    };
    const path = req.url ?? '';
    if (path.startsWith('/.well-known/oauth-protected-resource')) return endless === 'resource-metadata' ? flood() : json({ resource: `${base}/mcp`, authorization_servers: [base] });
    if (path.startsWith('/.well-known/oauth-authorization-server')) {
      return endless === 'as-metadata' ? flood() : json({ issuer: base, token_endpoint: `${base}/token`, authorization_endpoint: `${base}/authorize`, response_types_supported: ['code'], grant_types_supported: ['client_credentials'], token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'] });
    }
    if (path === '/token') return flood();
    res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` }).end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
  return { url, sent: () => sent };
}

/** Runs the CLI, sampling its resident memory from /proc while it runs. */
async function runMeasured(args: string[], box: ReturnType<typeof sandbox>) {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  const result = await runCli(args, box, (child) => {
    timer = setInterval(() => {
      try {
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (rss) peak = Math.max(peak, Number(rss[1]) * 1024);
      } catch {
        // Gone between two samples.
      }
    }, 20);
  });
  clearInterval(timer);
  return { ...result, peakMiB: peak / 2 ** 20 };
}

describe('every read of a sign-in is bounded', () => {
  for (const endless of ['token', 'resource-metadata', 'as-metadata'] as const) {
    it(`a ${endless} answer that never ends stops at 1 MiB with the reason, in little memory`, async () => {
      const { url, sent } = await hostile(endless);
      const box = sandbox();
      const config = join(box.cwd, 'servers.json');
      // A machine sign-in (client credentials): the token request needs no browser.
      writeFileSync(config, JSON.stringify({ mcpServers: { remote: { type: 'http', url, oauth: { grant: 'client_credentials', clientId: 'deck', clientSecret: 's3cret' } } } }));
      const result = await runMeasured(['status', '--json', '-c', config, '--strict'], box);
      const [remote] = JSON.parse(result.stdout) as { status: string; error: string }[];
      expect(remote!.status, result.stderr).not.toBe('connected');
      expect(remote!.error).toMatch(/is over 1 MiB; mcpdeck stops reading there/);
      // The server got to send little of its 2 GiB before mcpdeck hung up.
      expect(sent()).toBeLessThan(64 * 2 ** 20);
      expect(result.peakMiB).toBeLessThan(200);
    });
  }
});
