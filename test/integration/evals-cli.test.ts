import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { everythingStdio } from '../helpers/servers.js';
import { startModelStandIn, type ModelStandIn, type RecordedRequest, type ScriptedTurn } from '../helpers/model-stand-in.js';

const KEY = 'sk-test-evals';

/** The text of a request's first user message: which case it is for. */
function caseMessage(request: RecordedRequest): string {
  const first = request.body.messages.find((m: { role: string }) => m.role === 'user');
  return typeof first.content === 'string' ? first.content : first.content.map((b: { text?: string }) => b.text ?? '').join('');
}

/** The tool result the request carries last, as text, or undefined when the last message is the person's (either API). */
function lastToolResult(request: RecordedRequest): string | undefined {
  const last = request.body.messages.at(-1);
  if (request.api === 'openai') return last.role === 'tool' ? JSON.stringify(last.content) : undefined;
  const result = Array.isArray(last.content) ? last.content.find((b: { type: string }) => b.type === 'tool_result') : undefined;
  return result ? JSON.stringify(result.content) : undefined;
}

/**
 * A model that behaves per case: for "echo" it calls echo and then reports what it said;
 * for "logging" it calls toggle-simulated-logging (a tool that asks first); else it answers
 * without tools.
 */
function scriptedModel(request: RecordedRequest): ScriptedTurn {
  const result = lastToolResult(request);
  if (result !== undefined) return { text: `The server said: ${result}`, usage: { input: 150, output: 10 } };
  const message = caseMessage(request);
  if (message.includes('echo')) return { toolCalls: [{ name: 'echo', arguments: { message: 'hi' } }], usage: { input: 100, output: 20 } };
  if (message.includes('logging')) return { toolCalls: [{ name: 'toggle-simulated-logging', arguments: {} }], usage: { input: 100, output: 20 } };
  return { text: 'It is 5.', usage: { input: 80, output: 4 } };
}

const ECHOES = {
  name: 'echoes',
  message: 'Say hi with the echo tool',
  expect: { tools: ['echo'], order: 'strict', args: { 'everything/echo': { message: '/^hi$/' } }, text: { contains: 'Echo: hi' }, maxCalls: 1, noDestructive: true },
};
const ADDS = { name: 'adds', message: 'Add 2 and 3', expect: { tools: ['get-sum'], text: { matches: '5' } } };

type Xml = Record<string, unknown>;
const asList = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Xml[];

