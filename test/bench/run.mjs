// `npm run bench`: whole-process timings of mcpdeck against a baseline measured in
// the same run. Prints medians and ratios with their targets; never fails on time,
// only when a run itself fails (non-zero exit, wrong output, timeout).
// BENCH_RUNS=n changes the number of measured runs (default 7, after 1 warm-up).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInkHello, timeToText, untilText } from './first-frame.mjs';
import { printTable } from './table.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BENCH = fileURLToPath(new URL('./', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const WARMUP = 1;
const TIMEOUT_MS = 60_000;
const MCPDECK = join(ROOT, 'bin/mcpdeck.js');
const HAND_WRITTEN = join(ROOT, 'test/fixtures/servers/hand-written.sh');
// These machines set it, a user's do not: it costs every Node start about 30 ms (the CA
// file is read and parsed), which would compress every ratio. Every run here goes without.
const CA_SET = process.env.NODE_EXTRA_CA_CERTS !== undefined;
// memory.mjs fetches the Inspector CLI with npm, which may need it to reach the registry.
const CA_FILE = process.env.NODE_EXTRA_CA_CERTS;
delete process.env.NODE_EXTRA_CA_CERTS;
// Servers configured as `node ...` run on this Node too.
process.env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH}`;
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');

/** Runs `node ...args` once (in `env`); resolves with wall time (spawn to exit) and output. */
function runOnce(args, env = process.env) {
  return new Promise((resolve, reject) => {
    const label = `node ${args.join(' ')}`;
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let ms;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out after ${TIMEOUT_MS} ms: ${label}\n${stderr}`));
    }, TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', () => (ms = Number(process.hrtime.bigint() - start) / 1e6));
    // 'close' comes once every holder of the pipes is gone: a server left running
    // after mcpdeck exits would show up here as a timeout.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`exit ${code ?? signal}: ${label}\n${stdout}${stderr}`));
      else resolve({ ms, stdout, stderr });
    });
  });
}

/** Like medianInterleaved, for cases that are functions resolving with a time in ms. */
async function medianInterleavedTimed(cases) {
  const names = Object.keys(cases);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const ms = await cases[name]();
      if (round >= WARMUP) times[name].push(ms);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(times[n])]));
}

/** Bytes under a folder, as installed (files only). */
const sizeOf = (path) => {
  const stat = statSync(path);
  return stat.isDirectory() ? readdirSync(path).reduce((t, name) => t + sizeOf(join(path, name)), 0) : stat.size;
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Median wall time of each case over RUNS runs after WARMUP runs, interleaved
 * (the order flips every round) so machine noise spreads over all cases.
 * cases: { name: { args, check(stdout) } } -> { name: medianMs }
 */
async function medianInterleaved(cases) {
  const names = Object.keys(cases);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const { ms, stdout } = await runOnce(cases[name].args);
      cases[name].check?.(stdout);
      if (round >= WARMUP) times[name].push(ms);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(times[n])]));
}

/** entry: a Node server script (run with `stdio`), or a ready { command, args } object. */
function writeConfig(dir, file, names, entry) {
  const server = typeof entry === 'string' ? { command: 'node', args: [entry, 'stdio'] } : entry;
  const mcpServers = Object.fromEntries(names.map((n) => [n, server]));
  const path = join(dir, file);
  writeFileSync(path, JSON.stringify({ mcpServers }, null, 2));
  return path;
}

/** Fails unless `status --json` output reports exactly `count` servers, all "connected". */
function expectConnected(count) {
  return (stdout) => {
    const json = JSON.parse(stdout);
    // Accept an array of entries, { servers: [...] }, or an object keyed by name.
    const list = Array.isArray(json) ? json : Array.isArray(json.servers) ? json.servers : Object.values(json.servers ?? json);
    const bad = list.filter((s) => s?.status !== 'connected');
    if (list.length !== count || bad.length) {
      throw new Error(`expected ${count} servers all "connected", got ${list.length}:\n${stdout}`);
    }
  };
}

