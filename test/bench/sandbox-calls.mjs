// Per-call time of one server, sandboxed or not, in one process (the Deck from the tsc
// build, dist/; a call touches no code of the sandbox runtime, which dist/ loads unbundled):
// the median of `echo` calls on the connected server. sandbox.mjs runs it.
// Usage: node sandbox-calls.mjs <server-everything's index.js> plain|sandboxed [calls]
// Prints {"connectMs": …, "callMs": …}.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeck } from '../../dist/core/deck.js';

const [everything, mode, calls = '200'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-bench-sandbox-'));
const file = join(dir, 'servers.json');
const entry = { command: process.execPath, args: [everything, 'stdio'], ...(mode === 'sandboxed' && { sandbox: true }) };
writeFileSync(file, JSON.stringify({ mcpServers: { everything: entry } }));
const env = { ...process.env, HOME: join(dir, 'home'), MCPDECK_CONFIG_DIR: join(dir, 'config') };

const start = performance.now();
const deck = await createDeck({ cwd: dir, env, configFiles: [file], strict: true, oneShot: true });
await deck.connectAll();
const state = deck.getSnapshot().servers[0];
if (state.status !== 'connected') throw new Error(`${mode}: ${state.status} ${state.error ?? ''}`);
if (mode === 'sandboxed' && !state.sandbox) throw new Error('not sandboxed');
const connectMs = performance.now() - start;
const times = [];
for (let i = 0; i < Number(calls); i++) {
  const t = performance.now();
  const outcome = await deck.callTool('everything', 'echo', { message: `hi ${i}` });
  times.push(performance.now() - t);
  if (outcome.isError) throw new Error('echo failed');
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ connectMs, callMs: times[Math.floor(times.length / 2)] }));
await deck.close();
process.exit(0);
