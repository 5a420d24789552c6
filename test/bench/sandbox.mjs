// A sandboxed stdio server against the same server unsandboxed (server-everything):
// connecting, as a whole `mcpdeck status --json` (the bundle: loading the sandbox runtime,
// starting its proxy, bubblewrap and the proxy bridges inside it), and the time of one
// call on a connected server (sandbox-calls.mjs, in-process). Medians of interleaved runs;
// prints its own table. `npm run bench` runs it; alone: node test/bench/sandbox.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './table.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
delete process.env.NODE_EXTRA_CA_CERTS;
process.env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH}`;

const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-bench-sandbox-'));
const env = { ...process.env, HOME: join(dir, 'home'), MCPDECK_CONFIG_DIR: join(dir, 'config') };
const config = (name, sandbox) => {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], ...(sandbox && { sandbox: true }) } } }));
  return path;
};

/** Runs `node ...args`; resolves with the wall time and stdout, rejects on a failed run. */
function run(args) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, out }) : reject(new Error(`exit ${code}: node ${args.join(' ')}\n${out}${err}`))));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

/** Medians over RUNS rounds after one warm-up, the order alternating each round. */
async function interleaved(cases) {
  const names = Object.keys(cases);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round <= RUNS; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const ms = await cases[name]();
      if (round > 0) times[name].push(ms);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(times[n])]));
}

const connected = (sandboxed) => ({ out }) => {
  const [server] = JSON.parse(out);
  if (server?.status !== 'connected' || Boolean(server.sandbox) !== sandboxed) throw new Error(`not connected as expected: ${out}`);
};
const status = (path, sandboxed) => async () => {
  const result = await run([join(ROOT, 'bin/mcpdeck.js'), 'status', '--strict', '--config', path, '--json']);
  connected(sandboxed)(result);
  return result.ms;
};
const perCall = (mode) => async () => JSON.parse((await run([join(ROOT, 'test/bench/sandbox-calls.mjs'), EVERYTHING, mode])).out).callMs;

try {
  const plain = config('plain', false);
  const boxed = config('sandboxed', true);
  const connect = await interleaved({ plain: status(plain, false), sandboxed: status(boxed, true) });
  const calls = await interleaved({ plain: perCall('plain'), sandboxed: perCall('sandboxed') });
  const row = (measure, cand, base, max) => ({ measure, candidate: fmt(cand), baseline: fmt(base), ratio: (cand / base).toFixed(2), target: `<= ${max}`, note: cand / base <= max ? 'ok' : 'ABOVE TARGET' });
  printTable([
    row('sandboxed server connected (status --json) / unsandboxed', connect.sandboxed, connect.plain, 1.3),
    row('sandboxed server: one call (median of 200) / unsandboxed', calls.sandboxed, calls.plain, 1.05),
  ]);
} catch (error) {
  console.error(`sandbox bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
