// Token cost of server-everything's tool definitions, as mcpdeck reports it, checked
// against the tokenizer run directly on the tool list as the server sends it (read off
// the wire here: an SDK client would parse the schemas and change their key order).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { EVERYTHING } from './helpers/everything.js';
import { everythingStdio } from '../helpers/servers.js';

/** What a model is sent for a tool, as the README says: name, description and input schema as compact JSON. */
const expected = (tool: { name: string; description?: string; inputSchema: unknown }) =>
  countTokens(JSON.stringify({ name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema }));

let direct: Map<string, number>;

/** tools/list from server-everything over stdio, by hand, for a client that can answer forms and sampling and runs tasks (as mcpdeck). */
async function wireTools(): Promise<{ name: string; description?: string; inputSchema: unknown }[]> {
  const child = spawn(process.execPath, [EVERYTHING, 'stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const answers = new Map<number, (result: unknown) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { id?: number; result?: unknown };
    if (message.id !== undefined && message.result !== undefined) answers.get(message.id)?.(message.result);
  });
  const ask = (id: number, method: string, params: object) => new Promise<unknown>((resolve) => (answers.set(id, resolve), send({ id, method, params })));
  try {
    await ask(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} }, sampling: { createMessage: {} } } } }, clientInfo: { name: 'tokens-test', version: '1' } });
    send({ method: 'notifications/initialized' });
    return ((await ask(2, 'tools/list', {})) as { tools: { name: string; inputSchema: unknown }[] }).tools;
  } finally {
    child.kill();
  }
}

beforeAll(async () => {
  direct = new Map((await wireTools()).map((t) => [t.name, expected(t)]));
});

describe("token cost of server-everything's tools", () => {
  it('tools --json carries each tool\'s count, as the tokenizer gives it', async () => {
    const r = await runCli(['tools', '--json', '--tokens', '--', process.execPath, EVERYTHING, 'stdio'], sandbox());
    expect(r.code, r.stderr).toBe(0);
    const tools = JSON.parse(r.stdout) as { name: string; tokens: number }[];
    expect(tools.length).toBeGreaterThan(10);
    expect(new Map(tools.map((t) => [t.name, t.tokens]))).toEqual(direct);
    // Real counts, not characters / 4: a schema-heavy tool costs more than a bare one.
    expect(Math.max(...direct.values())).toBeGreaterThan(2 * Math.min(...direct.values()));
  });

  it('status sums them per server, in JSON and in the table, naming the encoding', async () => {
    const box = sandbox();
    const config = join(box.cwd, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { everything: everythingStdio() } }));
    const sum = [...direct.values()].reduce((a, b) => a + b, 0);
    const json = await runCli(['status', '--json', '--tokens', '--strict', '--config', config], box);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { tokens: number }[])[0]!.tokens).toBe(sum);
    const table = await runCli(['status', '--tokens', '--strict', '--config', config], box);
    expect(table.stdout).toMatch(new RegExp(`^everything +✓ connected +stdio +\\S+ +${direct.size} +${sum} +servers\\.json$`, 'm'));
    expect(table.stdout).toContain("Tokens: what each server's tool definitions cost in a model's context (o200k_base).");
    // Unasked, no counts: status and `mcpdeck` piped (the same table) leave the tokenizer unloaded.
    const plain = await runCli(['status', '--json', '--strict', '--config', config], box);
    expect((JSON.parse(plain.stdout) as { tokens: number | null }[])[0]!.tokens).toBeNull();
    const piped = await runCli(['--strict', '--config', config], box);
    expect(piped.stdout).toMatch(new RegExp(`^everything +✓ connected +stdio +\\S+ +${direct.size} +servers\\.json$`, 'm'));
    expect(piped.stdout).not.toContain('Tokens:');
  });
});

