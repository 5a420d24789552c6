// What a new user met in the CLI, each said the way that tells them what to do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';

const HEALTHY = fileURLToPath(new URL('../fixtures/servers/healthy.mjs', import.meta.url));

describe('the CLI for a new user', () => {
  it('`call demo` once a server is added: the demo now takes --demo, and the error says so', async () => {
    const box = sandbox();
    expect((await runCli(['add', 'plain', '--', process.execPath, HEALTHY], box)).code).toBe(0);
    const r = await runCli(['call', 'demo', 'echo', 'message=hi'], box);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no server named "demo"; configured: plain; the built-in demo is used only while no server is configured: add --demo to use it now');
    const other = await runCli(['call', 'nemo', 'echo'], box);
    expect(other.stderr).not.toContain('--demo');
    const fixed = await runCli(['call', 'demo', 'echo', 'message=hi', '--demo'], box);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stdout).toContain('hi');
  });

  it('add: a whole command line given as one word is split as the deck’s form splits it, and said so', async () => {
    const box = sandbox();
    const r = await runCli(['add', 'whole', '--', `${process.execPath} "${HEALTHY}"`], box);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`split the command line as a shell would: command ${process.execPath}, arguments ${JSON.stringify(HEALTHY)}`);
    expect(JSON.parse(readFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json'), 'utf8')).mcpServers.whole).toEqual({ command: process.execPath, args: [HEALTHY] });
  });

  it('add: a header for a stdio server, or env for a remote one, is refused, not dropped', async () => {
    const box = sandbox();
    const header = await runCli(['add', 'secret', '--header', 'X: y', '--', process.execPath, HEALTHY], box);
    expect(header.code).toBe(2);
    expect(header.stderr).toContain('--header is for a remote server (HTTP or SSE); a stdio server takes --env');
    const env = await runCli(['add', 'remote', 'https://example.invalid/mcp', '--env', 'A=b'], box);
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('--env is for a stdio server');
    expect((await runCli(['get', 'secret'], box)).code).toBe(2);
  });

  it('log-level: a wrong level names the valid ones; a server without logging is said once, plainly', async () => {
    const wrong = await runCli(['log-level', 'demo', 'loud'], sandbox());
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('mcpdeck: "loud" is not a log level; the valid levels are debug, info, notice, warning, error, critical, alert, emergency\n');
    const none = await runCli(['log-level', 'debug', '--', process.execPath, HEALTHY], sandbox());
    expect(none.code).toBe(5);
    expect(none.stderr).toBe('mcpdeck: adhoc does not offer logging: it declares no "logging" capability\n');
    const demo = await runCli(['log-level', 'demo', 'debug'], sandbox());
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stdout).toBe('demo logs at debug and above for this session (logging/setLevel)\n');
  });

  it('a command given by a path that does not exist is said not to exist (not "not found on PATH")', async () => {
    const r = await runCli(['tools', '--', '/nonexistent/mcpdeck/server'], sandbox());
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the file does not exist: /nonexistent/mcpdeck/server');
    expect(r.stderr).not.toContain('PATH');
    const relative = await runCli(['tools', '--', './no-such-server.sh'], sandbox());
    expect(relative.stderr).toMatch(/the file does not exist: \/.*\/no-such-server\.sh/);
    const bare = await runCli(['tools', '--', 'mcpdeck-no-such-command'], sandbox());
    expect(bare.stderr).toContain('command not found on PATH: mcpdeck-no-such-command');
  });

  it('sources: a user catalog that does not exist yet is missing, not "read: no servers"', async () => {
    const box = sandbox();
    const before = await runCli(['sources'], box);
    expect(before.stdout).toMatch(/^ {2}user\s+missing\s+\S+servers\.json$/m);
    expect(before.stdout).not.toContain('read: no servers');
    expect((await runCli(['add', 'plain', '--', process.execPath, HEALTHY], box)).code).toBe(0);
    expect((await runCli(['sources'], box)).stdout).toMatch(/^ {2}user\s+read: plain\s/m);
  });
});
