import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { killSession, sessionBox } from './helpers/session.js';

const countOf = (stdout: string) => JSON.parse(stdout).result.structuredContent as { count: number; pid: number };

describe('a session: connect once, call many', () => {
  const s = sessionBox();
  beforeAll(async () => {
    const started = await s.cli('session', 'start');
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toMatch(/session started \(pid \d+\)/);
    expect(started.stdout).toMatch(/counter {2}✓ connected {2}3 tools/);
  }, 60_000);
  afterAll(() => s.stop());

  it('listens on a 0600 socket in a 0700 folder of the runtime folder; a second start says where the first is', async () => {
    expect(s.sockets()).toHaveLength(1);
    expect(statSync(s.folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(s.folder, s.sockets()[0]!)).mode & 0o777).toBe(0o600);
    const again = await s.cli('session', 'start');
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`a session already runs for this configuration (pid ${s.info()!.pid}`);
    expect(again.stderr).toContain(s.info()!.socket);
  });

  it('keeps what a server holds in memory between two commands; --no-session starts afresh', async () => {
    const first = countOf((await s.cli('call', 'counter', 'increment', '--json')).stdout);
    const second = countOf((await s.cli('call', 'counter', 'increment', '--json')).stdout);
    expect(second).toEqual({ count: first.count + 1, pid: first.pid });
    const alone = await s.cli('call', 'counter', 'increment', '--json', '--no-session');
    expect(alone.code, alone.stderr).toBe(0);
    expect(countOf(alone.stdout).count).toBe(1);
    expect(countOf(alone.stdout).pid).not.toBe(first.pid);
  });

  it('prints the same output and exit codes as without it', async () => {
    for (const args of [['tools', 'counter', '--json'], ['tools', 'everything'], ['call', 'counter', 'echo', 'text=same'], ['call', 'counter', 'nope'], ['call', 'counter', 'echo'], ['prompts', 'everything', '--json'], ['read', 'everything', 'demo://resource/static/document/architecture.md', '--json'], ['status', '--json'], ['status']]) {
      const through = await s.cli(...args);
      const alone = await s.cli(...args, '--no-session');
      expect({ args, code: through.code, stdout: through.stdout }).toEqual({ args, code: alone.code, stdout: alone.stdout });
      expect(through.stderr.replace(/took \d+ ms/, '')).toBe(alone.stderr.replace(/took \d+ ms/, ''));
    }
  });

  it('lint prints the same through it as without it', async () => {
    for (const args of [['lint', 'everything', '--json'], ['lint', 'counter', '--by', 'rule']]) {
      const through = await s.cli(...args);
      const alone = await s.cli(...args, '--no-session');
      expect({ args, code: through.code, stdout: through.stdout, stderr: through.stderr }).toEqual({ args, code: alone.code, stdout: alone.stdout, stderr: alone.stderr });
    }
  });

  it("answers server-everything's form later, by its id (2025 elicitation/create)", async () => {
    const asked = await s.cli('call', 'everything', 'trigger-elicitation-request', '--json');
    expect(asked.code, asked.stderr).toBe(8);
    const waiting = JSON.parse(asked.stdout);
    expect(waiting).toMatchObject({ status: 'waiting', call: expect.stringMatching(/^c\d+$/), questions: [{ server: 'everything', kind: 'form' }] });
    const [question] = waiting.questions;
    expect(question.requestedSchema.properties.name).toMatchObject({ type: 'string' });
    const status = await s.cli('session', 'status');
    expect(status.stdout).toContain(`call ${waiting.call} waiting on question ${question.id}`);
    const answered = await s.cli('answer', String(question.id), 'name=Ada', 'check=true', '--json');
    expect(answered.code, answered.stderr).toBe(0);
    const result = JSON.parse(answered.stdout);
    expect(result.isError).toBe(false);
    expect(JSON.stringify(result.result)).toContain('Ada');
    // Answered once: a second answer is refused, and the call can be waited for no more.
    const twice = await s.cli('answer', String(question.id), 'name=Bob');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(`no question ${question.id} waits in this session`);
  });

  it("answers a 2026-07-28 server's input_required round later; wait says it still waits", async () => {
    const asked = await s.cli('call', 'modern', 'greet');
    expect(asked.code, asked.stderr).toBe(8);
    expect(asked.stderr).toMatch(/mcpdeck: modern asks \(question \d+\): Who is there\?/);
    const id = /question (\d+)/.exec(asked.stderr)![1]!;
    const call = /mcpdeck wait (c\d+)/.exec(asked.stderr)![1]!;
    const still = await s.cli('wait', call);
    expect(still.code).toBe(8);
    expect(still.stderr).toContain(`(question ${id}): Who is there?`);
    const invalid = await s.cli('answer', id);
    expect(invalid.code).toBe(2);
    const answered = await s.cli('answer', id, 'name=Ada');
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stdout).toBe('hello, Ada\n');
    const after = await s.cli('wait', call);
    expect(after).toMatchObject({ code: 0, stdout: 'hello, Ada\n' });
  });

  it('a page to visit and a model reply wait too: answer <id> accepts the page, --reply writes the reply', async () => {
    const page = await s.cli('call', 'modern', 'visit', '--json');
    expect(page.code, page.stderr).toBe(8);
    const [asked] = JSON.parse(page.stdout).questions;
    expect(asked).toMatchObject({ kind: 'url', url: 'https://example.com/approve', domain: 'example.com' });
    // The call had --json: so has its result, whoever prints it.
    const accepted = JSON.parse((await s.cli('answer', String(asked.id))).stdout);
    expect(accepted.result.content).toEqual([{ type: 'text', text: 'page accept' }]);
    const sample = await s.cli('call', 'modern', 'ask_model', 'prompt=hi');
    expect(sample.code, sample.stderr).toBe(8);
    const id = /question (\d+)/.exec(sample.stderr)![1]!;
    expect(sample.stderr).toContain("--reply '<text>'");
    const replied = await s.cli('answer', id, '--reply', 'hello from a person');
    expect(replied).toMatchObject({ code: 0, stdout: 'model said: hello from a person\n' });
  });

  it('follows a task across commands: started by one, looked at by the next, answered by a third', async () => {
    const started = await s.cli('call', 'tasks', 'research', 'topic=otters', 'ambiguous=true', 'steps=2');
    expect(started.code, started.stderr).toBe(8);
    const taskId = /task ([0-9a-f-]+): input required/.exec(started.stderr)![1]!;
    const id = /question (\d+)/.exec(started.stderr)![1]!;
    const seen = await s.cli('tasks', 'tasks', 'get', taskId, '--json');
    expect(seen.code, seen.stderr).toBe(0);
    expect(JSON.parse(seen.stdout)).toMatchObject({ taskId, status: 'input_required' });
    const listed = await s.cli('tasks', 'tasks', '--json');
    expect(JSON.parse(listed.stdout).tasks.map((t: { taskId: string }) => t.taskId)).toContain(taskId);
    const answered = await s.cli('answer', id, 'meaning=animal');
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stdout).toContain('otters (animal)');
    expect(answered.stderr).toContain(`task ${taskId}: completed`);
  });

  it('cancels a task from another command: the waiting call ends cancelled once its question goes', async () => {
    const started = await s.cli('call', 'tasks', 'research', 'topic=rust', 'ambiguous=true', 'steps=2');
    expect(started.code).toBe(8);
    const taskId = /task ([0-9a-f-]+): input required/.exec(started.stderr)![1]!;
    const id = /question (\d+)/.exec(started.stderr)![1]!;
    const cancelled = await s.cli('tasks', 'tasks', 'cancel', taskId, '--json');
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ taskId, status: 'cancelled' });
    const answered = await s.cli('answer', id, '--cancel');
    expect(answered.code).toBe(130);
  });

  it('refuses a socket open to others, and runs the command without it', async () => {
    const socket = join(s.folder, s.sockets()[0]!);
    chmodSync(socket, 0o666);
    try {
      const r = await s.cli('call', 'counter', 'echo', 'text=x');
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('not using the session socket');
      expect(r.stderr).toContain('is open to others (mode 666)');
    } finally {
      chmodSync(socket, 0o600);
    }
  });
});

