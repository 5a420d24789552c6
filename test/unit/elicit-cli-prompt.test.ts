import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormElicitation, PendingRequest, SamplingRequest, UrlElicitation } from '../../src/core/elicitation/types.js';
import { answerPolicy, type AnswerSettings } from '../../src/cli/elicit/policy.js';
import { LinePrompter } from '../../src/cli/elicit/terminal.js';
import { loadValidator } from '../../src/core/schema/validator.js';

// The schema checker loads on first use (validator.ts); these tests check values directly.
beforeAll(loadValidator);

const base = { id: 1, server: 'srv', receivedAt: 0 };
const form = (requestedSchema: object, message = 'Tell me'): FormElicitation =>
  ({ ...base, kind: 'elicit-form', message, requestedSchema }) as FormElicitation;
const profile = form({
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'Your name' },
    age: { type: 'integer', minimum: 0, default: 30 },
    colour: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] },
    pets: { type: 'array', items: { type: 'string', enum: ['cat', 'dog', 'fish'] }, minItems: 1 },
    pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] },
    agree: { type: 'boolean' },
  },
  required: ['name', 'age'],
});
const link: UrlElicitation = { ...base, kind: 'elicit-url', message: 'Sign', url: 'https://example.com/sign', domain: 'example.com', elicitationId: 'e' };
const sampling: SamplingRequest = {
  ...base,
  kind: 'sample',
  params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], systemPrompt: 'Be kind', maxTokens: 20, temperature: 0.5 },
};

/** A terminal fed these lines; what it printed is in `out()`. */
function terminal(lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (d: Buffer) => (printed += d.toString()));
  input.end(lines.map((l) => `${l}\n`).join(''));
  const interrupt = vi.fn();
  return { prompter: new LinePrompter(input, output, interrupt), out: () => printed };
}

function policy(settings: Partial<AnswerSettings>, lines?: string[]) {
  const said: string[] = [];
  const openUrl = vi.fn(async () => undefined);
  const term = lines ? terminal(lines) : undefined;
  const p = answerPolicy({ onElicit: 'ask', onSample: 'ask', ...settings }, { prompter: term?.prompter, say: (t) => said.push(t), openUrl });
  const answer = (r: PendingRequest) => p(r, new AbortController().signal);
  return { answer, said, openUrl, out: () => term?.out() ?? '' };
}

describe('asking on the terminal', () => {
  it('asks field by field, typed as the schema says, and re-asks what is wrong', async () => {
    const t = policy({}, ['', 'Ada', '-5', '2', '1,3', 'Dogs', 'y', '41']);
    expect(await t.answer(profile)).toEqual({ action: 'accept', content: { name: 'Ada', age: 41, colour: 'g', pets: ['cat', 'fish'], pet: 'p2', agree: true } });
    const out = t.out();
    expect(out).toContain('srv asks: Tell me');
    expect(out).toContain('Name * (name) — Your name');
    expect(out).toContain('[30] >');
    expect(out).toContain('choose one: 1) Red  2) Green');
    expect(out).toContain('1) Cats  2) Dogs');
    expect(out).toContain('✗ age: must be >= 0');
  });

  it('keeps defaults on enter, refuses an unknown choice at once, and declines or cancels on request', async () => {
    const t = policy({}, ['y', 'Bo', '', '7', 'red', '1', '', '', '']);
    expect(await t.answer(profile)).toEqual({ action: 'accept', content: { name: 'Bo', age: 30, colour: 'r' } });
    expect(t.out()).toContain('✗ "7" is not one of the choices');
    expect(await policy({}, ['n']).answer(profile)).toEqual({ action: 'decline' });
    expect(await policy({}, ['c']).answer(profile)).toEqual({ action: 'cancel' });
  });

  it('cancels when the input ends mid-form', async () => {
    expect(await policy({}, ['y', 'Ada']).answer(profile)).toEqual({ action: 'cancel' });
  });

  it('takes a form outside the subset as JSON, checked against the schema', async () => {
    const nested = form({ type: 'object', properties: { at: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } }, required: ['at'] });
    const t = policy({}, ['y', '{"at": {}}', 'nope', '{"at": {"x": 1}}']);
    expect(await t.answer(nested)).toEqual({ action: 'accept', content: { at: { x: 1 } } });
    expect(t.out()).toContain('✗ at: x: required');
    expect(t.out()).toContain('✗ not JSON');
  });

  it('opens a page only on yes, and shows the full URL and its domain', async () => {
    const no = policy({}, ['']);
    expect(await no.answer(link)).toEqual({ action: 'decline' });
    expect(no.openUrl).not.toHaveBeenCalled();
    expect(no.out()).toMatch(/URL: +https:\/\/example\.com\/sign\n +domain: example\.com/);
    const yes = policy({}, ['y']);
    expect(await yes.answer(link)).toEqual({ action: 'accept', content: {} });
    expect(yes.openUrl).toHaveBeenCalledWith('https://example.com/sign');
  });

  it('shows a sampling request and takes the reply until an empty line', async () => {
    const t = policy({}, ['Hello', 'there', '']);
    expect(await t.answer(sampling)).toEqual({ action: 'reply', text: 'Hello\nthere' });
    expect(t.out()).toContain('system: Be kind');
    expect(t.out()).toContain('user: Say hi');
    expect(t.out()).toContain('max tokens 20 · temperature 0.5');
    expect(await policy({}, ['']).answer(sampling)).toEqual({ action: 'decline' });
  });

  it('never lets control sequences from the server reach the terminal', async () => {
    const t = policy({}, ['n']);
    await t.answer(form({ type: 'object', properties: {} }, 'hi\u001b]0;pwned\u0007\u001b[2J'));
    expect(t.out()).not.toMatch(/\u001b\]|\u001b\[2J|\u0007/);
  });
});

