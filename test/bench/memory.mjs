// Memory, whole processes, in a real terminal where a person would look (tmux):
//   (a) 100,000 tools: the peak RSS of the MCP Inspector CLI listing them (`--method
//       tools/list`, the floor: it holds the list once, prints it and exits) against
//       mcpdeck's deck holding the list on its Tools tab, and `mcpdeck tools` (headless).
//       One server for all: test/bench/big-server.mjs over Streamable HTTP (plain JSON).
//       Over stdio the Inspector CLI cannot take the list at all: its SDK (1.x) refuses a
//       stdio message over 10 MB, and 100,000 tools are one 24 MB message.
//   (b) A 50 MB text result in the deck: RSS of the mcpdeck process just before the call
//       is sent and once the result is shown (and the deck idle), against the result's size.
// Usage: node test/bench/memory.mjs   (`npm run bench` runs it; MEMORY_RUNS=n, default 3)
// The Inspector CLI is fetched at bench time into node_modules/.cache (never a dependency).
// Prints a table; exits non-zero only when a run fails (a timeout, a wrong screen).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './table.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MCPDECK = join(ROOT, 'bin/mcpdeck.js');
const BIG = fileURLToPath(new URL('./big-server.mjs', import.meta.url));
const RUNS = Number(process.env.MEMORY_RUNS ?? 3);
const INSPECTOR = '@modelcontextprotocol/inspector-cli@1.0.3';
const INSPECTOR_DIR = join(ROOT, 'node_modules/.cache/mcpdeck-bench/inspector-cli');
const TOOLS = 100_000;
const RESULT_BYTES = 50 * 2 ** 20;
// Every measured run goes without it (see run.mjs); npm keeps it: it may need it to reach its registry.
const npmEnv = { ...process.env };
delete process.env.NODE_EXTRA_CA_CERTS;

const MIB = 2 ** 20;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const shellQuote = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;

/** VmRSS (now) or VmHWM (the peak so far) of a process, in MiB. */
function memoryOf(pid, field = 'VmRSS') {
  const kib = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kib) throw new Error(`no ${field} for process ${pid}`);
  return Number(kib) / 1024;
}

// A preload that writes the process's peak RSS to PEAK_FILE as it exits: the figure for
// processes that end on their own (the Inspector CLI, `mcpdeck tools`).
const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-bench-memory-'));
const PEAK = join(dir, 'peak.cjs');
writeFileSync(PEAK, "process.on('exit', () => require('fs').writeFileSync(process.env.PEAK_FILE, /VmHWM:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1]));\n");

