// Sessions (`npm run bench` runs this in a process of its own; it prints its own table):
// a call through a warm session against `node -e 0`, the same call connect-call-exit for
// scale, and the session's memory over 1,000 calls in a row. NODE_EXTRA_CA_CERTS is unset.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './table.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MCPDECK = join(ROOT, 'bin/mcpdeck.js');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SETTLE_MS = 300;
const CALLS = 1000;

const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-bench-session-'));
const env = { ...process.env, HOME: join(dir, 'home'), MCPDECK_CONFIG_DIR: join(dir, 'config'), XDG_RUNTIME_DIR: join(dir, 'run'), NO_COLOR: '1' };
delete env.NODE_EXTRA_CA_CERTS;
delete env.XDG_CONFIG_HOME;
env.PATH = `${dirname(process.execPath)}${delimiter}${env.PATH}`;
mkdirSync(env.XDG_RUNTIME_DIR, { mode: 0o700 });
writeFileSync(join(dir, 'servers.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } }));
const CALL = ['call', 'everything', 'echo', 'message=hi', '--config', 'servers.json'];

function run(args, runEnv = env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd: dir, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, out }) : reject(new Error(`exit ${code}: node ${args.join(' ')}\n${out}`))));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Interleaved medians (the order flips every round), one warm-up round. */
async function medians(cases) {
  const names = Object.keys(cases);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round <= RUNS; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const { args, env: caseEnv } = Array.isArray(cases[name]) ? { args: cases[name] } : cases[name];
      // A moment between runs: the connect-call-exit case leaves its server ending, and mcpdo
      // its daemon working, after their clients exit; on two cores that tail would land in
      // whichever run came next.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const { ms, out } = await run(args, caseEnv);
      if (name !== 'node -e 0' && name !== 'version' && !out.includes('Echo: hi')) throw new Error(`no echo from ${name}:\n${out}`);
      if (round) times[name].push(ms);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(times[n])]));
}

/** One call over the session's own protocol (what the client sends), for the memory run. */
function rawCall(socket) {
  return new Promise((resolve, reject) => {
    const client = connect(socket);
    let got = '';
    client.on('connect', () => client.write(`${JSON.stringify({ t: 'run', argv: CALL, cwd: dir, env, tty: { out: false, err: false } })}\n`));
    client.on('data', (d) => {
      got += d;
      if (got.includes('"t":"exit"')) {
        client.destroy();
        return got.includes('"code":0') ? resolve() : reject(new Error(got));
      }
    });
    client.on('error', reject);
  });
}

/**
 * MCP Inspector's `mcpdo` (the @modelcontextprotocol/inspector package, 2.x), installed once
 * into a folder of its own outside the repository (it is 111 MB; not a dependency), with a
 * private daemon (`mcpdo private`) connected to the same server. Undefined where npm cannot
 * fetch it: the row says so.
 */
