// Baseline for `mcpdeck status`: the plain SDK connecting every server of a config
// at once, listing each one's tools (as status does), printing, and exiting.
// Usage: node baseline-connect.mjs <config.json>
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const { mcpServers } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const clients = await Promise.all(
  Object.entries(mcpServers).map(async ([name, { command, args }]) => {
    const client = new Client({ name: 'bench-baseline', version: '0.0.0' });
    await client.connect(new StdioClientTransport({ command, args }));
    const { tools } = await client.listTools();
    return [name, client, tools.length];
  }),
);
console.log(JSON.stringify(clients.map(([name, , tools]) => ({ name, status: 'connected', tools }))));
await Promise.all(clients.map(([, client]) => client.close()));
process.exit(0);
