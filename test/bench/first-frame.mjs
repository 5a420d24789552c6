// Start-up to a visible frame, on a real pseudo-terminal: `script` (util-linux) gives
// the command a pty of 120x40, and the time runs from spawn until the text shows in
// what the terminal receives. The floor is a bundled Ink hello world, built here with
// esbuild exactly as mcpdeck's bundle is (ESM, production React).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-B]|\x1b[=>78]/g;
const shellQuote = (s) => `'${s.replaceAll("'", "'\\''")}'`;

/** Builds the floor: Ink rendering one line, bundled into `dir` as mcpdeck is. Returns its entry. */
export async function buildInkHello(root, dir) {
  const entry = join(dir, 'ink-hello.jsx');
  writeFileSync(entry, "import React from 'react';\nimport { render, Text } from 'ink';\nrender(<Text>hello from ink</Text>);\nsetInterval(() => {}, 1 << 30);\n");
  const { OPTIONS } = await import(pathToFileURL(join(root, 'scripts/bundle.mjs')).href);
  await esbuild.build({ ...OPTIONS, absWorkingDir: root, nodePaths: [join(root, 'node_modules')], jsx: 'automatic', entryPoints: { 'ink-hello': entry }, outdir: join(dir, 'ink-hello') });
  return join(dir, 'ink-hello', 'ink-hello.js');
}

/** Spawns `node ...args` on a pty; resolves with ms from spawn until `marker` (a RegExp) is on screen. */
export const timeToText = async (args, marker, options) => (await untilText(args, marker, options)).ms;

/** The resident set of a process in MiB, from /proc (Linux); undefined where there is none. */
function ownRssMib(pid) {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The processes started by `pid` (Linux: /proc/<pid>/task/<tid>/children), and theirs. */
function descendants(pid) {
  const found = [];
  for (const task of readdirSync(`/proc/${pid}/task`, { withFileTypes: true })) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task.name}/children`, 'utf8');
    } catch {}
    for (const child of children.split(' ').filter(Boolean).map(Number)) found.push(child, ...descendants(child));
  }
  return found;
}

/** The resident set of a process and every process under it (a server, the token counter), in MiB. */
function rssMib(pid) {
  let total = ownRssMib(pid);
  if (total === undefined) return undefined;
  for (const child of descendants(pid)) total += ownRssMib(child) ?? 0;
  return total;
}

/**
 * As timeToText, with what the terminal received until then (`output`, escapes and all).
 * Resolves once the run is over: the process on the pty is killed and script(1) has
 * exited, so one run's teardown never lands in the next run's time. With `idleMs`, the
 * process is left that long after the text shows, and its RSS then, with every process it
 * started (a server, the token counter), is `rssMib` (idle).
 * With `quit`, that text is typed once the marker shows and the process gets 10 s to exit
 * by itself (Node writes its compile cache as it exits; a killed process writes none).
 */
export function untilText(args, marker, { cwd, env, timeoutMs = 30_000, idleMs, quit }) {
  return new Promise((resolve, reject) => {
    // The shell writes its pid, which the node process keeps (exec), to kill it by.
    const pidFile = join(mkdtempSync(join(tmpdir(), 'mcpdeck-pty-')), 'pid');
    const command = `echo $$ > ${shellQuote(pidFile)}; stty cols 120 rows 40; exec ${[process.execPath, ...args].map(shellQuote).join(' ')}`;
    const start = process.hrtime.bigint();
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd, env: { ...env, SHELL: '/bin/sh', TERM: 'xterm-256color' }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let screen = '';
    let result;
    const closed = new Promise((settle) => child.on('close', settle));
    const finish = async (error, ms) => {
      if (result) return;
      result = error ? { error } : { ms };
      clearTimeout(timer);
      let rss;
      if (!error && idleMs !== undefined) {
        await new Promise((r) => setTimeout(r, idleMs));
        rss = rssMib(Number(readFileSync(pidFile, 'utf8')));
      }
      if (!error && quit !== undefined) {
        child.stdin.write(quit);
        await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
      }
      try {
        process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
      } catch {}
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      void closed.then(() => {
        rmSync(dirname(pidFile), { recursive: true, force: true });
        if (error) reject(error);
        else resolve({ ms, output: screen, rssMib: rss });
      });
    };
    const timer = setTimeout(() => finish(new Error(`no ${marker} within ${timeoutMs} ms: node ${args.join(' ')}\n${screen.slice(-2000)}`)), timeoutMs);
    child.stdout.on('data', (d) => {
      screen += d;
      if (!result && marker.test(screen.replace(ANSI, ''))) finish(null, Number(process.hrtime.bigint() - start) / 1e6);
    });
    child.on('error', (e) => finish(e));
    child.on('exit', (code) => setImmediate(() => finish(new Error(`exited (${code}) before ${marker}: node ${args.join(' ')}\n${screen.replace(ANSI, '').slice(-2000)}`))));
  });
}

export function writeEmptyHome(dir) {
  writeFileSync(join(dir, 'empty.json'), '{"mcpServers":{}}');
  return { HOME: join(dir, 'home'), MCPDECK_CONFIG_DIR: join(dir, 'config') };
}