/** Runs `node -r peak.cjs ...args` to its end; resolves with its peak RSS in MiB and what it printed (its length). */
function peakOf(args, { cwd = ROOT, check } = {}) {
  const file = join(dir, `peak-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', PEAK, ...args], { cwd, env: { ...process.env, PEAK_FILE: file }, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = 0;
    let head = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      if (head.length < 2000) head += d;
      printed += d.length;
    });
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`exit ${code ?? signal}: node ${args.join(' ')}\n${head}${stderr}`));
      try {
        check?.(head, printed);
        resolve(Number(readFileSync(file, 'utf8')) / 1024);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The big server over Streamable HTTP on 127.0.0.1; resolves with its URL and a stop(). */
function startHttpServer(env) {
  const child = spawn(process.execPath, [BIG, 'http'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const url = /http:\/\/\S+/.exec(out)?.[0];
      if (url) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`big-server http exited (${code})`)));
  });
}

/** mcpdeck in tmux (a private server, 120x40) over `config`; the deck's pid and a few verbs. */
function openDeck(config, name) {
  const socket = `mcpdeck-bench-${process.pid}-${name}`;
  const tmux = (...argv) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...argv], { encoding: 'utf8' });
  const vars = { HOME: join(dir, 'home'), MCPDECK_CONFIG_DIR: join(dir, 'config'), TERM: 'xterm-256color' };
  const env = Object.entries(vars).map(([k, v]) => `${k}=${shellQuote(v)}`).join(' ');
  tmux('new-session', '-d', '-s', 'main', '-x', '120', '-y', '40', `exec env -u NODE_EXTRA_CA_CERTS ${env} ${shellQuote(process.execPath)} ${shellQuote(MCPDECK)} --strict --config ${shellQuote(config)}`);
  const pid = Number(tmux('display', '-p', '-t', 'main', '#{pane_pid}').trim());
  const screen = () => tmux('capture-pane', '-p', '-t', 'main');
  return {
    pid,
    keys: (...keys) => tmux('send-keys', '-t', 'main', ...keys),
    waitFor: async (pattern, ms = 60_000) => {
      const end = Date.now() + ms;
      for (;;) {
        const shown = screen();
        if (pattern.test(shown)) return shown;
        if (Date.now() > end) throw new Error(`no ${pattern} within ${ms} ms; the deck shows:\n${shown}`);
        await sleep(50);
      }
    },
    stop: () => {
      try {
        tmux('kill-server');
      } catch {}
    },
  };
}

/** The Inspector CLI, installed once into a cache folder (as the conformance runner fetches its suite). */
function inspectorCli() {
  const entry = join(INSPECTOR_DIR, 'node_modules/@modelcontextprotocol/inspector-cli/build/index.js');
  if (!existsSync(entry)) {
    mkdirSync(INSPECTOR_DIR, { recursive: true });
    execFileSync('npm', ['i', '--prefix', INSPECTOR_DIR, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', INSPECTOR], { env: npmEnv, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
  }
  return entry;
}

const rows = [];
const mib = (x) => `${x.toFixed(0)} MiB`;
function row(measure, cand, base, target, ok) {
  rows.push({ measure, candidate: mib(cand), baseline: typeof base === 'number' ? mib(base) : base, ratio: typeof base === 'number' ? (cand / base).toFixed(2) : '', target, note: ok ? 'ok' : 'ABOVE TARGET' });
}

let server;
try {
  // (a) 100,000 tools.
  server = await startHttpServer({ BENCH_TOOLS: String(TOOLS) });
  const config = join(dir, 'big-http.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { big: { type: 'http', url: server.url } } }));
  const inspector = inspectorCli();
  const listed = (head, printed) => {
    if (!head.includes('"tool-00001"') || printed < 20 * MIB) throw new Error(`the Inspector CLI did not print the tools:\n${head.slice(0, 500)}`);
  };
  const shown = (head) => {
    if (!head.includes('tool-00001')) throw new Error(`mcpdeck tools did not print the tools:\n${head.slice(0, 500)}`);
  };
  const figures = { inspector: [], headless: [], deck: [], deckPeak: [] };
  for (let i = 0; i < RUNS; i++) {
    // Its cwd is its build folder: it reads its package.json by a path relative to the cwd.
    figures.inspector.push(await peakOf([inspector, server.url, '--method', 'tools/list'], { cwd: join(inspector, '..'), check: listed }));
    figures.headless.push(await peakOf([MCPDECK, 'tools', '--strict', '--config', config, 'big'], { check: shown }));
    const deck = openDeck(config, `tools-${i}`);
    try {
      await deck.waitFor(/100,000 tools/);
      deck.keys('Enter');
      await deck.waitFor(/Tools \(100000\)[\s\S]*tool-00001/);
      // Idle: the tokenizer's first counts, the collection after the list's message.
      await sleep(3000);
      figures.deck.push(memoryOf(deck.pid));
      figures.deckPeak.push(memoryOf(deck.pid, 'VmHWM'));
    } finally {
      deck.stop();
    }
  }
  server.stop();
  server = undefined;
  const floor = median(figures.inspector);
  row('100,000 tools: the deck holding them (Tools tab, idle) / Inspector CLI peak', median(figures.deck), floor, '<= 1.0', median(figures.deck) <= floor);
  row('100,000 tools: the deck\'s peak on the way / Inspector CLI peak', median(figures.deckPeak), floor, 'info', true);
  row('100,000 tools: mcpdeck tools (headless) peak / Inspector CLI peak', median(figures.headless), floor, '<= 1.0', median(figures.headless) <= floor);

  // (b) A 50 MB result in the deck, over stdio.
  const resultConfig = join(dir, 'big-result.json');
  writeFileSync(resultConfig, JSON.stringify({ mcpServers: { big: { command: process.execPath, args: [BIG, 'stdio'], env: { BENCH_TOOLS: '5', BENCH_RESULT_BYTES: String(RESULT_BYTES) } } } }));
  const growth = [];
  const peaks = [];
  for (let i = 0; i < RUNS; i++) {
    const deck = openDeck(resultConfig, `result-${i}`);
    try {
      await deck.waitFor(/✓ connected/);
      deck.keys('Enter');
      await deck.waitFor(/Tools \(5\)/);
      deck.keys('Enter');
      await deck.waitFor(/how many/);
      await sleep(3000);
      const before = memoryOf(deck.pid);
      deck.keys('C-s');
      await deck.waitFor(/FIRST-LINE[\s\S]*line=0010/);
      await sleep(3000);
      growth.push(memoryOf(deck.pid) - before);
      peaks.push(memoryOf(deck.pid, 'VmHWM') - before);
    } finally {
      deck.stop();
    }
  }
  const size = RESULT_BYTES / MIB;
  row('50 MB result: deck RSS growth (shown, idle) / the result', median(growth), size, '<= 2.0', median(growth) <= 2 * size);
  row('50 MB result: deck peak RSS growth on the way / the result', median(peaks), size, 'info', true);
} catch (error) {
  console.error(`memory bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
}

if (rows.length) {
  console.log(`\nmemory (RSS from /proc, medians of ${RUNS}; the deck in tmux at 120x40; NODE_EXTRA_CA_CERTS unset)\n`);
  printTable(rows);
}