const expectEcho = (stdout) => {
  if (!stdout.includes('hi')) throw new Error(`echo result missing "hi" in output:\n${stdout}`);
};

const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-bench-'));
const rows = [];
const fmt = (ms) => `${ms.toFixed(0)} ms`;
/** target: '<= x' (compared, never failed on) or 'info' (no target). */
function row(measure, cand, base, target) {
  const ratio = cand / base;
  const note = target === 'info' ? '' : ratio <= Number(target.slice(3)) ? 'ok' : 'ABOVE TARGET';
  rows.push({ measure, candidate: fmt(cand), baseline: fmt(base), ratio: ratio.toFixed(2), target, note });
}

/** A row with an absolute target in ms (the issue's), and the ratio to a baseline for scale. */
function absolute(measure, cand, base, maxMs) {
  rows.push({ measure, candidate: fmt(cand), baseline: fmt(base), ratio: (cand / base).toFixed(2), target: `< ${maxMs} ms`, note: cand < maxMs ? 'ok' : 'ABOVE TARGET' });
}

try {
  console.log(`mcpdeck bench: median of ${RUNS} runs after ${WARMUP} warm-up, interleaved (node ${process.version}, ${availableParallelism()} CPUs)`);
  console.log(`NODE_EXTRA_CA_CERTS was ${CA_SET ? 'set here; every run is measured with it unset' : 'not set'}\n`);

  // Start-up, each against its floor: --version against bare node; the deck's first
  // frame and the demo connected in it, on a pseudo-terminal, against a bundled Ink hello
  // world (built as mcpdeck's bundle is, in this run).
  const v = await medianInterleaved({
    version: { args: [MCPDECK, '--version'], check: (out) => { if (!/^\d+\.\d+\.\d+/.test(out)) throw new Error(`--version printed ${out}`); } },
    node: { args: ['-e', '0'] },
  });
  row('start-up: mcpdeck --version / node -e 0', v.version, v.node, '<= 1.3');

  const hello = await buildInkHello(ROOT, dir);
  const deckHome = join(dir, 'deck');
  mkdirSync(deckHome);
  const onPty = { cwd: deckHome, env: { ...process.env, HOME: join(deckHome, 'home'), MCPDECK_CONFIG_DIR: join(deckHome, 'config') } };
  // Node's compile cache (bin/mcpdeck.js turns it on) is written as a process exits; every
  // pty run below is killed, so one run of the deck quits with `q` first, as a person does.
  await untilText([MCPDECK, '--strict', '--demo'], /✓ connected/, { ...onPty, quit: 'q' });
  // The deck's start is the frame a person waits for, the demo server connected in it;
  // the first frame (the breadcrumb, drawn before the core loads) is shown for scale.
  const frames = await medianInterleavedTimed({
    hello: () => timeToText([hello], /hello from ink/, onPty),
    deck: () => timeToText([MCPDECK, '--strict'], /mcpdeck › servers/, onPty),
    demo: () => timeToText([MCPDECK, '--strict', '--demo'], /✓ connected/, onPty),
  });
  row('demo connected in the deck / Ink hello world', frames.demo, frames.hello, '<= 2.0');
  row("deck's first frame (mcpdeck › servers) / Ink hello world", frames.deck, frames.hello, 'info');

  // What the compile cache saves: the same starts with it warm and with it off.
  const noCache = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
  const cache = await medianInterleavedTimed({
    version: async () => (await runOnce([MCPDECK, '--version'])).ms,
    versionOff: async () => (await runOnce([MCPDECK, '--version'], noCache)).ms,
    deck: () => timeToText([MCPDECK, '--strict'], /mcpdeck › servers/, onPty),
    deckOff: () => timeToText([MCPDECK, '--strict'], /mcpdeck › servers/, { ...onPty, env: { ...onPty.env, NODE_DISABLE_COMPILE_CACHE: '1' } }),
  });
  row('compile cache: mcpdeck --version, warm / off', cache.version, cache.versionOff, 'info');
  row("compile cache: deck's first frame, warm / off", cache.deck, cache.deckOff, 'info');

  // Memory at rest: RSS 4 s after the demo shows connected (the deck's idle work done: its
  // token counts land from a process of their own, which ends 2 s after its last count), of
  // the deck and every process under it, against the Ink hello world 4 s after its line.
  const idle = { hello: [], deck: [] };
  for (let i = 0; i < 3; i++) {
    idle.hello.push((await untilText([hello], /hello from ink/, { ...onPty, idleMs: 4000 })).rssMib);
    idle.deck.push((await untilText([MCPDECK, '--strict', '--demo'], /✓ connected/, { ...onPty, idleMs: 4000 })).rssMib);
  }
  const [deckRss, helloRss] = [median(idle.deck), median(idle.hello)];
  rows.push({ measure: 'idle deck RSS (demo connected) / Ink hello world', candidate: `${deckRss.toFixed(0)} MiB`, baseline: `${helloRss.toFixed(0)} MiB`, ratio: (deckRss / helloRss).toFixed(2), target: '<= 1.5', note: deckRss / helloRss <= 1.5 ? 'ok' : 'ABOVE TARGET' });

  // (a) one tool call, whole process, against raw SDK scripts (v1 and v2) that connect,
  // call, print and exit at once, and a hand-written JSON-RPC client (the physical floor).
  const callCfg = writeConfig(dir, 'call.json', ['everything'], EVERYTHING);
  const a = await medianInterleaved({
    mcpdeck: { args: [MCPDECK, 'call', '--strict', '--config', callCfg, 'everything', 'echo', 'message=hi'], check: expectEcho },
    v1: { args: [join(BENCH, 'baseline-call.mjs'), 'v1', EVERYTHING, 'hi'], check: expectEcho },
    v2: { args: [join(BENCH, 'baseline-call.mjs'), 'v2', EVERYTHING, 'hi'], check: expectEcho },
    raw: { args: [join(BENCH, 'baseline-raw.mjs'), EVERYTHING, 'hi'], check: expectEcho },
  });
  const sdkFloor = Math.min(a.v1, a.v2);
  row(`call echo: mcpdeck / faster raw SDK script (${a.v1 <= a.v2 ? 'v1' : 'v2'}; v1 ${fmt(a.v1)}, v2 ${fmt(a.v2)})`, a.mcpdeck, sdkFloor, '<= 1.1');
  row('call echo: mcpdeck / hand-written JSON-RPC client', a.mcpdeck, a.raw, 'info');

  // A hand-written server that says nothing to a method it does not know (the era probe)
  // against the same server answering -32601: the era must not cost a wait on silence.
  const silentCfg = writeConfig(dir, 'silent.json', ['silent'], { command: 'bash', args: [HAND_WRITTEN] });
  const answersCfg = writeConfig(dir, 'answers.json', ['answers'], { command: 'bash', args: [HAND_WRITTEN, 'answers'] });
  const s = await medianInterleaved({
    silent: { args: [MCPDECK, 'call', '--strict', '--config', silentCfg, 'silent', 'echo', 'message=hi'], check: expectEcho },
    answers: { args: [MCPDECK, 'call', '--strict', '--config', answersCfg, 'answers', 'echo', 'message=hi'], check: expectEcho },
  });
  row('call on a server silent to unknown methods / same server answering -32601', s.silent, s.answers, '<= 1.2');

  // The package as installed: npm pack (prepack bundles), npm i -g into a temporary prefix.
  // From npm's cache when it can (--prefer-offline): without the machine's CA file the
  // registry may be out of reach, and npm retries for minutes. Bounded all the same.
  const npm = { stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 };
  execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { ...npm, cwd: ROOT });
  const tarball = join(dir, readdirSync(dir).find((f) => f.endsWith('.tgz')));
  execFileSync('npm', ['i', '-g', '--prefix', join(dir, 'prefix'), '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], npm);
  const installedMb = sizeOf(join(dir, 'prefix', 'lib', 'node_modules')) / 2 ** 20;
  rows.push({ measure: 'installed size (npm i -g of the tarball)', candidate: `${installedMb.toFixed(1)} MB`, baseline: '', ratio: '', target: '<= 15 MB', note: installedMb <= 15 ? 'ok' : 'ABOVE TARGET' });

  // (b) 20 stdio servers connected vs 1. The servers are a bash script that starts in
  // milliseconds, so the ratio measures mcpdeck's concurrency; the server-memory rows
  // show the same with real Node servers, whose start-up is CPU-bound on few cores.
  const names20 = Array.from({ length: 20 }, (_, i) => `s${i + 1}`);
  const tiny = { command: 'bash', args: [join(BENCH, 'tiny-server.sh')] };
  const b = await medianInterleaved({
    one: { args: [MCPDECK, 'status', '--strict', '--config', writeConfig(dir, 'tiny1.json', ['s1'], tiny), '--json'], check: expectConnected(1) },
    twenty: { args: [MCPDECK, 'status', '--strict', '--config', writeConfig(dir, 'tiny20.json', names20, tiny), '--json'], check: expectConnected(20) },
  });
  row('status: 20 servers / 1 server', b.twenty, b.one, '<= 1.5');

  const cfg1 = writeConfig(dir, 'status1.json', ['s1'], MEMORY);
  const cfg20 = writeConfig(dir, 'status20.json', names20, MEMORY);
  const m = await medianInterleaved({
    one: { args: [MCPDECK, 'status', '--strict', '--config', cfg1, '--json'], check: expectConnected(1) },
    twenty: { args: [MCPDECK, 'status', '--strict', '--config', cfg20, '--json'], check: expectConnected(20) },
    sdk20: { args: [join(BENCH, 'baseline-connect.mjs'), cfg20], check: expectConnected(20) },
  });
  row('server-memory: 20 servers / 1 server', m.twenty, m.one, 'info');
  row('server-memory 20: mcpdeck / SDK connect-all', m.twenty, m.sdk20, 'info');

  // Start-up cost of the CLI alone.
  const c = await medianInterleaved({
    help: { args: [MCPDECK, '--help'] },
    node: { args: ['-e', '0'] },
  });
  row('start-up: mcpdeck --help / node -e 0', c.help, c.node, '<= 2.0');

  // (c) The TUI, in-process (tui-frames.mjs): the frame after each filter keystroke with
  // 5,000 tools against 50, and the first page of a 10 MB text result against 10 KB.
  // Production React, as bin/mcpdeck.js runs it: the development build diffs every changed
  // prop into performance marks (an array prop of 100,000 tools costs ~100 ms a render).
  const production = { ...process.env, NODE_ENV: 'production' };
  const tui = (args, env = production) => runOnce([join(BENCH, 'tui-frames.mjs'), ...args], env).then(({ stdout }) => JSON.parse(stdout));
  const medianOf = async (args, key, env) => {
    const values = [];
    for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) values.push((await tui(args, env))[key]);
    return median(values);
  };
  const f5000 = await medianOf(['filter', '5000'], 'medianMs');
  const f50 = await medianOf(['filter', '50'], 'medianMs');
  absolute('TUI filter keystroke: 5,000 tools (vs 50)', f5000, f50, 30);
  const f100k = await medianOf(['filter', '100000'], 'medianMs');
  absolute('TUI filter keystroke: 100,000 tools (vs 50)', f100k, f50, 30);
  const r10m = await tui(['result', String(10_000_000)]);
  const r10k = await tui(['result', String(10_000)]);
  // A second call's first page: the first also loads what any call needs (info row below).
  absolute('TUI 10 MB result: first page (vs 10 KB)', await medianOf(['result', String(10_000_000)], 'firstPageMs'), await medianOf(['result', String(10_000)], 'firstPageMs'), 300);
  rows.push({ measure: "TUI 10 MB result: the session's first call, first page", candidate: `${r10m.firstCallMs.toFixed(0)} ms`, baseline: `${r10k.firstCallMs.toFixed(0)} ms`, ratio: '', target: 'info', note: 'loads the call modules (dist/, no compile cache)' });
  rows.push({ measure: 'TUI 10 MB result: RSS growth', candidate: `${r10m.rssDeltaMb.toFixed(0)} MB`, baseline: `${r10k.rssDeltaMb.toFixed(0)} MB`, ratio: '', target: 'bounded', note: r10m.rssDeltaMb < 100 ? 'ok' : 'HIGH' });
  // 50 MiB: the view holds its first 2 MB, so the page costs the call (the core holds all 50 MB), not the text.
  const r50m = await tui(['result', String(50 * 2 ** 20)]);
  absolute('TUI 50 MB result: first page (vs 10 KB)', await medianOf(['result', String(50 * 2 ** 20)], 'firstPageMs'), await medianOf(['result', String(10_000)], 'firstPageMs'), 1000);
  rows.push({ measure: 'TUI 50 MB result: RSS growth', candidate: `${r50m.rssDeltaMb.toFixed(0)} MB`, baseline: `${r10k.rssDeltaMb.toFixed(0)} MB`, ratio: '', target: 'bounded', note: r50m.rssDeltaMb < 250 ? 'ok' : 'HIGH' });

  printTable(rows);
  rows.length = 0;
  console.log('\n"info" rows have no target: they show where time goes. With few CPU cores, starting');
  console.log('20 Node servers is CPU-bound for any client; compare with the SDK connect-all row.');

  // (d) Stress (stress.mjs, its own process for --expose-gc; prints its own table):
  // 10,000 calls and 1,100 reconnects against server-everything, memory after GC.
  const stress = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', join(BENCH, 'stress.mjs')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? signal));
  });
  if (stress !== 0) throw new Error(`stress.mjs failed (exit ${stress})`);

  // (d2) A sandboxed stdio server against the same server unsandboxed (sandbox.mjs, its own table).
  const sandboxed = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(BENCH, 'sandbox.mjs')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? signal));
  });
  if (sandboxed !== 0) throw new Error(`sandbox.mjs failed (exit ${sandboxed})`);

  // (e) Hostile servers (hostile.mjs): an endless SSE line and body, backtracking patterns;
  // time and peak RSS per case, each in its own process.
  const hostile = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(BENCH, 'hostile.mjs')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? signal));
  });
  if (hostile !== 0) throw new Error(`hostile.mjs failed (exit ${hostile})`);

  // (f) Memory in a real terminal (memory.mjs, tmux; prints its own table): 100,000 tools
  // against the MCP Inspector CLI, and a 50 MB result's growth of the deck.
  const memory = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(BENCH, 'memory.mjs')], { cwd: ROOT, env: { ...process.env, ...(CA_SET && { NODE_EXTRA_CA_CERTS: CA_FILE }) }, stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? signal));
  });
  if (memory !== 0) throw new Error(`memory.mjs failed (exit ${memory})`);
  await sessionBench();
} catch (err) {
  // What was measured before the failure is still worth seeing (once the table is out, rows is empty).
  if (rows.length) printTable(rows);
  console.error(`bench run failed: ${err.stack ?? err}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** (g) Sessions (session.mjs, its own process; prints its own table): a call through a warm session, 1,000 calls' memory. */
async function sessionBench() {
  const code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(BENCH, 'session.mjs')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 });
    child.on('error', reject);
    child.on('exit', (exit, signal) => resolve(exit ?? signal));
  });
  if (code !== 0) throw new Error(`session.mjs failed (exit ${code})`);
}
