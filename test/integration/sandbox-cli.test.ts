// The sandbox from the command line, through the bundle: --sandbox on an ad hoc server,
// `try` (sandboxed by default; off a terminal it prints the status), and `status --json`
// carrying what the sandbox refused.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { fixture } from '../helpers/servers.js';

const PROBE = [process.execPath, fixture('sandbox-probe.mjs'), '--fetch-at-start', 'http://example.org/'];

describe('the sandbox on the command line', () => {
  it('status --json lists what a sandboxed ad hoc server was refused as it started', async () => {
    const result = await runCli(['status', '--json', '--sandbox', '--', ...PROBE], sandbox());
    expect(result.code, result.stderr).toBe(0);
    const [server] = JSON.parse(result.stdout) as { sandbox: { sandboxed: boolean; blocked: number; denials: { kind: string; target: string; at: string; tool: null }[] } }[];
    expect(server!.sandbox).toMatchObject({ sandboxed: true, blocked: 1, denials: [{ kind: 'network', target: 'example.org:80', tool: null, seen: 'proxy' }] });
    expect(Number.isNaN(Date.parse(server!.sandbox.denials[0]!.at))).toBe(false);
    // The table says it too.
    const table = await runCli(['status', '--sandbox', '--', ...PROBE], sandbox());
    expect(table.stdout).toMatch(/adhoc\s+✓ connected\s+stdio ⛨ 1 blocked/);
  });

  it('try sandboxes a command unless told not to', async () => {
    const tried = JSON.parse((await runCli(['try', '--json', '--', ...PROBE], sandbox())).stdout) as { sandbox: { blocked: number } | null; runs: { sandbox?: string } }[];
    expect(tried[0]!.sandbox?.blocked).toBe(1);
    expect(tried[0]!.runs.sandbox).toBe('no network; nothing of your home folder; required');
    const open = JSON.parse((await runCli(['try', '--json', '--no-sandbox', '--', ...PROBE], sandbox())).stdout) as { sandbox: unknown }[];
    expect(open[0]!.sandbox).toBeNull();
  });

  it('says a remote server is not sandboxed, and a configured one takes "sandbox" in its entry', async () => {
    const remote = await runCli(['status', '--sandbox', '--url', 'http://127.0.0.1:9/mcp'], sandbox());
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain('a remote server runs elsewhere and is not sandboxed');
    const configured = await runCli(['status', '--allow-host', 'a.example'], sandbox());
    expect(configured.stderr).toContain('for a configured one, set "sandbox" in its entry');
    const nothing = await runCli(['try'], sandbox());
    expect(nothing.stderr).toContain('try needs a server: mcpdeck try -- <command…>, mcpdeck try <url>, or mcpdeck try <registry name>');
  });
});

describe('where the platform cannot sandbox (no bubblewrap on PATH)', () => {
  const noBwrap = () => {
    const where = sandbox();
    // Only Node's folder: no bwrap, no socat.
    return { ...where, env: { ...where.env, PATH: dirname(process.execPath) } };
  };

  it('a sandboxed server runs unsandboxed and says so; one marked "required" does not run', async () => {
    const where = noBwrap();
    const file = join(where.cwd, 'servers.json');
    writeFileSync(file, JSON.stringify({ mcpServers: {
      optional: { command: process.execPath, args: [fixture('sandbox-probe.mjs')], sandbox: true },
      required: { command: process.execPath, args: [fixture('sandbox-probe.mjs')], sandbox: 'required' },
    } }));
    const result = await runCli(['status', '--json', '--strict', '--config', file], where);
    const servers = JSON.parse(result.stdout) as { name: string; status: string; error: string | null; sandbox: { sandboxed: boolean; unavailable: string | null } }[];
    const optional = servers.find((s) => s.name === 'optional')!;
    expect(optional.status).toBe('connected');
    expect(optional.sandbox).toMatchObject({ sandboxed: false, unavailable: expect.stringContaining('bubblewrap') });
    const required = servers.find((s) => s.name === 'required')!;
    expect(required.status).toBe('failed');
    expect(required.error).toMatch(/the sandbox cannot start here: .*bubblewrap.*; the server may run only sandboxed, so mcpdeck does not run it/);
  });

  it('a project server approved sandboxed does not run unsandboxed', async () => {
    const where = noBwrap();
    mkdirSync(where.env.HOME!, { recursive: true });
    writeFileSync(join(where.cwd, '.mcp.json'), JSON.stringify({ mcpServers: { probe: { command: process.execPath, args: [fixture('sandbox-probe.mjs')] } } }));
    const approved = await runCli(['approve', '--sandboxed', 'probe'], where);
    expect(approved.code, approved.stderr).toBe(0);
    const status = await runCli(['status', '--json'], where);
    const probe = (JSON.parse(status.stdout) as { name: string; status: string; error: string | null }[]).find((s) => s.name === 'probe')!;
    expect(probe.status).toBe('failed');
    expect(probe.error).toMatch(/the sandbox cannot start here: .*; the server may run only sandboxed, so mcpdeck does not run it/);
  });

  it('a server sandboxed from the command line does not run unsandboxed', async () => {
    const result = await runCli(['tools', '--sandbox', '--', process.execPath, fixture('sandbox-probe.mjs')], noBwrap());
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/the sandbox cannot start here: .*bubblewrap.*; the server may run only sandboxed, so mcpdeck does not run it/);
    expect(result.stdout).toBe('');
  });
});
