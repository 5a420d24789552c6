import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { BIN, runCli, sandbox } from './helpers/cli.js';
import { EVERYTHING } from './helpers/everything.js';
import { startModelStandIn, type ModelStandIn, type RecordedRequest } from '../helpers/model-stand-in.js';

const everything = ['--', process.execPath, EVERYTHING, 'stdio'];
const KEY = 'sk-test-4f1c9a';
const SAMPLING_TOOLS = fileURLToPath(new URL('../fixtures/servers/sampling-tools.mjs', import.meta.url));

/** The tool results a request sends back to the model, as text (either API). */
function toolResults(request: RecordedRequest): string[] {
  if (request.api === 'openai') return request.body.messages.filter((m: { role: string }) => m.role === 'tool').map((m: { content: unknown }) => JSON.stringify(m.content));
  return request.body.messages.flatMap((m: { content: unknown }) => (Array.isArray(m.content) ? m.content : [])).filter((b: { type: string }) => b.type === 'tool_result').map((b: unknown) => JSON.stringify(b));
}

describe('mcpdeck ask: a model over the tools of a real server', () => {
  let model: ModelStandIn;
  let box: ReturnType<typeof sandbox>;

  beforeAll(async () => {
    model = await startModelStandIn({ apiKey: KEY });
  });
  afterAll(() => model?.close());
  beforeEach(() => {
    model.requests.length = 0;
    box = sandbox();
    Object.assign(box.env, { OPENAI_BASE_URL: model.openaiBaseURL, OPENAI_API_KEY: KEY, ANTHROPIC_BASE_URL: model.anthropicBaseURL, ANTHROPIC_API_KEY: KEY });
  });

  for (const spec of ['openai:gpt-test', 'anthropic:claude-test']) {
    it(`${spec}: the model calls echo, gets its result, and its reply streams to stdout`, async () => {
      model.script({ toolCalls: [{ name: 'echo', arguments: { message: 'hello there' } }], usage: { input: 120, output: 9 } }, { text: 'The server echoed: hello there', usage: { input: 150, output: 7 } });
      const r = await runCli(['ask', 'Say hello there with the echo tool', '--model', spec, ...everything], box);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('The server echoed: hello there\n');
      expect(r.stderr).toContain('→ adhoc/echo {"message":"hello there"}');
      expect(r.stderr).toMatch(/✓ done in \d+ ms/);
      expect(r.stderr).toContain(`${spec} · 2 model requests · 1 tool call · 270 tokens in, 16 out`);
      expect(model.requests).toHaveLength(2);
      for (const request of model.requests) expect(request.problems, JSON.stringify(request.body)).toEqual([]);
      expect(model.requests.every((q) => q.stream)).toBe(true);
      const [first, second] = model.requests as [RecordedRequest, RecordedRequest];
      const offered = first.api === 'openai' ? first.body.tools.map((t: { function: { name: string } }) => t.function.name) : first.body.tools.map((t: { name: string }) => t.name);
      expect(offered).toContain('echo');
      expect(offered).toContain('get-sum');
      expect(toolResults(second).join()).toContain('Echo: hello there');
    });
  }

  it('--json: the reply, each call with its result, the token use', async () => {
    model.script({ toolCalls: [{ name: 'get-sum', arguments: { a: 2, b: 3 } }] }, { text: '5', usage: { input: 10, output: 1 } });
    const r = await runCli(['ask', 'add 2 and 3', '--model', 'openai:gpt-test', '--json', ...everything], box);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ model: 'openai:gpt-test', servers: ['adhoc'], reply: '5', errors: [], steps: 2 });
    expect(out.toolCalls).toEqual([expect.objectContaining({ server: 'adhoc', tool: 'get-sum', arguments: { a: 2, b: 3 }, status: 'done', isError: false })]);
    expect(JSON.stringify(out.toolCalls[0].result)).toContain('5');
  });

  it('a tool that may change things is not run without --allow-tools or --yes, and the model is told', async () => {
    const calls = () => model.script({ toolCalls: [{ name: 'toggle-simulated-logging', arguments: {} }] }, { text: 'ok' });
    calls();
    const refused = await runCli(['ask', 'turn logging on', '--model', 'openai:gpt-test', ...everything], box);
    expect(refused.code, refused.stderr).toBe(0);
    expect(refused.stderr).toContain('the model called adhoc/toggle-simulated-logging, which may change things or reach the outside world: not run (allow it with --allow-tools toggle-simulated-logging, or --yes)');
    expect(refused.stderr).toContain('⊘ not run');
    expect(toolResults(model.requests[1]!).join()).toContain('The user did not allow this tool call.');
    model.requests.length = 0;
    calls();
    const allowed = await runCli(['ask', 'turn logging on', '--model', 'openai:gpt-test', '--allow-tools', 'toggle-simulated-logging', ...everything], box);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stderr).toContain('✓ done');
    expect(toolResults(model.requests[1]!).join()).toMatch(/logging/i);
  });

  it('a refused key is said without the key, exit 5; no model configured is bad input', async () => {
    const r = await runCli(['ask', 'hi', '--model', 'openai:gpt-test', ...everything], { ...box, env: { ...box.env, OPENAI_API_KEY: 'sk-wrong-secret-value' } });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('openai:gpt-test refused the key (401)');
    expect(r.stdout + r.stderr).not.toContain('sk-wrong-secret-value');
    const none = await runCli(['ask', 'hi', ...everything], box);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no model chosen: pass --model provider:name');
    expect(none.stderr).not.toMatch(/\n\s+at /);
  });

  it('a provider of ones own from settings.json, asked for whole answers (no streaming)', async () => {
    mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
    const providers = { box: { api: 'openai', baseURL: model.openaiBaseURL, apiKey: '${BOX_KEY}', stream: false } };
    writeFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'settings.json'), JSON.stringify({ models: { default: 'box:local-model', providers } }));
    model.script({ toolCalls: [{ name: 'echo', arguments: { message: 'whole' } }] }, { text: 'done whole' });
    const r = await runCli(['ask', 'echo whole', ...everything], { ...box, env: { ...box.env, BOX_KEY: KEY } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('done whole\n');
    expect(model.requests.map((q) => [q.stream, q.body.model, q.problems])).toEqual([[false, 'local-model', []], [false, 'local-model', []]]);
  });

  it('--save keeps the exchange private; --replay sends its messages again', async () => {
    model.script({ toolCalls: [{ name: 'echo', arguments: { message: 'one' } }] }, { text: 'first' });
    const saved = await runCli(['ask', 'echo one', '--model', 'openai:gpt-test', '--save', 'talk.json', ...everything], box);
    expect(saved.code, saved.stderr).toBe(0);
    const path = join(box.cwd, 'talk.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const transcript = JSON.parse(readFileSync(path, 'utf8'));
    expect(transcript).toMatchObject({ mcpdeck: 'conversation', version: 1, model: 'openai:gpt-test', servers: ['adhoc'], messages: ['echo one'] });
    expect(transcript.turns.map((t: { kind: string }) => t.kind)).toEqual(['user', 'tool', 'assistant']);
    model.requests.length = 0;
    model.script({ text: 'again' });
    const replayed = await runCli(['ask', '--replay', 'talk.json', ...everything], box);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stdout).toBe('again\n');
    expect(JSON.stringify(model.requests[0]!.body.messages)).toContain('echo one');
    const broken = await runCli(['ask', '--replay', 'nothing.json', ...everything], box);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('--replay');
  });

  it('--on-sample model: server-everything\'s sampling request is answered by the model, its own prompt sent', async () => {
    model.script({ text: 'Teal, from the model.' });
    const r = await runCli(['call', 'trigger-sampling-request', 'prompt=Name a colour', 'maxTokens=20', '--on-sample', 'model', '--model', 'anthropic:claude-test', ...everything], box);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Teal, from the model.');
    expect(r.stdout).toContain('anthropic:claude-test');
    expect(r.stderr).toContain('the sampling request was answered by anthropic:claude-test');
    const [request] = model.requests;
    expect(request!.problems).toEqual([]);
    expect(request!.body).toMatchObject({ system: [{ type: 'text', text: 'You are a helpful test server.' }], max_tokens: 20 });
    expect(JSON.stringify(request!.body.messages)).toContain('Name a colour');
    expect(request!.body.tools).toBeUndefined();
  });

  it('models key keeps a piped key in the secret store; models says where each key comes from, never the key', async () => {
    const env = { ...box.env, MCPDECK_SECRETS: 'file', OPENAI_API_KEY: '' };
    const stored = spawnSync(process.execPath, [BIN, 'models', 'key', 'openai'], { cwd: box.cwd, env, input: `${KEY}\n`, encoding: 'utf8' });
    expect(stored.status, stored.stderr).toBe(0);
    expect(stored.stderr).toContain('the key for openai is kept in');
    const listed = await runCli(['models', '--json'], { ...box, env });
    const openai = JSON.parse(listed.stdout).providers.find((p: { provider: string }) => p.provider === 'openai');
    expect(openai).toMatchObject({ api: 'openai', key: 'secret store', keyEnv: 'OPENAI_API_KEY' });
    expect(listed.stdout).not.toContain(KEY);
    const table = await runCli(['models'], { ...box, env: { ...env, ANTHROPIC_API_KEY: KEY } });
    expect(table.stdout).toMatch(/anthropic\s+anthropic\s+key: \$ANTHROPIC_API_KEY/);
    expect(table.stdout).not.toContain(KEY);
    model.script({ text: 'from the stored key' });
    const asked = await runCli(['ask', 'hi', '--model', 'openai:gpt-test', ...everything], { ...box, env });
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).toBe('from the stored key\n');
    const unknown = await runCli(['models', 'key', 'nobody'], { ...box, env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"nobody" is not a known provider');
  });

  for (const era of ['v1', 'v2']) {
    it(`--on-sample model, sampling with tools (${era} server): the model's tool use goes back for the server to run`, async () => {
      model.script({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo', units: 'c' } }] });
      const r = await runCli(['call', 'ask_agent', 'question=Weather in Oslo?', 'choice=required', '--on-sample', 'model', '--model', 'openai:gpt-test', '--', process.execPath, SAMPLING_TOOLS, era], box);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('answered by openai:gpt-test with a use of get_weather');
      expect(r.stdout).toContain('"stopReason":"toolUse"');
      expect(r.stdout).toContain('"model":"openai:gpt-test"');
      expect(r.stdout).toMatch(/"name":"get_weather",("id":"toolu_\w+",)?"input":\{"city":"Oslo","units":"c"\}/);
      const [request] = model.requests;
      expect(request!.problems).toEqual([]);
      expect(request!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['get_weather', 'get_time']);
      expect(request!.body.tool_choice).toBe('required');
    });
  }
});
