#!/usr/bin/env node
// `npm run conformance`: the official MCP conformance client scenarios against
// mcpdeck's headless CLI (through client.mjs). The suite needs Node 22, which the
// `node` npm package provides; mcpdeck itself runs on this process's Node.
// Scenarios run one at a time: sse-retry's 500 ms timing check is flaky under load.
// Usage: node test/conformance/run.mjs [scenario ...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SUITE = ['--yes', '-p', 'node@22', '-p', '@modelcontextprotocol/conformance@0.1.16', '--', 'conformance', 'client'];
const SCENARIOS = ['initialize', 'tools_call', 'sse-retry', 'elicitation-sep1034-client-defaults'];

// The suite splits --command on spaces and runs it through a shell: quote for sh.
const sh = (s) => `'${s.replaceAll("'", `'\\''`)}'`;
const client = `${sh(process.execPath)} ${sh(fileURLToPath(new URL('./client.mjs', import.meta.url)))}`;

const scenarios = process.argv.length > 2 ? process.argv.slice(2) : SCENARIOS;
const failed = [];
for (const scenario of scenarios) {
  console.log(`\n=== conformance: ${scenario} ===`);
  const run = spawnSync('npx', [...SUITE, '--command', client, '--scenario', scenario], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(scenario);
}

console.log('');
if (failed.length) console.log(`failed scenarios: ${failed.join(', ')}`);
console.log(`conformance: ${scenarios.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