describe('answering by the options', () => {
  it('accepts the defaults, and fails a form whose required field has none', async () => {
    const t = policy({ onElicit: 'accept-defaults' });
    await expect(t.answer(profile)).rejects.toThrow('srv asked "Tell me": "name" is required and has no default; give it with --answers <file.json>');
    expect(t.said.at(-1)).toMatch(/^mcpdeck: srv asked "Tell me": "name" is required/);
    const easy = form({ type: 'object', properties: { n: { type: 'number', default: 2 } } });
    expect(await t.answer(easy)).toEqual({ action: 'accept', content: {} });
  });

  it('answers fields by name from a file, ignoring names the form does not ask, and refuses bad values', async () => {
    const answers = (values: Record<string, unknown>) => ({ answers: { file: 'a.json', values } });
    expect(await policy(answers({ name: 'Ada', other: 1 })).answer(profile)).toEqual({ action: 'accept', content: { name: 'Ada' } });
    await expect(policy(answers({ age: 3 })).answer(profile)).rejects.toThrow('a.json has no value for "name", which is required and has no default');
    await expect(policy(answers({ name: 'A', age: '3' })).answer(profile)).rejects.toThrow('a.json: "age" must be integer');
  });

  it('declines or cancels, and never accepts a link without a person', async () => {
    expect(await policy({ onElicit: 'decline' }).answer(profile)).toEqual({ action: 'decline' });
    expect(await policy({ onElicit: 'cancel' }).answer(profile)).toEqual({ action: 'cancel' });
    for (const onElicit of ['ask', 'accept-defaults', 'decline'] as const) {
      const t = policy({ onElicit });
      expect(await t.answer(link)).toEqual({ action: 'decline' });
      expect(t.said.join('\n')).toContain('https://example.com/sign');
      expect(t.openUrl).not.toHaveBeenCalled();
    }
    expect(await policy({ onElicit: 'cancel' }).answer(link)).toEqual({ action: 'cancel' });
  });

  it('fails what needs a person when there is no terminal, saying which option answers it', async () => {
    await expect(policy({}).answer(profile)).rejects.toThrow('srv asked for input ("Tell me") and there is no terminal to answer it; use --on-elicit or --answers');
    await expect(policy({}).answer(sampling)).rejects.toThrow('use --sample-reply <file> or --on-sample decline');
  });

  it('answers sampling from a reply file, or declines', async () => {
    expect(await policy({ sampleReply: 'Hi.' }).answer(sampling)).toEqual({ action: 'reply', text: 'Hi.' });
    expect(await policy({ onSample: 'decline' }).answer(sampling)).toEqual({ action: 'decline' });
  });

  it('shows the tools a sampling request offers and takes a tool use, checked against its schema', async () => {
    const tools: SamplingRequest = {
      ...sampling,
      params: {
        ...sampling.params,
        tools: [{ name: 'get_weather', description: 'Weather \u001b[31mnow\u001b[0m\nsecond line', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
        toolChoice: { mode: 'required' },
      },
    };
    const t = policy({}, ['Sunny.', '', '/tool get_weather {"town": 1}', '/tool get_weather nope', '/tool get_weather {"city": "Oslo"}']);
    expect(await t.answer(tools)).toEqual({ action: 'tool', name: 'get_weather', input: { city: 'Oslo' } });
    const out = t.out();
    expect(out).toContain('tools offered (tool choice: required):');
    expect(out).toContain('get_weather(city: string) — Weather');
    expect(out).not.toContain('\u001b');
    expect(out).toContain('/tool <name> {"key": "value"}');
    expect(out).toContain('✗ the server requires a tool use');
    expect(out).toContain('✗ the input does not fit get_weather\'s schema; nothing was sent; city: required');
    expect(out).toContain('✗ the input must be a JSON object');
    // A file's text cannot answer what requires a tool use, and no terminal is there to.
    await expect(policy({ sampleReply: 'Hi.' }).answer(tools)).rejects.toThrow('srv requires a tool use (toolChoice "required") and --sample-reply answers with text');
  });

  it('leaves "ask" to the TUI when interactive', async () => {
    const p = answerPolicy({ onElicit: 'ask', onSample: 'ask' }, { interactive: true, say: () => undefined, openUrl: async () => undefined });
    const signal = new AbortController().signal;
    expect(await p(profile, signal)).toBeUndefined();
    expect(await p(link, signal)).toBeUndefined();
    expect(await p(sampling, signal)).toBeUndefined();
  });
});
