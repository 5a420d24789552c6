import { afterEach, describe, expect, it } from 'vitest';
import { KEY } from './helpers/render.js';
import { fits, startSession, type Session } from './helpers/elicitation.js';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const TOOL = 'trigger-sampling-request';
const PROMPT = 'everything asks for a model reply (sampling)';

async function askForSample(session: Session): Promise<string> {
  await session.openTool('everything', TOOL);
  await session.typeText('What is 2+2?');
  await session.app.press(KEY.ctrl('s'));
  await session.app.waitFor(PROMPT);
  return session.offered('ctrl+s send reply');
}

describe('sampling by hand, against server-everything', () => {
  it('shows what the model would get, and the reply written by hand reaches the tool result', async () => {
    s = await startSession({ columns: 80, rows: 24 });
    const prompt = await askForSample(s);
    expect(fits(prompt, 80, 24), prompt).toBe(true);
    expect(prompt).toMatch(/system\s+You are a helpful test server\./);
    expect(prompt).toMatch(/model\s+no model hints · max 100 tokens · temperature 0\.7/);
    expect(prompt).toMatch(/user\s+Resource trigger-sampling-request context: What is 2\+2\?/);
    expect(prompt).toContain('[ Send ] ctrl+s');
    expect(prompt).toContain('[ Decline ] ctrl+x/esc');
    expect(prompt).toContain('waiting for your answer');
    // Nothing written: refused, and the prompt stays.
    await s.app.press(KEY.ctrl('s'));
    await s.app.waitFor('write a reply first, or decline');
    // q and ? are text here: they must not quit or open the help.
    await s.typeText('Four? q');
    await s.app.press(KEY.enter);
    await s.typeText('Obviously.');
    await s.app.waitFor('Obviously.');
    await s.app.press(KEY.ctrl('s'));
    const result = await s.app.waitFor('✓ ok');
    expect(result).not.toContain(PROMPT);
    const text = result.replace(/\x1b\[\d+m/g, '');
    expect(text).toContain('LLM sampling result');
    expect(text).toContain('"text": "Four? q\\nObviously."');
    expect(text).toContain('"model": "mcpdeck (written by hand)"');
  });

  it('declined with esc, the tool hears the refusal', async () => {
    s = await startSession();
    await askForSample(s);
    await s.app.press(KEY.esc);
    const result = await s.app.waitFor(/✗/);
    expect(result).not.toContain(PROMPT);
    expect(result).toContain('the person declined the sampling request');
  });
});
