// The protocol beyond tools from the command line (resources, read, templates, prompts,
// prompt, complete, log-level, ping), run as a person runs it (bin/mcpdeck.js, the
// bundle) against server-everything (2025) and the 2026-07-28-only fixture, text and --json.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, sandbox } from './helpers/cli.js';
import { EVERYTHING } from './helpers/everything.js';

const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));
const box = sandbox();

interface Peer {
  name: string;
  command: string[];
  version: string;
  resource: { uri: string; text: string };
  template: { uriTemplate: string; variable: string; typed: string; values: string[] };
  prompt: { name: string; args: string[]; says: string; required: string };
  completion: { prompt: string; argument: string; typed: string; values: string[] };
  /** A tool that logs while it runs, and a level it logs at. */
  logs: { tool: string; line: RegExp };
}

const peers: Peer[] = [
  {
    name: 'server-everything (2025)',
    command: [process.execPath, EVERYTHING, 'stdio'],
    version: '2025-11-25',
    resource: { uri: 'demo://resource/dynamic/text/7', text: 'Resource 7' },
    template: { uriTemplate: 'demo://resource/dynamic/text/{resourceId}', variable: 'resourceId', typed: '1', values: ['1'] },
    prompt: { name: 'args-prompt', args: ['city=Paris'], says: "What's weather in Paris?", required: 'city' },
    completion: { prompt: 'completable-prompt', argument: 'department', typed: 'S', values: ['Sales', 'Support'] },
    logs: { tool: 'toggle-simulated-logging', line: /^\[(debug|info|notice|warning|error|critical|alert|emergency)\] .*level.message/m },
  },
  {
    name: '2026-07-28-only fixture',
    command: [process.execPath, MODERN, 'stdio', 'reject'],
    version: '2026-07-28',
    resource: { uri: 'modern://notes/beta', text: 'note beta' },
    template: { uriTemplate: 'modern://notes/{name}', variable: 'name', typed: 'b', values: ['beta', 'bravo'] },
    prompt: { name: 'paint', args: ['colour=red'], says: 'Paint it red', required: 'colour' },
    completion: { prompt: 'paint', argument: 'colour', typed: 'b', values: ['blue', 'black'] },
    logs: { tool: 'log_something', line: /^\[warning\] a warning message$/m },
  },
];

/** An ad hoc stdio target: `mcpdeck <args> -- <command>`. */
const adhoc = (peer: Peer, ...args: string[]) => runCli([...args, '--', ...peer.command], box);

describe('read of a blob', () => {
  it("shows a small blob of a text type as text (server-everything's text/plain blob), and --json keeps it in base64", async () => {
    const everything = peers[0]!;
    const read = await adhoc(everything, 'read', 'demo://resource/dynamic/blob/3');
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toMatch(/^Resource 3: This is a base64 blob created at /);
    const json = JSON.parse((await adhoc(everything, 'read', 'demo://resource/dynamic/blob/3', '--json')).stdout) as { contents: { blob?: string }[] };
    expect(Buffer.from(json.contents[0]!.blob!, 'base64').toString()).toMatch(/^Resource 3: /);
  });
});

