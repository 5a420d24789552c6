// Stress, bounded: 10,000 tool calls and 1,100 reconnects against the real
// server-everything (stdio and Streamable HTTP) through the built core, with memory
// measured after forced GC before and after each phase and child processes counted.
// Usage: node --expose-gc test/bench/stress.mjs   (`npm run bench` runs it last)
// Prints a table; exits non-zero only when a call or a reconnect fails, a server
// process outlives the deck, or the heap after GC grew past HEAP_BOUND_MB.
// STRESS_SCALE=0.1 runs a tenth of the work (for trying changes; the figures are not comparable).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeck } from '../../dist/core/deck.js';
import { printTable } from './table.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const LOOPBACK_ONLY = join(ROOT, 'test/fixtures/loopback-only.mjs');
const SCALE = Number(process.env.STRESS_SCALE ?? 1);
const n = (count) => Math.max(1, Math.round(count * SCALE));
const CALLS_CONCURRENT = n(8_000);
const CALLS_SEQUENTIAL = n(2_000);
const IN_FLIGHT = 16;
const HTTP_RECONNECTS = n(1_000);
// server-everything over stdio takes ~300 ms to start on 2 CPUs: 100 fit the time budget.
const STDIO_RECONNECTS = n(100);
// What the deck keeps on purpose is bounded and small (500 traffic rows, log and stderr
// tails: a few MB at most), and V8 keeps some slack after GC. A real leak is larger:
// one retained session (Client, transport, handlers) per reconnect, or one request and
// its result per call, passes 50 MB over these counts. So the bound never flakes on
// noise and still catches leaks of a few KB per call or tens of KB per reconnect.
const HEAP_BOUND_MB = 50;

if (typeof globalThis.gc !== 'function') {
  console.error('stress.mjs needs --expose-gc: node --expose-gc test/bench/stress.mjs');
  process.exit(2);
}

const MB = 1024 * 1024;
const mb = (bytes) => `${bytes >= 0 ? '+' : ''}${(bytes / MB).toFixed(1)} MB`;
const count = (x) => x.toLocaleString('en-US');

/** Memory after the garbage that can go has gone (finalizers run between collections). */
async function settled() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { heapUsed, rss, external } = process.memoryUsage();
  return { heapUsed, rss, external };
}

/** Pids whose parent is this process (Linux /proc; elsewhere the check is skipped). */
function childPids() {
  let entries;
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  return entries.filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
    } catch {
      return false; // exited while we looked
    }
  }).map(Number);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** server-everything over Streamable HTTP on 127.0.0.1 only, ready when this resolves. */
async function startHttpServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', LOOPBACK_ONLY, EVERYTHING, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything streamableHttp did not start: ${stderr}`)), 15_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (/running on port|listening on port/i.test(stderr)) clearTimeout(timer), resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything streamableHttp exited with ${code}: ${stderr}`)));
  });
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { url: `http://127.0.0.1:${port}/mcp`, pid: child.pid, stop };
}

