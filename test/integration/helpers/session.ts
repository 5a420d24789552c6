import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { everythingStdio, fixtureServer } from '../../helpers/servers.js';
import { runCli, sandbox, type CliResult } from './cli.js';

/** A sandbox with its own runtime folder (where sessions listen) and a config of real servers. */
export function sessionBox(servers: Record<string, { command: string; args: string[] }> = defaultServers()) {
  const box = sandbox();
  const run = join(box.cwd, 'run');
  mkdirSync(run, { mode: 0o700 });
  box.env.XDG_RUNTIME_DIR = run;
  writeFileSync(join(box.cwd, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  const cli = (...args: string[]): Promise<CliResult> => runCli([...args, '--config', 'servers.json'], box);
  const folder = join(run, 'mcpdeck');
  /** The session's note (pid, socket), while one runs. */
  const info = (): { pid: number; socket: string } | undefined => {
    const file = existsSync(folder) ? readdirSync(folder).find((f) => f.endsWith('.json')) : undefined;
    try {
      return file ? JSON.parse(readFileSync(join(folder, file), 'utf8')) : undefined;
    } catch (error) {
      // A session deletes its note as it ends, which can fall between the listing and the read.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const sockets = () => (existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.sock')) : []);
  /** Stops the session as a person does, and by its pid whatever state it is in. */
  const stop = async () => {
    const pid = info()?.pid;
    await cli('session', 'stop');
    killSession(pid);
  };
  return { box, cli, info, sockets, folder, stop };
}

function defaultServers() {
  return {
    counter: fixtureServer('counter.mjs'),
    everything: everythingStdio(),
    modern: fixtureServer('modern-server.mjs', 'stdio', 'reject'),
    tasks: fixtureServer('tasks-server.mjs', 'stdio'),
  };
}

/** Stops what a test started, by its pid, whatever state it is in. */
export function killSession(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Gone already.
  }
}
