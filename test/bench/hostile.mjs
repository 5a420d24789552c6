// Hostile servers, bounded: each case runs in a process of its own (so its peak RSS is
// its own) through the built core, and reports wall time, peak RSS and what the person
// is told. Usage: node test/bench/hostile.mjs   (`npm run bench` runs it after stress).
// Exits non-zero when a case does not end with its expected reason, or its peak RSS
// passes PEAK_BOUND_MB (an unbounded read reached 3.2 GB before these caps).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(ROOT, 'test/fixtures/servers');
const PEAK_BOUND_MB = 400;
const EVIL = `${'a'.repeat(34)}!`;

const CASES = {
  'endless SSE line at connect': { server: 'connect', expect: /SSE line longer than 16 MiB/ },
  'endless SSE line during a call': { server: 'call', call: 'flood', expect: /SSE line longer than 16 MiB/ },
  'endless JSON body during a call': { server: 'json', call: 'flood', expect: /HTTP response body larger than 100 MiB/ },
  'backtracking output pattern ^(a+)+$': { stdio: 'backtracking-pattern.mjs', call: 'spell', expect: /must match pattern/ },
  'pattern ^(\\w+\\s?)*$ on 100,000 chars': { validate: true, expect: /must match pattern/ },
};

/** One case, in this process: prints {ms, peakMB, said}. */
async function runCase(name) {
  const spec = CASES[name];
  const started = performance.now();
  let said;
  if (spec.validate) {
    const { loadValidator, validate } = await import('../../dist/core/schema/validator.js');
    await loadValidator();
    said = validate({ type: 'string', pattern: '^(\\w+\\s?)*$' }, `${'word '.repeat(20_000)}!`).errors.join('; ');
    validate({ type: 'string', pattern: '^(a+)+$' }, EVIL);
  } else {
    const { createDeck } = await import('../../dist/core/deck.js');
    let child;
    let config;
    if (spec.server) {
      child = spawn(process.execPath, [join(FIXTURES, 'endless-sse.mjs'), spec.server], { stdio: ['ignore', 'pipe', 'inherit'] });
      const port = await new Promise((resolve) => child.stdout.once('data', (d) => resolve(d.toString().trim())));
      config = { type: 'http', url: `http://127.0.0.1:${port}/mcp`, timeout: 60_000 };
    } else config = { command: process.execPath, args: [join(FIXTURES, spec.stdio)], timeout: 60_000 };
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-hostile-bench-'));
    const file = join(dir, 'servers.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { hostile: config } }));
    const deck = await createDeck({ cwd: dir, env: process.env, configFiles: [file], strict: true });
    await deck.connectAll();
    if (spec.call && deck.getSnapshot().servers[0].status === 'connected') {
      said = await deck.callTool('hostile', spec.call, {}).then((o) => o.output?.errors.join('; ') ?? 'no mismatch', (e) => e.message);
    }
    said ??= deck.getSnapshot().servers[0].error;
    await deck.close();
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, peakMB: process.resourceUsage().maxRSS / 1024, said }));
}

function inChild(name) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), name], { cwd: ROOT, env: { ...process.env, MCPDECK_SECRETS: 'file' }, stdio: ['ignore', 'pipe', 'inherit'], timeout: 120_000 });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`${name}: exit ${code}`))));
  });
}

if (process.argv[2]) {
  await runCase(process.argv[2]);
} else {
  console.log('\nhostile servers: each case in its own process (wall time, peak RSS of that process)\n');
  let failed = false;
  const rows = [];
  for (const name of Object.keys(CASES)) {
    const { ms, peakMB, said } = await inChild(name);
    const ok = CASES[name].expect.test(said ?? '') && peakMB < PEAK_BOUND_MB;
    failed ||= !ok;
    rows.push([name, `${(ms / 1000).toFixed(2)} s`, `${peakMB.toFixed(0)} MB`, ok ? 'ok' : 'FAIL', (said ?? '').slice(0, 70)]);
  }
  const width = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length), 4));
  for (const r of [['case', 'time', 'peak', 'ok', 'what the person is told'], ...rows]) console.log(r.map((c, i) => c.padEnd(width[i])).join('  '));
  if (failed) process.exitCode = 1;
}
