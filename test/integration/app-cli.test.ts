import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';

const BOARD = fileURLToPath(new URL('../fixtures/servers/app-server.mjs', import.meta.url));

describe('mcpdeck app', () => {
  it('prints a one-time link and opens nothing; off a terminal, a destructive call of the app is refused; Ctrl-C stops it', async () => {
    const where = sandbox();
    const config = join(where.cwd, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { board: { command: process.execPath, args: [BOARD] } } }));
    let page: Promise<Record<string, unknown>> | undefined;
    const result = await runCli(['--config', config, 'app', 'board', 'show_board', 'label=x'], where, (child, output) => {
      page = (async () => {
        const end = Date.now() + 30_000;
        while (!/\?token=/.test(output.stdout)) {
          if (Date.now() > end) throw new Error(`no link: ${output.stdout} ${output.stderr}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        const url = output.stdout.trim();
        const origin = new URL(url).origin;
        const first = await fetch(url, { redirect: 'manual' });
        await first.text();
        const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
        const again = (await fetch(url, { redirect: 'manual' })).status;
        const rpc = (params: object) => fetch(`${origin}/rpc`, { method: 'POST', headers: { cookie, origin }, body: JSON.stringify({ method: 'tools/call', params }) }).then((r) => r.json());
        const view = await (await fetch(`${origin}/view`, { headers: { cookie } })).json();
        const count = await rpc({ name: 'get_count', arguments: { step: 3 } });
        const wipe = await rpc({ name: 'wipe_board', arguments: {} });
        const declared = await rpc({ name: 'client_ui', arguments: {} });
        child.kill('SIGINT');
        return { url, again, view, count, wipe, declared };
      })();
    });
    const seen = await page!;
    expect(result.code, result.stderr).toBe(0);
    expect(seen.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/);
    expect(seen.again).toBe(403);
    expect(seen.view).toMatchObject({ server: 'board', args: { label: 'x' }, result: { content: [{ text: 'board x' }] } });
    expect(seen.count).toMatchObject({ result: { content: [{ text: 'count 3' }] } });
    // The client declared the extension (the server reads it with ext-apps' getUiCapability).
    expect(seen.declared).toMatchObject({ result: { content: [{ text: '{"mimeTypes":["text/html;profile=mcp-app"]}' }] } });
    expect(seen.wipe).toEqual({ error: 'the person declined the call' });
    expect(result.stderr).toContain("board's app asks to call wipe_board {} (declared destructive): refused (no terminal to ask on)");
    expect(result.stderr).toMatch(/app: done\s+tools\/call get_count/);
  }, 60_000);
});
