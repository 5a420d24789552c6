import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { KEY } from './helpers/render.js';
import { fits, startSession, type Session } from './helpers/elicitation.js';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const TOOL = 'trigger-elicitation-request';
const PROMPT = 'everything asks you to fill in a form';

/** Calls the tool from its (empty) form; the server's form then appears over the running call. */
async function callAndWaitForPrompt(session: Session): Promise<string> {
  await session.openTool('everything', TOOL);
  await session.app.press(KEY.ctrl('s'));
  await session.app.waitFor(PROMPT);
  return session.offered('ctrl+x decline');
}

describe('a form elicitation from server-everything', () => {
  it('is filled in over the running call, refuses a bad value inline, and the tool echoes what was sent', async () => {
    s = await startSession({ columns: 100, rows: 60 });
    const prompt = await callAndWaitForPrompt(s);
    expect(prompt).toContain('Please provide inputs for the following fields:');
    expect(prompt).toContain('1 of 1');
    expect(prompt).toMatch(/calling trigger-elicitation-request · waiting for your answer/);
    expect(prompt).toContain('[ Accept ]');
    expect(prompt).toContain('[ Decline ] ctrl+x');
    expect(prompt).toContain('[ Cancel ] esc');
    // Accept (the form's own send) and the other answers start in the same column.
    const column = (label: string) => prompt.split('\n').find((l) => l.includes(label))!.indexOf(label);
    expect(column('[ Decline ]')).toBe(column('[ Accept ]'));
    // Defaults are prefilled; the required name is marked.
    expect(prompt).toContain('It was a dark and stormy night.');
    expect(prompt).toMatch(/String\*/);
    const { app, typeText } = s;
    await typeText('Ada Lovelace');
    await app.press(KEY.tab, ' ');
    await app.waitFor('[x] yes');
    // Down to the integer (42 by default): 500 is over its maximum of 100.
    await app.press(KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.tab);
    await app.press(KEY.backspace, KEY.backspace);
    await typeText('500');
    await app.press(KEY.ctrl('s'));
    const refused = await app.waitFor('must be <= 100');
    expect(refused).toContain(PROMPT);
    await app.press(KEY.backspace, KEY.backspace, KEY.backspace);
    await typeText('7');
    // The number keeps its default; the single select moves to Rachel; the multi-select adds Piano.
    await app.press(KEY.tab, KEY.tab, KEY.right);
    await app.waitFor('Rachel');
    await app.press(KEY.tab, KEY.right, ' ');
    await app.waitFor('[x] Piano');
    await app.press(KEY.ctrl('s'));
    const result = await app.waitFor('✓ ok');
    expect(result).not.toContain(PROMPT);
    expect(result).toContain('User provided the requested information!');
    expect(result).toContain('- Name: Ada Lovelace');
    expect(result).toContain('- Agreed to terms: true');
    expect(result).toContain('- Favorite Integer: 7');
    // Numbers as numbers, the multi-select as a list of strings, defaults applied.
    expect(result).toMatch(/"integer": 7,/);
    expect(result).toMatch(/"number": 3\.14/);
    expect(result).toMatch(/"untitledSingleSelectEnum": "Rachel"/);
    expect(result.replace(/\s+/g, ' ')).toContain('"untitledMultipleSelectEnum": [ "Guitar", "Piano" ]');
  });

  it('declines with ctrl+x and cancels with esc; two requests queue and say "1 of 2"', async () => {
    s = await startSession();
    await callAndWaitForPrompt(s);
    // A second request from the same server, while the first waits.
    const second = s.deck.callTool('everything', TOOL, {});
    const queued = await s.app.waitFor('1 of 2');
    expect(queued).toContain(PROMPT);
    await s.app.press(KEY.ctrl('x'));
    await s.app.waitFor('1 of 1');
    await s.offered('esc cancel');
    await s.app.press(KEY.esc);
    const outcome = await second;
    const texts = outcome.result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    // The first in the queue was the UI's call: it was declined; the second was cancelled.
    const result = await s.app.waitFor('✓ ok');
    expect(result).toContain('User declined to provide the requested information.');
    expect(texts).toContain('User cancelled the elicitation dialog.');
    expect(s.app.frame()).not.toContain(PROMPT);
  });

  it('fits 80x24: the form scrolls and the answer buttons stay in view', async () => {
    s = await startSession({ columns: 80, rows: 24 });
    const prompt = await callAndWaitForPrompt(s);
    expect(fits(prompt, 80, 24), prompt).toBe(true);
    for (let i = 0; i < 12; i++) await s.app.press(KEY.tab);
    const bottom = await s.app.waitFor(/› Legacy Titled/);
    expect(fits(bottom, 80, 24), bottom).toBe(true);
    for (const text of ['1 of 1', '[ Accept ]', '[ Decline ] ctrl+x', '[ Cancel ] esc', '╰', 'tab/↓ next']) expect(bottom).toContain(text);
    expect(bottom).not.toContain('Your full, legal name');
  });

  it('closes with a notice when the request goes away (the connection closed)', async () => {
    s = await startSession();
    await callAndWaitForPrompt(s);
    void s.deck.reconnect('everything');
    const notice = await s.app.waitFor(/withdrawn:\s+the\s+connection\s+closed/);
    expect(notice).not.toContain(PROMPT);
    // Under the breadcrumb, in two rows at most.
    expect(notice.split('\n').slice(1, 3).join(' ')).toMatch(/^⊘ the form "Please provide inputs.*" from everything was withdrawn: the connection closed$/);
  });
});

