import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idleMs } from '../../src/cli/commands/session.js';
import { readCommandLine } from '../../src/cli/session/client.js';
import { sessionKey, sessionPaths, socketExists } from '../../src/cli/session/paths.js';
import { answerFor, waitingOutput } from '../../src/cli/session/questions.js';
import type { FormElicitation } from '../../src/core/elicitation/types.js';

describe("a session's client reads the command line without commander", () => {
  it('finds the command word past the server options and their values', () => {
    expect(readCommandLine(['--config', 'x.json', 'call', 'fs', 'read']).words).toEqual(['call', 'fs', 'read']);
    expect(readCommandLine(['-c', 'a.json', '--config=b.json', '--strict', 'tools', 'fs'])).toMatchObject({ words: ['tools', 'fs'], configs: ['a.json', 'b.json'], strict: true, here: false });
  });

  it('keeps here what a session cannot do: ad hoc servers, --only, stdin, --watch, help', () => {
    for (const args of [['call', '--url', 'http://127.0.0.1:1/mcp', 'echo'], ['tools', '--', 'node', 'server.js'], ['status', '--only', 'a'], ['call', 'fs', 'x', '--args', '-'], ['status', '--watch'], ['call', '--help']]) {
      expect(readCommandLine(args).here, args.join(' ')).toBe(true);
    }
    expect(readCommandLine(['call', 'fs', 'x', '--args', '{"a":1}']).here).toBe(false);
  });
});

describe('one session per configuration', () => {
  const env = { HOME: '/home/a', MCPDECK_CONFIG_DIR: '/cfg' };
  it('names the same configuration the same, however its files are written, and another one otherwise', () => {
    const key = sessionKey({ cwd: '/p', configs: ['b.json', 'a.json'], env });
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(sessionKey({ cwd: '/p/', configs: ['/p/a.json', './b.json'], env })).toBe(key);
    expect(sessionKey({ cwd: '/q', configs: ['b.json', 'a.json'], env })).not.toBe(key);
    expect(sessionKey({ cwd: '/p', configs: ['b.json', 'a.json'], env: { ...env, MCPDECK_CONFIG_DIR: '/other' } })).not.toBe(key);
    expect(sessionKey({ cwd: '/p', configs: ['b.json', 'a.json'], strict: true, env })).not.toBe(key);
  });

  it("on Windows, finds the session's named pipe only in its note: a random name nobody else can know", () => {
    const run = mkdtempSync(join(tmpdir(), 'mcpdeck-run-'));
    const env = { XDG_RUNTIME_DIR: run };
    const key = sessionKey({ cwd: '/p', env });
    const none = sessionPaths(key, env, 'win32');
    expect(none.socket).toBe('');
    expect(socketExists(none, 'win32')).toBe(false);
    mkdirSync(join(run, 'mcpdeck'));
    const pipe = `\\\\.\\pipe\\mcpdeck-${key}-0123456789abcdef0123456789abcdef`;
    writeFileSync(none.info, JSON.stringify({ pid: 1, socket: pipe }));
    expect(sessionPaths(key, env, 'win32').socket).toBe(pipe);
    expect(socketExists(sessionPaths(key, env, 'win32'), 'win32')).toBe(true);
    // A note naming another pipe, a file, or another session's pipe is not followed.
    for (const socket of ['\\\\.\\pipe\\someone-else', join(run, 'x.sock'), `\\\\.\\pipe\\mcpdeck-${key}-x\\..\\other`, `\\\\.\\pipe\\mcpdeck-0000000000000000-00`]) {
      writeFileSync(none.info, JSON.stringify({ pid: 1, socket }));
      expect(sessionPaths(key, env, 'win32').socket, socket).toBe('');
    }
    // Elsewhere, a Unix socket beside the note.
    expect(sessionPaths(key, env, 'linux').socket).toBe(join(run, 'mcpdeck', `${key}.sock`));
  });

  it('reads the idle timeout as a duration (a bare number is minutes) and refuses nonsense', () => {
    expect(idleMs()).toBe(30 * 60_000);
    expect(idleMs('90s')).toBe(90_000);
    expect(idleMs('2h')).toBe(7_200_000);
    expect(idleMs('5')).toBe(300_000);
    expect(() => idleMs('soon')).toThrow('--idle-timeout "soon" must be a duration');
    expect(() => idleMs('0s')).toThrow();
  });
});

describe('a question a call waits on', () => {
  const form: FormElicitation = {
    id: 4, server: 'srv', receivedAt: 0, kind: 'elicit-form', message: 'Who\x1b[31m?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' }, age: { type: 'integer', default: 3 } }, required: ['name'] },
  };

  it('is said on stderr, sanitized, with how to answer it and how to wait for the call', () => {
    const { stdout, stderr } = waitingOutput('c2', [form], false);
    expect(stdout).toBe('');
    expect(stderr).toContain('mcpdeck: srv asks (question 4): Who');
    expect(stderr).not.toContain('\x1b');
    expect(stderr).toContain('name (required): string · Name');
    expect(stderr).toContain('age: integer · default 3');
    expect(stderr).toContain('mcpdeck answer 4 name=… age=…');
    expect(stderr).toContain('mcpdeck wait c2');
  });

  it('carries its schema in --json', () => {
    const { stdout } = waitingOutput('c2', [form], true);
    expect(JSON.parse(stdout)).toEqual({ status: 'waiting', call: 'c2', questions: [{ id: 4, server: 'srv', kind: 'form', message: 'Who\x1b[31m?', requestedSchema: form.requestedSchema }] });
  });

  it('is answered with values typed by its schema, or refused', () => {
    expect(answerFor(form, { pairs: ['name=Ada', 'age=7'] })).toEqual({ action: 'accept', content: { name: 'Ada', age: 7 } });
    expect(answerFor(form, { pairs: [], decline: true })).toEqual({ action: 'decline' });
    expect(() => answerFor(form, { pairs: ['age=old'] })).toThrow();
    expect(() => answerFor(form, { pairs: [], decline: true, cancel: true })).toThrow('--decline and --cancel are two answers');
    const sample = { id: 5, server: 'srv', receivedAt: 0, kind: 'sample' as const, params: { messages: [], maxTokens: 10 } };
    expect(answerFor(sample, { pairs: [], reply: 'hi' })).toEqual({ action: 'reply', text: 'hi' });
    expect(() => answerFor(sample, { pairs: [] })).toThrow('--reply');
  });
});
