import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { EVERYTHING } from './helpers/everything.js';
import { everythingStdio } from '../helpers/servers.js';

function writeConfig(dir: string, servers: Record<string, unknown>, file = 'servers.json'): string {
  const path = join(dir, file);
  writeFileSync(path, JSON.stringify({ mcpServers: servers }, null, 2));
  return path;
}

describe('mcpdeck status', () => {
  it('falls back to the built-in demo when nothing is configured', async () => {
    const box = sandbox();
    const r = await runCli(['status', '--json'], box);
    expect(r.code).toBe(0);
    const servers = JSON.parse(r.stdout);
    expect(servers).toEqual([expect.objectContaining({ name: 'demo', status: 'connected', transport: 'inprocess', source: 'built-in' })]);
  });

  it('shows every server with its status, reason, tool count and source; exits 3 when one failed', async () => {
    const box = sandbox();
    const config = writeConfig(box.cwd, {
      everything: everythingStdio(),
      ghost: { command: 'mcpdeck-no-such-command' },
      off: { command: 'whatever', disabled: true },
    });
    const r = await runCli(['status', '--strict', '--config', config], box);
    expect(r.code).toBe(3);
    // server-everything speaks the 2025 revisions: it answered initialize, not the era probe.
    // No TOKENS column unless asked (--tokens).
    expect(r.stdout).toMatch(/everything\s+✓ connected\s+stdio\s+2025-11-25\s+\d+\s+servers\.json/);
    expect(r.stdout).toMatch(/ghost\s+✗ failed\s+stdio\s+-\s+-\s+servers\.json/);
    expect(r.stdout).toContain('command not found on PATH: mcpdeck-no-such-command');
    expect(r.stdout).toMatch(/off\s+⊘ disabled/);
    expect(r.stdout).toContain('1 connected · 1 failed · 1 disabled');
  });

  it('prints the status from plain `mcpdeck` when asked for JSON or not on a terminal', async () => {
    const r = await runCli(['--demo', '--json'], sandbox());
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ name: 'demo', status: 'connected' });
    const piped = await runCli(['--demo'], sandbox());
    expect(piped.stdout).toMatch(/demo\s+✓ connected/);
    expect(piped.stderr).toContain('not a terminal');
  });

  it('reads .mcp.json in the working folder and the user catalog, and --strict skips both', async () => {
    const box = sandbox();
    writeConfig(box.cwd, { proj: { command: 'nope-1' } }, '.mcp.json');
    await runCli(['add', 'mine', '--', 'nope-2'], box);
    const all = JSON.parse((await runCli(['status', '--json'], box)).stdout);
    expect(all.map((s: { name: string; source: string }) => [s.name, s.source])).toEqual([['mine', 'user'], ['proj', 'project']]);
    const explicit = writeConfig(box.cwd, { only: { command: 'nope-3' } });
    const strict = JSON.parse((await runCli(['status', '--json', '--strict', '-c', explicit], box)).stdout);
    expect(strict.map((s: { name: string }) => s.name)).toEqual(['only']);
  });

  it('--only connects the named servers and lists the others as disabled', async () => {
    const box = sandbox();
    const config = writeConfig(box.cwd, { a: { command: 'nope-a' }, b: { command: 'nope-b' } });
    const r = JSON.parse((await runCli(['status', '--json', '--strict', '-c', config, '--only', 'b'], box)).stdout);
    expect(r.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([['a', 'disabled'], ['b', 'failed']]);
    const wrong = await runCli(['status', '--strict', '-c', config, '--only', 'zz'], box);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--only names "zz", which is not configured');
  });

  it('points at the file, line and column of a JSON syntax error', async () => {
    const box = sandbox();
    const path = join(box.cwd, 'broken.json');
    writeFileSync(path, '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}\n');
    const r = await runCli(['status', '--strict', '--config', path], box);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path}:4:5: JSON syntax error: expected ','`);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('--watch prints one line per status change until interrupted', async () => {
    const box = sandbox();
    const r = await runCli(['status', '--watch', '--demo'], box, (child, out) => {
      const timer = setInterval(() => {
        if (out.stdout.includes('demo: connected')) {
          clearInterval(timer);
          child.kill('SIGINT');
        }
      }, 20);
    });
    expect(r.stdout).toContain('demo: connecting');
    expect(r.stdout).toContain('demo: connected');
    expect(r.code).toBe(0);
  });

  it('--watch restarts a server that dies and says which try is next; a one-shot status does not', async () => {
    const box = sandbox();
    const fixture = new URL('../fixtures/servers/crash-then-recover.mjs', import.meta.url).pathname;
    const config = join(box.cwd, 'flappy.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { flappy: { command: process.execPath, args: [fixture, join(box.cwd, 'starts'), '1'] } } }));
    const once = await runCli(['status', '--strict', '-c', config], box);
    expect(once.code).toBe(3);
    expect(once.stdout).not.toContain('restart');
    // The one-shot run crashed and stayed down; under --watch the first start crashes and the second serves.
    writeFileSync(join(box.cwd, 'starts'), '0');
    const env = { ...box.env, MCPDECK_RESTART_DELAY_MS: '50' };
    const again = await runCli(['status', '--watch', '--strict', '-c', config], { ...box, env }, (child, out) => {
      const timer = setInterval(() => {
        if (out.stdout.includes('flappy: connected')) {
          clearInterval(timer);
          child.kill('SIGINT');
        }
      }, 20);
    });
    expect(again.stdout).toMatch(/^flappy: failed \(the server process exited with code 3; stderr: start 1: error: cannot open the database\) · restarting 1\/5 in 1s$/m);
    expect(again.stdout).toMatch(/^flappy: connecting · restart 1\/5$/m);
  });
});

describe('mcpdeck tools, get', () => {
  it('lists tools with annotation tags, implied ones marked', async () => {
    const r = await runCli(['tools', 'demo', '--demo', '--tokens'], sandbox());
    expect(r.code).toBe(0);
    // The title (where the tool has one) stands between the name and the tags.
    expect(r.stdout).toMatch(/delete_all_notes\s+(\S.*\s+)?\d+ tokens \[destructive\]/);
    expect(r.stdout).toMatch(/echo\s+(\S.*\s+)?\d+ tokens \[destructive\?\] \[open-world\?\]/);
    expect(r.stdout).toContain('declared by the server, not verified');
  });

  it('tags a tool that declares it writes (neither read-only nor destructive) as the deck does', async () => {
    const fixture = fileURLToPath(new URL('../fixtures/servers/annotated-tools.mjs', import.meta.url));
    const r = await runCli(['tools', '--', process.execPath, fixture], sandbox());
    expect(r.code, r.stderr).toBe(0);
    // Titles beside the names; no token counts unless asked (--tokens): the tokenizer is not loaded for them.
    expect(r.stdout).toMatch(/^write_note {2}Write a note {2}\[writes\] \[open-world\?\]$/m);
    expect(r.stdout).toMatch(/^read_note {3}Read a note {3}\[read-only\] \[open-world\?\]$/m);
    expect(r.stdout).not.toContain('tokens');
  });

  it('prints tools as JSON, including the qualified name', async () => {
    const r = await runCli(['tools', 'demo', '--demo', '--json'], sandbox());
    const tools = JSON.parse(r.stdout);
    expect(tools.find((t: { name: string }) => t.name === 'echo').qualifiedName).toBe('mcp__demo__echo');
  });

  it('targets an ad hoc stdio server after --', async () => {
    const r = await runCli(['tools', '--json', '--', process.execPath, EVERYTHING, 'stdio'], sandbox());
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((t: { name: string }) => t.name)).toContain('get-sum');
  });

  it('masks env values and credential headers', async () => {
    const box = sandbox();
    const config = writeConfig(box.cwd, {
      api: { type: 'http', url: 'https://example.invalid/mcp', headers: { Authorization: 'Bearer s3cret', 'X-Trace': 'on' } },
      local: { command: 'x', env: { TOKEN: 'hunter2', REF: '${HOME}' } },
    });
    const api = await runCli(['get', 'api', '--strict', '-c', config], box);
    expect(api.stdout).not.toContain('s3cret');
    expect(api.stdout).toContain('"X-Trace": "on"');
    const local = JSON.parse((await runCli(['get', 'local', '--json', '--strict', '-c', config], box)).stdout);
    expect(local.config.env).toEqual({ TOKEN: '••••••', REF: '${HOME}' });
    expect(local.source).toBe('servers.json');
  });
});

describe('mcpdeck call', () => {
  let unauthorized: Server;
  let unauthorizedUrl: string;
  beforeAll(async () => {
    unauthorized = createServer((_req, res) => res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end());
    await new Promise<void>((r) => unauthorized.listen(0, '127.0.0.1', r));
    unauthorizedUrl = `http://127.0.0.1:${(unauthorized.address() as { port: number }).port}/mcp`;
  });
  afterAll(() => new Promise<void>((r) => unauthorized.close(() => r())));

  it('prints the result and exits 0', async () => {
    const r = await runCli(['call', 'demo', 'echo', 'message=hello there', '--demo'], sandbox());
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('hello there\n');
    expect(r.stderr).toMatch(/took \d+(\.\d+)? m?s/);
  });

  it('coerces key=value per the schema and reports progress', async () => {
    const r = await runCli(['call', 'demo', 'count_slowly', 'n=2', 'intervalMs=10', '--demo'], sandbox());
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('counted to 2\n');
    expect(r.stderr).toContain('progress 2/2 counted 2 of 2');
  });

  it('merges --args JSON with pairs and prints JSON with the output-schema check', async () => {
    const r = await runCli(['call', 'demo', 'make_tile', '--args', '{"label":"x"}', 'label=y', '--json', '--demo'], sandbox());
    const out = JSON.parse(r.stdout);
    expect(out.result.structuredContent.label).toBe('y');
    expect(out.output).toEqual({ valid: true, errors: [] });
    expect(out.isError).toBe(false);
  });

  it('exits 1 for a tool error result', async () => {
    const r = await runCli(['call', 'demo', 'always_fails', '--demo'], sandbox());
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('the demo tool always fails');
    expect(r.stderr).toContain('the tool reported an error (isError)');
  });

  it('exits 2 for bad arguments, an unknown tool or an unknown server, with no stack trace', async () => {
    const box = sandbox();
    const bad = await runCli(['call', 'demo', 'count_slowly', 'n=lots', '--demo'], box);
    expect([bad.code, bad.stderr]).toEqual([2, 'mcpdeck: n must be a number, got "lots"\n']);
    const missing = await runCli(['call', 'demo', 'read_note', '--demo'], box);
    expect(missing.stderr).toContain('missing required argument "name"');
    expect(missing.code).toBe(2);
    const tool = await runCli(['call', 'demo', 'nope', '--demo'], box);
    expect([tool.code, tool.stderr]).toEqual([2, 'mcpdeck: demo has no tool "nope"\n']);
    const server = await runCli(['call', 'nope', 'echo', '--demo'], box);
    expect(server.code).toBe(2);
    expect(server.stderr).toContain('no server named "nope"');
  });

  it('--no-validate sends arguments that fail the schema, and the server refuses them itself', async () => {
    const box = sandbox();
    const config = writeConfig(box.cwd, { everything: everythingStdio() });
    const checked = await runCli(['call', 'everything', 'get-sum', '--args', '{"a":"x","b":2}', '--strict', '-c', config], box);
    expect([checked.code, checked.stderr]).toEqual([2, 'mcpdeck: invalid arguments for get-sum: "a" must be number\n']);
    const sent = await runCli(['call', 'everything', 'get-sum', '--args', '{"a":"x","b":2}', '--no-validate', '--strict', '-c', config], box);
    expect(sent.code).toBe(1);
    expect(sent.stdout).toContain('Input validation error');
    expect(sent.stderr).toContain('sent unchecked (--no-validate): the arguments fail the schema: "a" must be number');
    // key=value words that do not read as their type go as the text given.
    const pairs = await runCli(['call', 'everything', 'get-sum', 'a=lots', 'b=2', '--no-validate', '--strict', '-c', config], box);
    expect(pairs.code).toBe(1);
    expect(pairs.stdout).toContain('Input validation error');
  });

  it('exits 3 when the server cannot be connected', async () => {
    const r = await runCli(['call', 'echo', '--', 'mcpdeck-no-such-command'], sandbox());
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('command not found on PATH: mcpdeck-no-such-command');
  });

  it('exits 4 when the server needs sign-in', async () => {
    const r = await runCli(['call', '--url', unauthorizedUrl, 'echo'], sandbox());
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`${unauthorizedUrl} needs sign-in: not signed in`);
    expect(r.stderr).toContain('sign in with: mcpdeck auth login --url <url> (or add --sign-in auto)');
  });

  it('cancels on Ctrl-C, tells the server, and exits 130', async () => {
    const r = await runCli(['call', 'demo', 'count_slowly', 'n=100', 'intervalMs=50', '--demo'], sandbox(), (child, out) => {
      const timer = setInterval(() => {
        if (out.stderr.includes('progress 1/100')) {
          clearInterval(timer);
          child.kill('SIGINT');
        }
      }, 10);
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('the call was cancelled (the server was told)');
  });
});