describe('mcpdeck eval: cases run on models over a real server', () => {
  let model: ModelStandIn;
  let box: ReturnType<typeof sandbox>;
  let config: string;
  const write = (name: string, value: unknown) => (writeFileSync(join(box.cwd, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2)), join(box.cwd, name));
  const evalCli = (...args: string[]) => runCli(['eval', '--strict', '-c', config, ...args], box);
  /** The requests that started a run of a case: the first of each conversation. */
  const starts = (message: string) => model.requests.filter((q) => caseMessage(q) === message && lastToolResult(q) === undefined);

  beforeAll(async () => {
    model = await startModelStandIn({ apiKey: KEY });
    model.respond(scriptedModel);
  });
  afterAll(() => model?.close());
  beforeEach(() => {
    model.requests.length = 0;
    box = sandbox();
    Object.assign(box.env, { OPENAI_BASE_URL: model.openaiBaseURL, OPENAI_API_KEY: KEY, ANTHROPIC_BASE_URL: model.anthropicBaseURL, ANTHROPIC_API_KEY: KEY, MCPDECK_SECRETS: 'file' });
    config = write('servers.json', { mcpServers: { everything: everythingStdio() } });
  });

  it('a passing and a failing case, 3 runs each: the table of pass rates, why the failing one failed, JUnit XML, exit 1', async () => {
    write('mcpdeck.evals.json', { models: ['openai:stand-in'], servers: ['everything'], runs: 3, cases: [ECHOES, ADDS] });
    const r = await evalCli('--junit', 'report.xml');
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^ {3}CASE {4}MODEL {12}PASS {2}TOOL CHOICE {2}TOKENS IN {2}TOKENS OUT {2}LATENCY$/);
    // echoes: two requests a run (the call, then the reply), 100+150 tokens in, 20+10 out.
    expect(lines[1]).toMatch(/^✓ {2}echoes {2}openai:stand-in {2}3\/3 {3}100% {9}250 {8}30 {10}[\d.]+ m?s$/);
    expect(lines[2]).toMatch(/^✗ {2}adds {4}openai:stand-in {2}0\/3 {3}0% {11}80 {9}4 {11}/);
    expect(r.stdout).toContain([
      '✗ adds (openai:stand-in): 0/3 runs passed',
      '    run 1: expect.tools: expected a call of get-sum; the model called none',
      '    run 2: expect.tools: expected a call of get-sum; the model called none',
      '    run 3: expect.tools: expected a call of get-sum; the model called none',
      '',
    ].join('\n'));
    expect(lines.at(-2)).toBe('1 of 2 passed (2 cases × 1 model, 6 runs)');
    // Each run is a conversation of its own: 3 first requests per case, each valid for the API.
    expect(starts(ECHOES.message)).toHaveLength(3);
    expect(starts(ADDS.message)).toHaveLength(3);
    expect(model.requests).toHaveLength(9);
    for (const request of model.requests) expect(request.problems).toEqual([]);
    expect(r.stderr).toMatch(/✓ echoes · openai:stand-in · run 1\/3 · /);
    expect(r.stderr).toMatch(/✗ adds · openai:stand-in · run 3\/3 · .*\n {4}expect\.tools: expected a call of get-sum/);

    const xml = readFileSync(join(box.cwd, 'report.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const suites = (new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as Xml).testsuites as Xml;
    expect(suites).toMatchObject({ name: 'mcpdeck', tests: '2', failures: '1', errors: '0' });
    const cases = asList(asList(suites.testsuite)[0]!.testcase);
    expect(cases.map((c) => [c.name, c.classname, c.failure === undefined])).toEqual([['echoes (openai:stand-in)', 'openai:stand-in', true], ['adds (openai:stand-in)', 'openai:stand-in', false]]);
    const failure = cases[1]!.failure as Xml;
    expect(failure).toMatchObject({ type: 'expectation', message: '0/3 runs passed; run 1: expect.tools: expected a call of get-sum; the model called none' });
    expect(failure['#text']).toContain('run 3: expect.tools');
  });

  it('--json: one object per case and model with its runs, in a stable shape', async () => {
    write('e.json', { servers: ['everything'], cases: [ECHOES, ADDS, { name: 'refused', message: 'turn logging on', expect: { tools: ['toggle-simulated-logging'], text: { contains: 'not allow' } } }] });
    const r = await evalCli('e.json', '--model', 'openai:stand-in', '--runs', '2', '--json');
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['passed', 'cases']);
    expect(out.passed).toBe(false);
    expect(out.cases.map((c: Xml) => [c.case, c.passed, c.runs, c.pass, c.toolAccuracy])).toEqual([['echoes', 2, 2, true, 1], ['adds', 0, 2, false, 0], ['refused', 2, 2, true, 1]]);
    const [echoes, adds, refused] = out.cases;
    expect(Object.keys(echoes)).toEqual(['file', 'case', 'model', 'runs', 'passed', 'failed', 'errors', 'passRate', 'pass', 'toolAccuracy', 'tokens', 'latencyMs', 'results']);
    expect(echoes).toMatchObject({ file: join(box.cwd, 'e.json'), model: 'openai:stand-in', failed: 0, errors: 0, passRate: 1, tokens: { input: 250, output: 30 } });
    expect(echoes.results[0]).toMatchObject({
      run: 1, status: 'passed', failures: [], error: null, toolsMatch: true, usage: { input: 250, output: 30 }, steps: 2,
      toolCalls: [{ server: 'everything', tool: 'echo', name: 'echo', arguments: { message: 'hi' }, status: 'done', destructive: false }],
    });
    expect(echoes.results[0].reply).toContain('Echo: hi');
    expect(adds.results[1]).toMatchObject({ run: 2, status: 'failed', failures: [{ expectation: 'tools', message: 'expected a call of get-sum; the model called none' }], reply: 'It is 5.', toolCalls: [] });
    // A tool that asks first is refused without allowTools or yes; the model chose it all the same.
    expect(refused.results[0].toolCalls).toEqual([expect.objectContaining({ tool: 'toggle-simulated-logging', status: 'denied' })]);
    expect(refused.results[0].reply).toContain('The user did not allow this tool call.');
  });

  it('every case passing on two models, through both APIs, exits 0; with no servers named, every enabled one gives its tools', async () => {
    write('e.yaml', `cases:\n  - name: echoes\n    message: ${ECHOES.message}\n    expect:\n      tools: [echo]\n      text: { matches: "Echo: hi" }\n`);
    const r = await evalCli('e.yaml', '--model', 'openai:stand-in,anthropic:stand-in');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/✓ {2}echoes {2}openai:stand-in {5}1\/1/);
    expect(r.stdout).toMatch(/✓ {2}echoes {2}anthropic:stand-in {2}1\/1/);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('2 of 2 passed (1 case × 2 models, 2 runs)');
    expect(new Set(model.requests.map((q) => q.api))).toEqual(new Set(['openai', 'anthropic']));
    for (const request of model.requests) expect(request.problems).toEqual([]);
  });

  it('a minPassRate lets some runs fail; a model error fails the eval whatever the rate', async () => {
    write('e.json', { servers: ['everything'], runs: 2, cases: [{ ...ADDS, minPassRate: 0 }] });
    const lenient = await evalCli('e.json', '--model', 'openai:stand-in');
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(lenient.stdout).toMatch(/✓ {2}adds {2}openai:stand-in {2}0\/2/);
    const wrongKey = await runCli(['eval', '--strict', '-c', config, 'e.json', '--model', 'openai:stand-in'], { ...box, env: { ...box.env, OPENAI_API_KEY: 'sk-wrong' } });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toMatch(/✗ {2}adds {2}openai:stand-in {2}0\/2 \(2 errors\)/);
    expect(wrongKey.stdout).toContain('    run 1: model error: openai:stand-in refused the key (401)');
    expect(wrongKey.stdout).not.toContain('sk-wrong');
  });

  it('a malformed file, a bad option or an unknown model or server exits 2, naming what to fix, before any model is asked', async () => {
    write('bad.json', { cases: [{ ...ECHOES, expect: { tools: ['echo'], order: 'sometimes' } }] });
    const bad = await evalCli('bad.json', '--model', 'openai:stand-in');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`mcpdeck: ${join(box.cwd, 'bad.json')}: case "echoes": expect.order: Invalid option: expected one of "any"|"strict"`);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    write('syntax.yaml', 'cases:\n  - name: a\n   message: b\n');
    expect((await evalCli('syntax.yaml')).stderr).toMatch(/syntax\.yaml:3:\d+: YAML syntax error/);
    write('ok.json', { cases: [{ ...ECHOES, servers: ['nowhere'] }] });
    const ghost = await evalCli('ok.json', '--model', 'openai:stand-in');
    expect([ghost.code, ghost.stderr.trim()]).toEqual([2, `mcpdeck: ${join(box.cwd, 'ok.json')}: case "echoes": no server named "nowhere" (see \`mcpdeck status\`)`]);
    write('ok.json', { servers: ['everything'], cases: [ECHOES] });
    const runs = await evalCli('ok.json', '--model', 'openai:stand-in', '--runs', '0');
    expect([runs.code, runs.stderr.trim()]).toEqual([2, 'mcpdeck: --runs "0" must be a whole number from 1 to 1000']);
    const provider = await evalCli('ok.json', '--model', 'nope:x');
    expect(provider.code).toBe(2);
    expect(provider.stderr).toContain('"nope:x" names no known provider');
    const noModel = await evalCli('ok.json');
    expect([noModel.code, noModel.stderr]).toEqual([2, expect.stringContaining('no model chosen')]);
    expect(model.requests).toEqual([]);
  });

  it('a file that lets the model run tools that ask first stops, running nothing, until approved; then it runs what the case allows', async () => {
    const logging = { name: 'logging', message: 'turn logging on', yes: true, expect: { tools: ['toggle-simulated-logging'], text: { contains: 'logging' } } };
    const path = write('e.json', { models: ['openai:stand-in'], servers: ['everything'], cases: [ECHOES, logging] });
    const stopped = await evalCli('e.json');
    expect(stopped.code).toBe(6);
    expect(stopped.stderr).toBe(`mcpdeck: ${path} lets the model run tools that may change things or reach the outside world, and is not approved (or changed since it was); nothing was run.\n  case "logging" allows every tool (yes)\n  review its cases, then: mcpdeck approve --file ${path}\n`);
    expect(model.requests).toEqual([]);
    const approved = await runCli(['approve', '--file', 'e.json'], box);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toBe(`approved ${path}; mcpdeck eval may now let the model run what its cases allow (a changed case asks again):\n  case "logging": every tool (yes)\n`);
    const r = await evalCli('e.json', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).cases[1].results[0].toolCalls).toEqual([expect.objectContaining({ tool: 'toggle-simulated-logging', status: 'done' })]);
  });

  it('an approval holds while what runs is the same: a changed message or grant asks again, a changed expectation does not', async () => {
    const logging = { name: 'logging', message: 'turn logging on', yes: true, expect: { tools: ['toggle-simulated-logging'] } };
    const path = write('e.json', { models: ['openai:stand-in'], servers: ['everything'], cases: [ECHOES, logging] });
    expect((await runCli(['approve', '--file', 'e.json'], box)).code).toBe(0);
    write('e.json', { models: ['openai:stand-in'], servers: ['everything'], runs: 2, cases: [{ ...ECHOES, expect: {} }, { ...logging, expect: { maxCalls: 1 } }] });
    expect((await evalCli('e.json')).code).toBe(0);
    write('e.json', { models: ['openai:stand-in'], servers: ['everything'], cases: [ECHOES, { ...logging, message: 'turn logging off' }] });
    expect((await evalCli('e.json')).code).toBe(6);
    write('e.json', { models: ['openai:stand-in'], servers: ['everything'], cases: [ECHOES, { ...logging, yes: false, allowTools: ['toggle-simulated-logging'] }] });
    const allow = await evalCli('e.json');
    expect([allow.code, allow.stderr]).toEqual([6, expect.stringContaining('case "logging" allows toggle-simulated-logging')]);
    expect((await runCli(['revoke', '--file', 'e.json'], box)).stdout).toContain(`revoked the approval of ${path}`);
  });
});
