import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY } from './helpers/render.js';
import { startSession, type Session } from './helpers/elicitation.js';
import { startModelStandIn, type ModelStandIn } from '../helpers/model-stand-in.js';

let s: Session | undefined;
let model: ModelStandIn;
const saved = { ...process.env };

beforeAll(async () => {
  model = await startModelStandIn({ apiKey: 'sk-ui' });
});
afterEach(async () => {
  await s?.close();
  s = undefined;
  for (const name of ['MCPDECK_MODEL', 'OPENAI_BASE_URL', 'OPENAI_API_KEY']) if (saved[name] === undefined) delete process.env[name];
  else process.env[name] = saved[name];
});
afterAll(() => model?.close());

async function askForSample(session: Session): Promise<void> {
  await session.openTool('everything', 'trigger-sampling-request');
  await session.typeText('What is 2+2?');
  await session.app.press(KEY.ctrl('s'));
  await session.offered('ctrl+g ask the model');
}

describe('a sampling request answered by the model, after the person says so', () => {
  it('ctrl+g sends the request to the model; its reply lands in the editor, and ctrl+s sends it', async () => {
    Object.assign(process.env, { MCPDECK_MODEL: 'openai:gpt-ui', OPENAI_BASE_URL: model.openaiBaseURL, OPENAI_API_KEY: 'sk-ui' });
    model.script({ text: 'Four, says the model.\u001b]52;c;aGk=\u0007' });
    s = await startSession({ columns: 100, rows: 30 });
    await askForSample(s);
    // Nothing went to the model before the key.
    expect(model.requests).toHaveLength(0);
    await s.app.press(KEY.ctrl('g'));
    const drafted = await s.app.waitFor('Four, says the model.');
    // The model's text is untrusted: its OSC 52 shows as a marker, never raw.
    expect(drafted).not.toContain('\u001b]52');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.problems).toEqual([]);
    expect(JSON.stringify(model.requests[0]!.body.messages)).toContain('What is 2+2?');
    await s.app.press(KEY.ctrl('s'));
    const result = (await s.app.waitFor('✓ ok')).replace(/\x1b\[\d+m/g, '');
    expect(result).toContain('Four, says the model.');
    expect(result).toContain('"model": "openai:gpt-ui"');
  });

  it('with no model configured, ctrl+g says what to set and the request still waits', async () => {
    delete process.env.MCPDECK_MODEL;
    s = await startSession({ columns: 100, rows: 30 });
    await askForSample(s);
    await s.app.press(KEY.ctrl('g'));
    const frame = await s.app.waitFor('the model: no model chosen');
    expect(frame).toContain('[ Send ] ctrl+s');
    await s.app.press(KEY.esc);
    await s.app.waitFor('the person declined the sampling request');
  });
});
