// The same checks against the model stand-in (always) and against a real model when
// MCPDECK_TEST_MODEL names one (e.g. MCPDECK_TEST_MODEL=openai:gpt-4.1-mini with
// OPENAI_API_KEY set): what is asserted holds for any model that follows plain instructions,
// so the stand-in answers as such a model would, deciding from what it is sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { EVERYTHING } from './helpers/everything.js';
import { startModelStandIn, type ModelStandIn, type RecordedRequest, type ScriptedTurn } from '../helpers/model-stand-in.js';

const everything = ['--', process.execPath, EVERYTHING, 'stdio'];
const WORD = 'purple-otter-42';

/** The text of the last tool result a request carries, in either API's shape; undefined when the last message is not one. */
function lastToolResult(request: RecordedRequest): string | undefined {
  const last = request.body.messages.at(-1);
  if (request.api === 'openai') return last.role === 'tool' ? String(last.content) : undefined;
  const result = Array.isArray(last.content) ? last.content.find((b: { type: string }) => b.type === 'tool_result') : undefined;
  return result ? JSON.stringify(result.content) : undefined;
}

/** A model that does what it is asked: calls echo with the quoted word when told to, then says what came back. */
function plainModel(request: RecordedRequest): ScriptedTurn {
  const result = lastToolResult(request);
  if (result !== undefined) return { text: `It returned: ${result.includes(WORD) ? `Echo: ${WORD}` : result}` };
  const asked = JSON.stringify(request.body.messages);
  if (request.body.tools && asked.includes('echo tool')) return { toolCalls: [{ name: 'echo', arguments: { message: WORD } }] };
  return { text: asked.includes('colour') ? 'Teal' : 'Hello.' };
}

const live = process.env.MCPDECK_TEST_MODEL;
const targets = [{ name: 'the model stand-in', spec: 'openai:plain-model' }, ...(live ? [{ name: `${live} (MCPDECK_TEST_MODEL)`, spec: live }] : [])];

describe.each(targets)('a model over server-everything: $name', ({ spec }) => {
  let standIn: ModelStandIn | undefined;
  const env = () => {
    const box = sandbox();
    if (standIn) Object.assign(box.env, { OPENAI_BASE_URL: standIn.openaiBaseURL, OPENAI_API_KEY: 'sk-plain' });
    return box;
  };

  beforeAll(async () => {
    if (spec === 'openai:plain-model') (standIn = await startModelStandIn()).respond(plainModel);
  });
  afterAll(() => standIn?.close());

  it('ask: the model calls echo with the word it was given, and says what came back', async () => {
    const r = await runCli(['ask', `Call the echo tool with the message "${WORD}", then tell me exactly what it returned.`, '--model', spec, ...everything], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`→ adhoc/echo {"message":"${WORD}"}`);
    expect(r.stdout).toContain(WORD);
    for (const request of standIn?.requests ?? []) expect(request.problems).toEqual([]);
  });

  it('--on-sample model: the sampling request of server-everything gets the model\'s reply', async () => {
    const r = await runCli(['call', 'trigger-sampling-request', 'prompt=Name one colour, in one word.', 'maxTokens=20', '--on-sample', 'model', '--model', spec, ...everything], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`"model": "${spec}"`);
    expect(r.stdout).toMatch(/"text": "\S+/);
  });

  it('eval: a case the model passes and one it cannot pass, exit 1', async () => {
    const box = env();
    const cases = [
      { name: 'echoes', message: `Call the echo tool with the message "${WORD}", then tell me exactly what it returned.`, expect: { tools: ['echo'], args: { echo: { message: WORD } }, text: { contains: WORD } } },
      { name: 'no tool for this', message: 'Say hello.', expect: { tools: ['get-sum'] } },
    ];
    writeFileSync(join(box.cwd, 'mcpdeck.evals.json'), JSON.stringify({ models: [spec], cases }));
    const r = await runCli(['eval', '--json', ...everything], box);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout);
    const passed = Object.fromEntries(report.cases.map((c: { case: string; pass: boolean }) => [c.case, c.pass]));
    expect(passed).toEqual({ echoes: true, 'no tool for this': false });
  });
});