describe('a session that dies or idles', () => {
  it('killed with -9 mid-call: the call says so, the next command says so and runs without it, and a new session starts', async () => {
    const s = sessionBox();
    expect((await s.cli('session', 'start', 'counter')).code).toBe(0);
    const { pid } = s.info()!;
    try {
      // Killed while the call is in the session: its server sleeps 5 s before it answers.
      const call = runCli(['call', 'counter', 'slow', 'ms=5000', '--config', 'servers.json'], s.box, () => setTimeout(() => process.kill(pid, 'SIGKILL'), 1000));
      const during = await call;
      expect(during.code).toBe(3);
      expect(during.stderr).toContain('the session ended while the command ran');
      const next = await s.cli('call', 'counter', 'increment');
      expect(next.code, next.stderr).toBe(0);
      expect(next.stderr).toContain(`the session for this configuration is gone (process ${pid} stopped without closing it`);
      expect(next.stdout).toContain('count 1');
      expect(s.sockets()).toEqual([]);
      const again = await s.cli('session', 'start', 'counter');
      expect(again.code, again.stderr).toBe(0);
      // A server the session does not hold: the command runs on its own, as without a session.
      const other = await s.cli('tools', 'modern', '--json');
      expect(other.code, other.stderr).toBe(0);
      expect(JSON.parse(other.stdout).map((t: { name: string }) => t.name)).toContain('greet');
    } finally {
      killSession(pid);
      killSession(s.info()?.pid);
    }
  }, 60_000);

  it('stops after its idle timeout and leaves nothing behind; status then says none runs', async () => {
    const s = sessionBox();
    const started = await s.cli('session', 'start', 'counter', '--idle-timeout', '1s');
    expect(started.code, started.stderr).toBe(0);
    const { pid } = s.info()!;
    try {
      const deadline = Date.now() + 15_000;
      while (s.sockets().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(s.sockets()).toEqual([]);
      const status = await s.cli('session', 'status');
      expect(status.code).toBe(3);
      expect(status.stdout).toContain('no session runs for this configuration');
    } finally {
      killSession(pid);
    }
  }, 30_000);
});
