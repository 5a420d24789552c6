import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../helpers/servers.js';
import { runCli } from './helpers/cli.js';
import { sessionBox } from './helpers/session.js';

const countOf = (stdout: string) => JSON.parse(stdout).result.structuredContent as { count: number; pid: number };

// A session is found from the folders below the one it was started in, as git finds its
// repository, unless a folder has servers of its own (then the command runs there).
describe('a session seen from the folders below it', () => {
  const s = sessionBox({ counter: fixtureServer('counter.mjs') });
  const top = realpathSync(s.box.cwd);
  const deeper = join(top, 'src', 'deeper');
  const inDeeper = (...args: string[]) => runCli([...args, '--config', '../../servers.json'], { cwd: deeper, env: s.box.env });
  beforeAll(async () => {
    mkdirSync(deeper, { recursive: true });
    const started = await s.cli('session', 'start');
    expect(started.code, started.stderr).toBe(0);
  }, 60_000);
  afterAll(() => s.stop());

  it('a command two folders down reaches the same server process; status names the folder', async () => {
    const first = countOf((await s.cli('call', 'counter', 'increment', '--json')).stdout);
    const below = await inDeeper('call', 'counter', 'increment', '--json');
    expect(below.code, below.stderr).toBe(0);
    expect(below.stderr).toBe('');
    expect(countOf(below.stdout)).toEqual({ count: first.count + 1, pid: first.pid });
    const status = await inDeeper('session', 'status');
    expect(status.stdout).toContain(`folder: ${top}`);
  });

  it('a folder with servers of its own runs the command itself and says why', async () => {
    const own = join(top, 'src', 'own');
    mkdirSync(own);
    writeFileSync(join(own, '.mcp.json'), JSON.stringify({ mcpServers: { local: fixtureServer('counter.mjs') } }));
    const here = await runCli(['call', 'counter', 'increment', '--json', '--config', '../../servers.json'], { cwd: own, env: s.box.env });
    expect(here.stderr).toContain(`${join(own, '.mcp.json')} defines servers of this folder's own, which the session for ${top} does not read: running without it`);
    // Run here, on a process of its own: the counter starts again.
    expect(here.code, here.stderr).toBe(0);
    expect(countOf(here.stdout).count).toBe(1);
  });

  it('the nearest session wins: one started below is used there', async () => {
    const started = await inDeeper('session', 'start');
    expect(started.code, started.stderr).toBe(0);
    try {
      const below = countOf((await inDeeper('call', 'counter', 'increment', '--json')).stdout);
      const above = countOf((await s.cli('call', 'counter', 'increment', '--json')).stdout);
      expect(below.count).toBe(1);
      expect(below.pid).not.toBe(above.pid);
    } finally {
      expect((await inDeeper('session', 'stop')).code).toBe(0);
    }
  });
});