// A fixture that asks in ways server-everything does not: withdrawn questions, schemas beyond the subset.
const asks = { command: process.execPath, args: [fileURLToPath(new URL('../fixtures/servers/asks.mjs', import.meta.url))] };

/** Calls a tool of the fixture (unannotated, so the call asks first) and waits for its prompt. */
async function callAsks(session: Session, tool: string, text = ''): Promise<string> {
  await session.openTool('asks', tool);
  return callAgain(session, text);
}

/** From the tool's form: types `text`, sends, says yes, and waits for the prompt. */
async function callAgain(session: Session, text: string): Promise<string> {
  await session.typeText(text);
  await session.app.press(KEY.ctrl('s'));
  await session.app.waitFor('Send this call?');
  await session.offered('y yes');
  await session.app.press('y');
  await session.app.waitFor('asks asks you to fill in a form');
  return session.offered('ctrl+x decline');
}

describe('requests a server withdraws, and schemas beyond the subset', () => {
  it('a request the server withdraws closes its prompt with a notice', async () => {
    s = await startSession({ columns: 100, rows: 30 }, { asks });
    // The SDK ignores notifications/cancelled for request id 0 (a falsy check), so the
    // first question on the connection is answered; the second is the one withdrawn.
    await callAsks(s, 'give-up', '60000');
    await s.app.press(KEY.ctrl('x'));
    expect(await s.app.waitFor('✓ ok')).toContain('answered');
    await s.offered('a call again');
    await s.app.press('a');
    await s.offered('ctrl+s send');
    await s.app.press(KEY.ctrl('u'));
    const prompt = await callAgain(s, '1500');
    expect(prompt).toContain('Anyone there?');
    const notice = await s.app.waitFor(/the form "Anyone there\?" from asks was withdrawn: the server cancelled it/);
    expect(notice).not.toContain('asks asks you to fill in a form');
    expect(await s.app.waitFor('✓ ok')).toContain('gave up');
  });

  it('a nested object and a pattern: said so, checked inline, and answered as JSON', async () => {
    s = await startSession({ columns: 80, rows: 24 }, { asks });
    const prompt = await callAsks(s, 'nested');
    expect(prompt).toContain('Where to?');
    expect(prompt).toContain('beyond the elicitation subset, checked as sent (ctrl+r: JSON): code uses');
    expect(prompt).toContain('"pattern"; address is a nested object');
    await s.typeText('abc');
    await s.app.press(KEY.ctrl('s'));
    const refused = await s.app.waitFor('must match pattern');
    expect(refused).toContain('✗ required');
    // As JSON: fix the code and fill in the nested object, then accept.
    await s.app.press(KEY.ctrl('r'));
    await s.app.waitFor('raw JSON · ctrl+r back to the form');
    await s.app.press(KEY.down, KEY.ctrl('e'), KEY.left, KEY.left, KEY.backspace, KEY.backspace, KEY.backspace);
    await s.typeText('ABC');
    await s.app.press(KEY.down, KEY.ctrl('e'), KEY.left);
    await s.typeText('"city": "Lisbon"');
    await s.app.waitFor('"address": {"city": "Lisbon"}');
    await s.app.press(KEY.ctrl('s'));
    const result = (await s.app.waitFor('✓ ok')).replace(/\x1b\[\d+m/g, '');
    expect(result.replace(/\s+/g, '')).toContain('"content":{"code":"ABC","address":{"city":"Lisbon"}}');
  });
});
