import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { everythingStdio } from '../helpers/servers.js';

/** Configuration that people write and other clients accept: each was refused or misread before. */
describe('configuration as people write it', () => {
  const everything = everythingStdio();

  it('reads a file that starts with a byte-order mark', async () => {
    const box = sandbox();
    const file = join(box.cwd, 'bom.json');
    writeFileSync(file, `\uFEFF${JSON.stringify({ mcpServers: { everything } })}`);
    const status = await runCli(['status', '--json', '--strict', '-c', file], box);
    expect(status.stderr).toBe('');
    expect(JSON.parse(status.stdout)).toMatchObject([{ name: 'everything', status: 'connected' }]);
  });

  it('takes a timeout of 0 as no timeout', async () => {
    const box = sandbox();
    const file = join(box.cwd, 'servers.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { everything: { ...everything, requestTimeout: 0, timeout: 0 } } }));
    const call = await runCli(['call', 'everything', 'echo', 'message=hi', '--strict', '-c', file], box);
    expect(call.stderr).not.toContain('requestTimeout');
    expect(call.stdout).toContain('hi');
    expect(call.code).toBe(0);
  });

  it('lists a disabled server whose variable is unset as disabled, and exits 0', async () => {
    const box = sandbox();
    const file = join(box.cwd, 'servers.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { everything, later: { command: 'x', env: { K: '${MCPDECK_TEST_UNSET_VARIABLE}' }, disabled: true } } }));
    const status = await runCli(['status', '--strict', '-c', file], box);
    expect(status.stdout).toMatch(/later\s+⊘ disabled/);
    expect(status.stderr).not.toContain('MCPDECK_TEST_UNSET_VARIABLE');
    expect(status.code).toBe(0);
  });

  it('keeps every server --only names, in-process ones included, and the demo that --demo asks for', async () => {
    const box = sandbox();
    const module = join(box.cwd, 'mine.mjs');
    writeFileSync(module, `import { McpServer } from ${JSON.stringify(import.meta.resolve('@modelcontextprotocol/sdk/server/mcp.js'))};
export const server = new McpServer({ name: 'mine', version: '1.0.0' });
server.registerTool('hi', { description: 'says hi' }, async () => ({ content: [{ type: 'text', text: 'hi' }] }));`);
    const file = join(box.cwd, 'servers.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { mine: { type: 'inprocess', module: './mine.mjs', export: 'server' }, everything } }));
    const status = await runCli(['status', '--json', '--strict', '-c', file, '--demo', '--only', 'mine'], box);
    expect(status.stderr).toBe('');
    const rows = JSON.parse(status.stdout) as { name: string; status: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.name, r.status]))).toEqual({ mine: 'connected', everything: 'disabled', demo: 'connected' });
  });

  it('takes server options before the command, as git does', async () => {
    const box = sandbox();
    const file = join(box.cwd, 'servers.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { everything } }));
    const status = await runCli(['--config', file, '--strict', 'status', '--json'], box);
    expect(status.stderr).toBe('');
    expect(JSON.parse(status.stdout)).toMatchObject([{ name: 'everything', status: 'connected' }]);
  });
});
