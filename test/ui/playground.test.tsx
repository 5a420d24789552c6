// The model playground (m on the server list) over a real server-everything, with a model
// stand-in answering as OpenAI's Chat Completions would: the message goes out with the
// server's tools, the model's call of echo runs through the deck and its result goes back,
// a call that may change things waits for y, a or n, and the exchange saves and replays.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { everythingStdio } from '../helpers/servers.js';
import { startModelStandIn, type ModelStandIn, type RecordedRequest } from '../helpers/model-stand-in.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

let model: ModelStandIn;
let deck: Deck | undefined;
let app: Rendered | undefined;

beforeAll(async () => {
  model = await startModelStandIn();
});
afterAll(() => model.close());
afterEach(async () => {
  app?.unmount();
  await deck?.close();
  app = deck = undefined;
  model.requests.length = 0;
});

/** The environment of a person who set no model (no MCPDECK_MODEL), with the stand-in as OpenAI's endpoint. */
function envOf(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, OPENAI_BASE_URL: model.openaiBaseURL, OPENAI_API_KEY: 'x' };
  delete env.MCPDECK_MODEL;
  return env;
}

/** The deck on server-everything with `--model openai:test-model`, in the playground, conversation started. */
async function playground(spec: string | null = 'openai:test-model'): Promise<Rendered> {
  deck = await deckWith({ everything: everythingStdio() }, { env: envOf(), ...(spec && { model: spec }) });
  app = renderApp(deck, { columns: 110, rows: 32 });
  await deck.connectAll();
  await app.waitFor('✓ connected');
  await app.press('m');
  await app.waitFor('The servers whose tools the model gets');
  return app;
}

/** Types a message and sends it. */
async function send(app: Rendered, text: string): Promise<void> {
  await app.waitFor('a message for the model');
  await app.press(text, KEY.enter);
}

/** The messages of a request, as sent. */
const messagesOf = (request: RecordedRequest) => request.body.messages as { role: string; content: unknown; tool_calls?: unknown[] }[];

