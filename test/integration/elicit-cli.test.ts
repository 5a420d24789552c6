import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { EVERYTHING } from './helpers/everything.js';

const ASKS = fileURLToPath(new URL('../fixtures/servers/asks.mjs', import.meta.url));
const everything = ['--', process.execPath, EVERYTHING, 'stdio'];
const asks = ['--', process.execPath, ASKS];

/** The JSON after "Raw result:" in server-everything's answer: exactly what it received. */
function rawResult(stdout: string): { action: string; content?: Record<string, unknown> } {
  return JSON.parse(stdout.slice(stdout.indexOf('Raw result:') + 'Raw result:'.length));
}

function file(box: { cwd: string }, name: string, text: string): string {
  writeFileSync(join(box.cwd, name), text);
  return name;
}

describe('mcpdeck call answering what servers ask', () => {
  it('--on-elicit accept-defaults sends the defaults, typed', async () => {
    const r = await runCli(['call', 'defaults', '--on-elicit', 'accept-defaults', ...asks], sandbox());
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ action: 'accept', content: { colour: 'green', size: 3 } });
    expect(r.stderr).toContain('mcpdeck: adhoc: answered "Pick a colour" with the defaults');
  });

  it('--on-elicit accept-defaults fails a form whose required field has no default, and says how to answer it', async () => {
    const r = await runCli(['call', 'trigger-elicitation-request', '--on-elicit', 'accept-defaults', ...everything], sandbox());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"name" is required and has no default; give it with --answers <file.json>');
  });

  it('--answers fills fields by name; the rest take their defaults', async () => {
    const box = sandbox();
    const answers = file(box, 'answers.json', JSON.stringify({ name: 'Ada', integer: 7, check: true, untitledMultipleSelectEnum: ['Piano', 'Bass'], unrelated: 'x' }));
    const r = await runCli(['call', 'trigger-elicitation-request', '--answers', answers, ...everything], box);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('- Name: Ada');
    expect(rawResult(r.stdout).content).toMatchObject({ name: 'Ada', integer: 7, check: true, untitledMultipleSelectEnum: ['Piano', 'Bass'], number: 3.14 });
    expect(rawResult(r.stdout).content).not.toHaveProperty('unrelated');
  });

  it('--answers with a wrong value fails the request and names the field; a bad file stops before connecting', async () => {
    const box = sandbox();
    const wrong = file(box, 'wrong.json', JSON.stringify({ name: 'Ada', integer: '7' }));
    const r = await runCli(['call', 'trigger-elicitation-request', '--answers', wrong, ...everything], box);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('wrong.json: "integer" must be integer');
    const list = file(box, 'list.json', '[1]');
    const bad = await runCli(['call', 'trigger-elicitation-request', '--answers', list, ...everything], box);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--answers list.json: must be a JSON object');
    const missing = await runCli(['call', 'x', '--answers', 'nope.json', ...everything], box);
    expect(missing.stderr).toMatch(/--answers: cannot read .*nope\.json: ENOENT/);
  });

  it('--on-elicit decline and cancel answer so', async () => {
    for (const action of ['decline', 'cancel']) {
      const r = await runCli(['call', 'trigger-elicitation-request', '--on-elicit', action, ...everything], sandbox());
      expect(r.code, r.stderr).toBe(0);
      expect(rawResult(r.stdout)).toEqual({ action });
    }
  });

  it('ask without a terminal fails clearly and at once instead of hanging', async () => {
    const started = Date.now();
    const r = await runCli(['call', 'trigger-elicitation-request', ...everything], sandbox());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('mcpdeck: adhoc asked for input ("Please provide inputs for the following fields:") and there is no terminal to answer it; use --on-elicit or --answers');
    // Said once: not again as the tool's error text echoing it, nor followed by "the tool reported an error".
    expect(`${r.stdout}${r.stderr}`.split('there is no terminal to answer it')).toHaveLength(2);
    expect(r.stderr).not.toContain('the tool reported an error');
    // Well under the SDK's 60 s request timeout that a hang would end in.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('never opens a page without a person: a URL request is shown in full and declined', async () => {
    const r = await runCli(['call', 'trigger-url-elicitation', 'url=https://example.com/consent?id=1', '--on-elicit', 'accept-defaults', ...everything], sandbox());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/URL: +https:\/\/example\.com\/consent\?id=1\n +domain: example\.com/);
    expect(r.stdout).toContain('declined to open the URL');
  });

  it('shows the pages a -32042 error names and exits 4', async () => {
    const r = await runCli(['call', 'trigger-url-elicitation', 'url=https://example.com/x', 'errorPath=true', ...everything], sandbox());
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/URL: +https:\/\/modelcontextprotocol\.io\n +domain: modelcontextprotocol\.io/);
    expect(r.stderr).toContain('visit the page above, then run the same command again');
    expect(r.stderr).toContain('the server needs a page visited first, then call again: This request requires browser-based authorization.');
  });
});

describe('mcpdeck call answering what a 2026-07-28 server asks (input_required rounds)', () => {
  const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));
  const modern = ['--', process.execPath, MODERN, 'stdio', 'reject'];

  it('ask without a terminal fails as on 2025: exit 2, the reason said once', async () => {
    const r = await runCli(['call', 'greet', ...modern], sandbox());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('mcpdeck: adhoc asked for input ("Who is there?") and there is no terminal to answer it; use --on-elicit or --answers');
    expect(`${r.stdout}${r.stderr}`.split('there is no terminal to answer it')).toHaveLength(2);
  });

  it('answers from --answers, and the SDK\'s own rounds are not shown as the server\'s progress', async () => {
    const box = sandbox();
    const r = await runCli(['call', 'greet', '--answers', file(box, 'name.json', JSON.stringify({ name: 'Ada' })), ...modern], box);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('hello, Ada');
    expect(r.stderr).not.toMatch(/Fulfilling input required|^progress/m);
  });

  it('--on-sample decline ends the call saying so, not as the server\'s refusal', async () => {
    const r = await runCli(['call', 'ask_model', 'prompt=hi', '--on-sample', 'decline', ...modern], sandbox());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('you declined the server\'s sampling request');
    expect(r.stderr).not.toMatch(/refused the call|error -1/);
  });
});
