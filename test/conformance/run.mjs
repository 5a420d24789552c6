#!/usr/bin/env node
// `npm run conformance`: the official MCP conformance client scenarios against
// mcpdeck's headless CLI (through client.mjs). The suite needs Node 22, which the
// `node` npm package provides; mcpdeck itself runs on this process's Node.
// Scenarios run one at a time: sse-retry's 500 ms timing check is flaky under load.
// Usage: node test/conformance/run.mjs [scenario ...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SUITE = ['--yes', '-p', 'node@22', '-p', '@modelcontextprotocol/conformance@0.1.16', '--', 'conformance', 'client'];
const AUTH = [
  'metadata-default', 'metadata-var1', 'metadata-var2', 'metadata-var3', 'basic-cimd',
  'scope-from-www-authenticate', 'scope-from-scopes-supported', 'scope-omitted-when-undefined', 'scope-step-up', 'scope-retry-limit',
  'token-endpoint-auth-basic', 'token-endpoint-auth-post', 'token-endpoint-auth-none', 'pre-registration',
  '2025-03-26-oauth-metadata-backcompat', '2025-03-26-oauth-endpoint-fallback',
  'resource-mismatch', 'offline-access-scope', 'offline-access-not-supported',
  'client-credentials-jwt', 'client-credentials-basic', 'cross-app-access-complete-flow',
].map((name) => `auth/${name}`);
// Every client scenario of the suite (26).
const SCENARIOS = ['initialize', 'tools_call', 'sse-retry', 'elicitation-sep1034-client-defaults', ...AUTH];

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