describe.each(peers)('CLI verbs against $name', (peer) => {
  it('resources lists the server\'s resources, as text and as JSON', async () => {
    const json = await adhoc(peer, 'resources', '--json');
    expect(json.code).toBe(0);
    const resources = JSON.parse(json.stdout) as { uri: string; name: string }[];
    expect(resources.length).toBeGreaterThan(0);
    const text = await adhoc(peer, 'resources');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(resources[0]!.uri);
  });

  it('templates lists URI templates, and read fills one in', async () => {
    const json = await adhoc(peer, 'templates', '--json');
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { uriTemplate: string }[]).map((t) => t.uriTemplate)).toContain(peer.template.uriTemplate);
    expect((await adhoc(peer, 'templates')).stdout).toContain(peer.template.uriTemplate);

    const read = await adhoc(peer, 'read', peer.resource.uri);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain(peer.resource.text);
    const readJson = JSON.parse((await adhoc(peer, 'read', peer.resource.uri, '--json')).stdout) as { contents: { uri: string; text?: string }[] };
    expect(readJson.contents[0]!.uri).toBe(peer.resource.uri);
    expect(readJson.contents[0]!.text).toContain(peer.resource.text);
  });

  it('prompts lists arguments with the required ones starred, and prompt gets one', async () => {
    const list = await adhoc(peer, 'prompts');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${peer.prompt.name}\\s.*${peer.prompt.required}\\*`, 'm'));
    const listed = JSON.parse((await adhoc(peer, 'prompts', '--json')).stdout) as { name: string }[];
    expect(listed.map((p) => p.name)).toContain(peer.prompt.name);

    const text = await adhoc(peer, 'prompt', peer.prompt.name, ...peer.prompt.args);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`user:\n${peer.prompt.says}`);
    const json = JSON.parse((await adhoc(peer, 'prompt', peer.prompt.name, ...peer.prompt.args, '--json')).stdout) as { messages: { role: string; content: { text: string } }[] };
    expect(json.messages[0]).toMatchObject({ role: 'user', content: { text: expect.stringContaining(peer.prompt.says) } });
  });

  it('prompt without a required argument, or with an unknown name, is bad input (exit 2) and says what it takes', async () => {
    const missing = await adhoc(peer, 'prompt', peer.prompt.name);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`missing ${peer.prompt.required}`);
    const unknown = await adhoc(peer, 'prompt', 'no-such-prompt');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`has no prompt "no-such-prompt"; it has: `);
  });

  it('complete suggests values for a prompt argument and a template variable', async () => {
    const prompt = await adhoc(peer, 'complete', '--prompt', peer.completion.prompt, peer.completion.argument, peer.completion.typed);
    expect(prompt.code).toBe(0);
    expect(prompt.stdout.trim().split('\n')).toEqual(peer.completion.values);
    const template = await adhoc(peer, 'complete', '--template', peer.template.uriTemplate, peer.template.variable, peer.template.typed, '--json');
    expect(template.code).toBe(0);
    expect((JSON.parse(template.stdout) as { values: string[] }).values).toEqual(peer.template.values);
  });

  it('log-level sets the level on 2025 and explains the per-request level on 2026-07-28', async () => {
    const json = JSON.parse((await adhoc(peer, 'log-level', 'warning', '--json')).stdout) as { level: string; sent: string | null; protocolVersion: string };
    expect(json).toEqual({ level: 'warning', protocolVersion: peer.version, sent: peer.version.startsWith('2026') ? null : 'logging/setLevel' });
    const text = await adhoc(peer, 'log-level', 'warning');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(peer.version.startsWith('2026') ? 'has no logging/setLevel: the level goes with each request' : 'logs at warning and above');
    const wrong = await adhoc(peer, 'log-level', 'loud');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('is not a log level; the valid levels are debug, info');
  });

  it('ping answers (2026-07-28 with server/discover, which replaced it)', async () => {
    const json = JSON.parse((await adhoc(peer, 'ping', '--json')).stdout) as { ok: boolean; method: string };
    expect(json).toMatchObject({ ok: true, method: peer.version.startsWith('2026') ? 'server/discover' : 'ping', protocolVersion: peer.version });
    const text = await adhoc(peer, 'ping');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^adhoc answered in \d+ ms/);
  });

  it('log messages the server sends during a call go to stderr with their level', async () => {
    const r = await adhoc(peer, 'call', peer.logs.tool);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(peer.logs.line);
    expect(r.stdout).not.toMatch(peer.logs.line);
  });
});

describe('CLI verbs on a configured server', () => {
  const config = join(box.cwd, 'verbs.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { modern: { command: process.execPath, args: [MODERN, 'stdio', 'reject'] } } }));
  const run = (...args: string[]) => runCli([...args, '--strict', '-c', config], box);

  it('takes the server name first', async () => {
    const read = await run('read', 'modern', 'modern://counter');
    expect(read.code).toBe(0);
    expect(read.stdout.trim()).toMatch(/^\d+$/);
    const complete = await run('complete', 'modern', '--prompt', 'paint', 'colour', 'g');
    expect(complete.stdout).toBe('green\n');
  });

  it('an unknown server is bad input, and a missing URI says how the command goes', async () => {
    const unknown = await run('resources', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no server named "nope"');
    const noUri = await run('read', 'modern');
    expect(noUri.code).toBe(2);
    expect(noUri.stderr).toContain('name a resource: mcpdeck read <server> <uri>');
  });

  it('a resource the server does not have is its refusal (exit 5)', async () => {
    const r = await run('read', 'modern', 'modern://nothing-here');
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('the server refused the request');
  });
});

const FILESYSTEM = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

/** The CLI with `input` on its stdin. */
function runWithStdin(args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: box.cwd, env: box.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('call: output and arguments', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mcpdeck-verbs-fs-'));
  const file = join(folder, 'original.txt');
  // Tabs, no final newline, and an escape the terminal would act on: --text to a pipe keeps them all.
  const original = 'first\tline\nsecond \u001b[31mred\u001b[0m line';
  writeFileSync(file, original);
  const fs = ['--', process.execPath, FILESYSTEM, folder];

  it('labels the structured content section in text mode', async () => {
    const r = await runCli(['call', 'read_text_file', `path=${file}`, ...fs], box);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/line\nstructured content:\n\{\n {2}"content": /);
  });

  it('--text prints the text content only, as sent: redirected, it copies the file', async () => {
    const r = await runCli(['call', 'read_text_file', `path=${file}`, '--text', ...fs], box);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(original);
    const both = await runCli(['call', 'read_text_file', `path=${file}`, '--text', '--json', ...fs], box);
    expect(both.code).toBe(2);
  });

  it('--args - reads the arguments from stdin, --args @file from a file', async () => {
    const piped = await runWithStdin(['call', 'read_text_file', '--args', '-', '--text', ...fs], JSON.stringify({ path: file }));
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(original);
    const argsFile = join(box.cwd, 'args.json');
    writeFileSync(argsFile, JSON.stringify({ path: file }));
    const fromFile = await runCli(['call', 'read_text_file', '--args', '@args.json', '--text', ...fs], box);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toBe(original);
    const missing = await runCli(['call', 'read_text_file', '--args', '@nowhere.json', ...fs], box);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--args @nowhere.json: cannot read');
    const broken = await runWithStdin(['call', 'read_text_file', '--args', '-', ...fs], '{not json');
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('--args is not valid JSON');
  });

  it('--meta goes into the request _meta: on 2026-07-28 the log level there decides what the server logs', async () => {
    const modern = ['--', process.execPath, MODERN, 'stdio', 'reject'];
    const r = await runCli(['call', 'log_something', '--meta', 'io.modelcontextprotocol/logLevel=error', ...modern], box);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^\[error\] a error message$/m);
    expect(r.stderr).not.toContain('[warning]');
    const bad = await runCli(['call', 'log_something', '--meta', 'novalue', ...modern], box);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--meta "novalue" must look like key=value');
  });

  it('--log-level on a command: 2026-07-28 sends it with the request, and the server logs from that level up', async () => {
    const modern = await runCli(['call', 'log_something', '--log-level', 'warning', '--', process.execPath, MODERN, 'stdio', 'reject'], box);
    expect(modern.stderr).toMatch(/^\[warning\] a warning message$/m);
    expect(modern.stderr).not.toContain('[info]');
  });
});

describe('-e for an ad hoc stdio server', () => {
  it('sets the variable in the server\'s environment', async () => {
    const r = await runCli(['call', 'get-env', '-e', 'MCPDECK_PROBE=hello there', '--env', 'SECOND=2', '--json', '--', process.execPath, EVERYTHING, 'stdio'], box);
    expect(r.code).toBe(0);
    const env = JSON.parse((JSON.parse(r.stdout) as { result: { content: { text: string }[] } }).result.content[0]!.text) as Record<string, string>;
    expect(env).toMatchObject({ MCPDECK_PROBE: 'hello there', SECOND: '2' });
  });

  it('is refused for a remote server, and when malformed', async () => {
    const remote = await runCli(['tools', '-e', 'X=1', '--url', 'http://127.0.0.1:9/mcp'], box);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain('-e is for an ad hoc stdio server (a command after --); a remote one takes --header');
    const malformed = await runCli(['tools', '-e', 'X', '--', process.execPath, EVERYTHING, 'stdio'], box);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('-e "X" must look like KEY=value');
  });
});

describe('a hostile server\'s log message during a call', () => {
  const HOSTILE = fileURLToPath(new URL('../fixtures/servers/hostile-text.mjs', import.meta.url));

  it('reaches stderr with its level, its control sequences shown as markers, never raw', async () => {
    const r = await runCli(['call', 'plain', '--', process.execPath, HOSTILE], box);
    expect(r.stderr).toMatch(/^\[error\] log⟦ESC\[2J⟧: logged ⟦ESC\[2J⟧/m);
    expect(r.stderr).not.toMatch(/\u001b\[2J|\u0007/);
  });
});