describe('mcpdeck add, remove, enable, disable', () => {
  it('adds stdio and remote servers to the user catalog', async () => {
    const box = sandbox();
    expect((await runCli(['add', 'fs', '-e', 'ROOT=/tmp', '--', 'npx', '-y', 'some-server', '--flag'], box)).code).toBe(0);
    expect((await runCli(['add', 'remote', 'https://example.invalid/mcp', '-H', 'X-Key: abc'], box)).code).toBe(0);
    const catalog = JSON.parse(readFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json'), 'utf8'));
    expect(catalog.mcpServers).toEqual({
      fs: { command: 'npx', args: ['-y', 'some-server', '--flag'], env: { ROOT: '/tmp' } },
      remote: { url: 'https://example.invalid/mcp', headers: { 'X-Key': 'abc' } },
    });
    const again = await runCli(['add', 'fs', '--', 'other'], box);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('"fs" already exists in the user catalog');
  });

  it('writes the project scope without losing other fields, comments or formatting', async () => {
    const box = sandbox();
    const path = join(box.cwd, '.mcp.json');
    const original = '{\n  // kept\n  "other": true,\n  "mcpServers": {\n    "keep": { "command": "x", "custom": 1 }\n  }\n}\n';
    writeFileSync(path, original);
    expect((await runCli(['add', 'new', '--scope', 'project', '--', 'y'], box)).code).toBe(0);
    expect((await runCli(['disable', 'keep'], box)).code).toBe(0);
    let text = readFileSync(path, 'utf8');
    expect(text).toContain('// kept');
    expect(text).toContain('"other": true');
    expect(text).toContain('"custom": 1');
    expect(JSON.parse(text.replace('// kept', '')).mcpServers.keep.disabled).toBe(true);
    const status = JSON.parse((await runCli(['status', '--json'], box)).stdout);
    expect(status.find((s: { name: string }) => s.name === 'keep').status).toBe('disabled');
    expect((await runCli(['enable', 'keep'], box)).code).toBe(0);
    expect((await runCli(['remove', 'new'], box)).code).toBe(0);
    text = readFileSync(path, 'utf8');
    expect(text).toBe(original);
  });

  it('refuses bad input with a message that says what to do', async () => {
    const box = sandbox();
    expect((await runCli(['add', 'x'], box)).stderr).toContain('say what to run: mcpdeck add x <url>, or mcpdeck add x -- <command>');
    expect((await runCli(['add', 'bad name', '--', 'x'], box)).stderr).toContain('is not a usable name');
    // é is a letter, but not one a name may hold: the message says which letters.
    expect((await runCli(['add', 'café', '--', 'x'], box)).stderr).toContain('"café" is not a usable name: use the letters a-z and A-Z, digits');
    expect((await runCli(['add', 'u', 'ftp://host/x'], box)).stderr).toContain('"url" must be an http:// or https:// URL');
    const gone = await runCli(['remove', 'nothing'], box);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('no server named "nothing"');
    expect(existsSync(join(box.cwd, '.mcp.json'))).toBe(false);
  });
});
