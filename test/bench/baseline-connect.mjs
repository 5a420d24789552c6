// Baseline for `mcpdeck status`: the plain SDK connecting every server of a config
// at once, printing their names, and exiting.
// Usage: node baseline-connect.mjs <config.json>
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const { mcpServers } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const clients = await Promise.all(
  Object.entries(mcpServers).map(async ([name, { command, args }]) => {
    const client = new Client({ name: 'bench-baseline', version: '0.0.0' });
    await client.connect(new StdioClientTransport({ command, args }));
    return [name, client];
  }),
);
console.log(JSON.stringify(clients.map(([name]) => ({ name, status: 'connected' }))));
await Promise.all(clients.map(([, client]) => client.close()));
process.exit(0);