describe('the model playground', () => {
  it('sends the message with the tools of the server picked, runs the model’s call of echo and shows the reply', async () => {
    const app = await playground();
    const tools = deck!.server('everything')!.tools.length;
    const picker = await app.waitFor(/tokens of definitions/);
    expect(picker).toContain('model openai:test-model');
    expect(picker).toMatch(/› \[x\] everything\s+\d+ tools/);
    expect(picker).toContain(`The model sees ${tools} tools`);
    await app.press(KEY.enter);

    model.script(
      { toolCalls: [{ name: 'echo', arguments: { message: 'hello deck' } }], usage: { input: 120, output: 9 } },
      // A model's text is untrusted too: a screen clear shows as a marker.
      { text: 'The server said hello deck back.\x1b[2J', usage: { input: 150, output: 8 } },
    );
    await send(app, 'say hello through echo');
    const frame = await app.waitFor('The server said hello deck back.');
    expect(frame).toContain('you    say hello through echo');
    expect(frame).toContain('everything/echo {"message":"hello deck"}');
    expect(frame).toContain('→ Echo: hello deck');
    expect(frame).toMatch(/✓ +everything\/echo/);
    expect(frame).toContain('⟦ESC[2J⟧');
    expect(frame).not.toContain('\x1b[2J');
    expect(await app.waitFor('270 tokens in · 17 out · 2 model requests')).toMatch(/\d+\.\d s/);

    // The model saw exactly the server's tools, and read echo's result back.
    const [first, second] = model.requests;
    expect(first!.problems).toEqual([]);
    expect((first!.body.tools as { function: { name: string } }[]).map((t) => t.function.name)).toHaveLength(tools);
    expect(messagesOf(second!).at(-1)).toMatchObject({ role: 'tool', content: 'Echo: hello deck' });

    // Tab picks the call; enter shows the whole of it; esc comes back, esc again leaves.
    await app.press(KEY.tab, KEY.enter);
    const detail = await app.waitFor('result, as the model read it:');
    expect(detail).toContain('"message": "hello deck"');
    await app.press(KEY.esc);
    await app.waitFor('The server said hello deck back.');
    await app.press(KEY.esc, KEY.esc);
    await app.waitFor((f) => f.includes('✓ connected') && !f.includes('playground'));
  });

  it('asks before a call that may change things or reach the outside world: n tells the model, y runs it once, a for the conversation', async () => {
    const app = await playground();
    await app.press(KEY.enter);
    const gzip = { name: 'gzip-file-as-resource', arguments: { name: 'hi.gz', data: 'data:text/plain;base64,aGVsbG8=', outputType: 'resource' } };
    model.script({ toolCalls: [gzip] }, { text: 'Understood, I did not compress it.' });
    await send(app, 'compress hello');
    const asked = await app.waitFor('? The model wants to run everything/gzip-file-as-resource');
    expect(asked).toContain('may change things (not declared read-only) and may reach the outside world (open-world)');
    expect(asked).toContain('y: run it once');
    // Nothing was called while it asks.
    expect(model.requests).toHaveLength(1);
    await app.press('n');
    const refused = await app.waitFor('Understood, I did not compress it.');
    expect(refused).toMatch(/⊘ +everything\/gzip-file-as-resource/);
    expect(refused).toContain('not run: not allowed by the person');
    expect(messagesOf(model.requests[1]!).at(-1)).toMatchObject({ role: 'tool', content: 'The user did not allow this tool call.' });

    model.script({ toolCalls: [gzip] }, { text: 'Compressed once.' });
    await send(app, 'now compress it');
    await app.waitFor('? The model wants to run');
    await app.press('y');
    const ran = await app.waitFor('Compressed once.');
    expect(ran).toMatch(/✓ +everything\/gzip-file-as-resource/);

    // `a`: the same tool runs without asking for the rest of the conversation.
    const toggle = { name: 'toggle-simulated-logging', arguments: {} };
    model.script({ toolCalls: [toggle] }, { toolCalls: [toggle] }, { text: 'Toggled twice.' });
    await send(app, 'toggle logging twice');
    await app.waitFor('? The model wants to run everything/toggle-simulated-logging');
    await app.press('a');
    const twice = await app.waitFor('Toggled twice.');
    expect(twice.match(/✓ +everything\/toggle-simulated-logging/g)).toHaveLength(2);
  });

  it('stops a turn with esc, even one that waits for a yes, and goes on from there', async () => {
    const app = await playground();
    await app.press(KEY.enter);
    model.script({ toolCalls: [{ name: 'toggle-simulated-logging', arguments: {} }] });
    await send(app, 'toggle logging');
    await app.waitFor('? The model wants to run');
    await app.press(KEY.esc);
    const stopped = await app.waitFor('✗      stopped');
    expect(stopped).toContain('not run: stopped');
    // The next message goes out with the stopped call answered, as the APIs require.
    model.script({ text: 'Fine, not toggled.' });
    await send(app, 'never mind');
    await app.waitFor('Fine, not toggled.');
    const sent = messagesOf(model.requests.at(-1)!);
    expect(model.requests.at(-1)!.problems).toEqual([]);
    expect(sent.find((m) => m.role === 'tool')).toMatchObject({ content: 'The user stopped this turn before the tool ran.' });
  });

  it('saves the exchange to a file (0600) and replays its messages in a new conversation', async () => {
    const app = await playground();
    await app.press(KEY.enter);
    model.script({ text: 'First answer.' });
    await send(app, 'first question');
    await app.waitFor('First answer.');
    await app.press(KEY.ctrl('s'));
    const asked = await app.waitFor('Save to: ');
    expect(asked).toMatch(/Save to: \.mcpdeck\/conversations\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json/);
    await app.press(KEY.ctrl('u'), 'talk.json', KEY.enter);
    const file = join(deck!.cwd, 'talk.json');
    await app.waitFor(`saved to ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { model: string; servers: string[]; messages: string[] };
    expect(saved).toMatchObject({ model: 'openai:test-model', servers: ['everything'], messages: ['first question'] });

    model.script({ text: 'Replayed answer.' });
    await app.press(KEY.ctrl('r'));
    await app.waitFor('Replay the conversation in: talk.json');
    await app.press(KEY.enter);
    const replayed = await app.waitFor('Replayed answer.');
    // A new conversation: the first answer is gone, the message was sent again with no history.
    expect(replayed).not.toContain('First answer.');
    expect(messagesOf(model.requests.at(-1)!).filter((m) => m.role !== 'system')).toEqual([{ role: 'user', content: 'first question' }]);

    await app.press(KEY.ctrl('r'), KEY.ctrl('u'), 'missing.json', KEY.enter);
    await app.waitFor(/not replayed: .*missing\.json: cannot read it \(ENOENT\)/);
  });

  it('e saves the last message as an eval case: the tools called as what must be called, the ones allowed by the person allowed', async () => {
    const app = await playground();
    await app.press(KEY.enter);
    const toggle = { name: 'toggle-simulated-logging', arguments: {} };
    model.script({ toolCalls: [{ name: 'echo', arguments: { message: 'x' } }] }, { toolCalls: [toggle] }, { text: 'Echoed and toggled.' });
    await send(app, 'echo x, then toggle logging');
    await app.waitFor('? The model wants to run everything/toggle-simulated-logging');
    await app.press('y');
    await app.waitFor('Echoed and toggled.');
    await app.press(KEY.ctrl('t'));
    await app.waitFor('Add an eval case to: mcpdeck.evals.json');
    await app.press(KEY.enter);
    const file = join(deck!.cwd, 'mcpdeck.evals.json');
    await app.waitFor('case "echo x, then toggle logging" added to mcpdeck.evals.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      cases: [{
        name: 'echo x, then toggle logging',
        message: 'echo x, then toggle logging',
        servers: ['everything'],
        allowTools: ['everything/toggle-simulated-logging'],
        expect: { tools: ['everything/echo', 'everything/toggle-simulated-logging'], maxCalls: 2 },
      }],
    });
    // The same message again: the case is added under a name of its own, the file kept.
    await app.press(KEY.tab, 'e');
    await app.waitFor('Add an eval case to: mcpdeck.evals.json');
    await app.press(KEY.enter);
    await app.waitFor('case "echo x, then toggle logging (2)" added');
  });

  it('scrolls a long conversation with PgUp and PgDn, and follows its end again at the bottom', async () => {
    const app = await playground();
    await app.press(KEY.enter);
    model.script({ text: Array.from({ length: 60 }, (_, i) => `line ${i + 1} of the answer`).join('\n') });
    await send(app, 'a long answer please');
    const end = await app.waitFor('line 60 of the answer');
    expect(end).not.toContain('you    a long answer please');
    expect(end).toMatch(/↑\d+ \(PgUp\/PgDn\)/);
    await app.press('\x1b[5~', '\x1b[5~', '\x1b[5~');
    const top = await app.waitFor('you    a long answer please');
    expect(top).toMatch(/↓\d+ \(PgUp\/PgDn\)/);
    expect(top).not.toContain('line 60 of the answer');
    await app.press(KEY.pageDown, KEY.pageDown, KEY.pageDown);
    await app.waitFor((f) => f.includes('line 60 of the answer') && !f.includes('↓'));
  });

  it('says how to choose a model when none is configured, and starts nothing', async () => {
    const app = await playground(null);
    const frame = await app.waitFor('no model chosen: pass --model provider:name');
    expect(frame).toContain('[x] everything');
    await app.press(KEY.enter);
    await app.waitFor('The servers whose tools the model gets');
    expect(app.frame()).not.toContain('a message for the model');
    expect(model.requests).toHaveLength(0);
    await app.press(KEY.esc);
    await app.waitFor((f) => f.includes('✓ connected') && !f.includes('The servers whose tools'));
  });
});