const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
async function mcpdoSetup() {
  const prefix = join(tmpdir(), 'mcpdeck-bench-mcpdo-2.12.0');
  const bin = join(prefix, 'node_modules/@modelcontextprotocol/inspector/clients/mcpdo/build/mcp-bin.js');
  if (!existsSync(bin)) {
    // npm itself may need the machine's CA variable to reach its registry: only mcpdo's runs are measured without it.
    const installed = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', INSPECTOR], { stdio: 'ignore', env: process.env });
    if (installed.status !== 0 || !existsSync(bin)) return undefined;
  }
  const mcpdoEnv = { ...env, HOME: join(dir, 'mcpdo-home') };
  mkdirSync(mcpdoEnv.HOME, { recursive: true });
  const exports = spawnSync(process.execPath, [bin, 'private'], { env: mcpdoEnv, encoding: 'utf8' }).stdout;
  for (const [, name, value] of exports.matchAll(/export (\w+)='([^']*)'/g)) mcpdoEnv[name] = value;
  const connected = spawnSync(process.execPath, [bin, 'connect', '--connection', 'ev', '--', process.execPath, EVERYTHING, 'stdio'], { env: mcpdoEnv, encoding: 'utf8' });
  if (connected.status !== 0) throw new Error(`mcpdo connect failed: ${connected.stderr}`);
  return { args: [bin, '--plain', '--connection', 'ev', 'tools/call', 'echo', 'message:=hi'], env: mcpdoEnv, stop: () => spawnSync(process.execPath, [bin, 'daemon', 'stop'], { env: mcpdoEnv }) };
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const rows = [];
let pid;
let mcpdo;
try {
  await run([MCPDECK, 'session', 'start', '--config', 'servers.json']);
  const folder = join(env.XDG_RUNTIME_DIR, 'mcpdeck');
  const info = JSON.parse(readFileSync(join(folder, readdirSync(folder).find((f) => f.endsWith('.json'))), 'utf8'));
  pid = info.pid;
  mcpdo = await mcpdoSetup();
  const t = await medians({ 'node -e 0': ['-e', '0'], version: [MCPDECK, '--version'], session: [MCPDECK, ...CALL], alone: [MCPDECK, ...CALL, '--no-session'], ...(mcpdo && { mcpdo }) });
  const ratio = t.session / t['node -e 0'];
  rows.push({ measure: 'call echo through a warm session / node -e 0', candidate: `${t.session.toFixed(0)} ms`, baseline: `${t['node -e 0'].toFixed(0)} ms`, ratio: ratio.toFixed(2), target: '<= 1.5', note: ratio <= 1.5 ? 'ok' : 'ABOVE TARGET' });
  rows.push(mcpdo
    ? { measure: `mcpdo (${INSPECTOR}) call echo, warm daemon / mcpdeck through a warm session`, candidate: `${t.mcpdo.toFixed(0)} ms`, baseline: `${t.session.toFixed(0)} ms`, ratio: (t.mcpdo / t.session).toFixed(2), target: '>= 5', note: t.mcpdo / t.session >= 5 ? 'ok' : 'BELOW TARGET' }
    : { measure: 'mcpdo call echo / mcpdeck through a warm session', candidate: '', baseline: '', ratio: '', target: '>= 5', note: `not measured: npm could not install ${INSPECTOR}` });
  rows.push({ measure: 'for scale: mcpdeck --version / node -e 0', candidate: `${t.version.toFixed(0)} ms`, baseline: `${t['node -e 0'].toFixed(0)} ms`, ratio: (t.version / t['node -e 0']).toFixed(2), target: 'info', note: 'what starting bin/mcpdeck.js (CommonJS) costs alone' });
  rows.push({ measure: 'call echo connect-call-exit (--no-session) / node -e 0', candidate: `${t.alone.toFixed(0)} ms`, baseline: `${t['node -e 0'].toFixed(0)} ms`, ratio: (t.alone / t['node -e 0']).toFixed(2), target: 'info', note: `the session saves ${(t.alone - t.session).toFixed(0)} ms a call` });
  if (process.platform === 'linux') {
    // The session gives back what a burst left a second after its last client (serve.ts): read after that.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));
    for (let i = 0; i < 100; i++) await rawCall(info.socket);
    await settle();
    const before = rssMb(pid);
    const start = Date.now();
    for (let i = 0; i < CALLS; i++) await rawCall(info.socket);
    const perCall = (Date.now() - start) / CALLS;
    await settle();
    const after = rssMb(pid);
    const growth = after - before;
    rows.push({ measure: `session RSS over ${CALLS} calls in a row (after 100 warm; 2.5 s after each burst)`, candidate: `${after.toFixed(0)} MiB`, baseline: `${before.toFixed(0)} MiB`, ratio: '', target: '<= +10 MB', note: `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MiB, ${perCall.toFixed(1)} ms a call in the session; ${growth <= 10 ? 'ok' : 'ABOVE TARGET'}` });
  }
  await run([MCPDECK, 'session', 'stop', '--config', 'servers.json']);
  pid = undefined;
  console.log('\nSessions (test/bench/session.mjs)');
  printTable(rows);
} catch (error) {
  if (rows.length) printTable(rows);
  console.error(`session bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  if (pid) try { process.kill(pid, 'SIGTERM'); } catch { /* gone */ }
  mcpdo?.stop();
  rmSync(dir, { recursive: true, force: true });
}