const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-stress-'));
const rows = [];
let failed = false;
let http;
let deck;
try {
  const before = childPids();
  http = await startHttpServer();
  const config = join(dir, 'servers.json');
  writeFileSync(config, JSON.stringify({
    mcpServers: {
      stdio: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
      http: { type: 'http', url: http.url },
    },
  }));
  // Its own config folder: the run never reads or writes the person's settings or credentials.
  deck = await createDeck({ cwd: dir, env: { ...process.env, MCPDECK_CONFIG_DIR: dir }, configFiles: [config], strict: true });
  await deck.connectAll();
  const state = (name) => deck.getSnapshot().servers.find((s) => s.name === name);
  for (const name of ['stdio', 'http']) {
    if (state(name).status !== 'connected') throw new Error(`${name} did not connect: ${state(name).status} ${state(name).error ?? ''}`);
  }

  /** One echo call, checked: its own marker comes back, so answers never cross between calls. */
  const call = async (server, i) => {
    const marker = `<${server} ${i}>`;
    const outcome = await deck.callTool(server, 'echo', { message: marker });
    const text = outcome.result.content?.[0]?.text ?? '';
    if (outcome.isError || !text.includes(marker)) throw new Error(`call ${i} to ${server}: unexpected result ${JSON.stringify(outcome.result).slice(0, 300)}`);
  };
  /** A reconnect that counts: a new session (a new process for stdio) that answers a call. */
  const reconnect = async (server, i) => {
    const pid = state(server).pid;
    await deck.reconnect(server);
    const s = state(server);
    if (s.status !== 'connected') throw new Error(`reconnect ${i} of ${server}: ${s.status} ${s.error ?? ''}`);
    if (pid !== undefined && s.pid === pid) throw new Error(`reconnect ${i} of ${server}: still the same process ${pid}`);
    await call(server, i);
  };
  const pool = async (total, inFlight, fn) => {
    let next = 0;
    await Promise.all(Array.from({ length: inFlight }, async () => {
      while (next < total) await fn(next++);
    }));
  };

  // Warm-up: JIT, the SDK's lazy schemas, the traffic log filled to its bound.
  await pool(n(1_000), IN_FLIGHT, (i) => call('stdio', i));
  for (let i = 0; i < n(20); i++) await reconnect('http', i);
  for (let i = 0; i < n(3); i++) await reconnect('stdio', i);
  const start = await settled();

  let mem = start;
  /** unit: singular; the note gives the heap change per operation, where a leak shows first. */
  const phase = async (measure, total, unit, work) => {
    const t0 = performance.now();
    await work();
    const seconds = (performance.now() - t0) / 1000;
    const after = await settled();
    const rate = total / seconds;
    const perOp = (after.heapUsed - mem.heapUsed) / total / 1024;
    rows.push({
      measure, rate: `${rate < 10 ? rate.toFixed(1) : count(Math.round(rate))} ${unit}s/s`, time: `${seconds.toFixed(1)} s`,
      heap: mb(after.heapUsed - mem.heapUsed), rss: mb(after.rss - mem.rss), external: mb(after.external - mem.external),
      note: `heap ${perOp >= 0 ? '+' : ''}${perOp.toFixed(2)} KB per ${unit}`,
    });
    mem = after;
  };
  await phase(`stress: ${count(CALLS_CONCURRENT)} calls, stdio, ${IN_FLIGHT} in flight`, CALLS_CONCURRENT, 'call',
    () => pool(CALLS_CONCURRENT, IN_FLIGHT, (i) => call('stdio', i)));
  await phase(`stress: ${count(CALLS_SEQUENTIAL)} calls, stdio, one at a time`, CALLS_SEQUENTIAL, 'call',
    () => pool(CALLS_SEQUENTIAL, 1, (i) => call('stdio', i)));
  await phase(`stress: ${count(HTTP_RECONNECTS)} reconnects, http (+ a call each)`, HTTP_RECONNECTS, 'reconnect',
    () => pool(HTTP_RECONNECTS, 1, (i) => reconnect('http', i)));
  await phase(`stress: ${count(STDIO_RECONNECTS)} reconnects, stdio (+ a call each)`, STDIO_RECONNECTS, 'reconnect',
    () => pool(STDIO_RECONNECTS, 1, (i) => reconnect('stdio', i)));

  const grown = mem.heapUsed - start.heapUsed;
  const heapOk = grown <= HEAP_BOUND_MB * MB;
  failed ||= !heapOk;
  rows.push({
    measure: 'stress: all of the above, heap after GC', rate: '', time: '',
    heap: mb(grown), rss: mb(mem.rss - start.rss), external: mb(mem.external - start.external),
    note: `${(start.heapUsed / MB).toFixed(1)} -> ${(mem.heapUsed / MB).toFixed(1)} MB ${heapOk ? 'ok' : 'TOO MUCH'} (bound +${HEAP_BOUND_MB} MB)`,
  });

  // Every stdio server the deck started must be gone once it is closed: close() waits
  // for each child's exit, so anything still here now has leaked.
  await deck.close();
  deck = undefined;
  if (before) {
    const left = childPids().filter((pid) => pid !== http.pid && !before.includes(pid));
    failed ||= left.length > 0;
    rows.push({
      measure: 'stress: server processes left after close', rate: '', time: '', heap: '', rss: '', external: '',
      note: left.length ? `LEAKED: ${left.join(' ')}` : `0 of ${STDIO_RECONNECTS + n(3) + 1} started: ok`,
    });
  }
} catch (error) {
  failed = true;
  console.error(`stress failed: ${error.stack ?? error}`);
} finally {
  await deck?.close().catch(() => undefined);
  await http?.stop();
  rmSync(dir, { recursive: true, force: true });
}

if (rows.length) {
  console.log(`\nstress (node ${process.version}, ${availableParallelism()} CPUs; memory: change after forced GC)${SCALE !== 1 ? `, STRESS_SCALE=${SCALE}` : ''}\n`);
  printTable(rows);
}
process.exitCode = failed ? 1 : 0;
