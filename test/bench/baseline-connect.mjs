// Baseline for `mcpdeck status`: the v2 client SDK connecting every server of a config
// at once with the plain 2025 handshake (a floor: mcpdeck's default `auto` asks
// server/discover first), listing each one's tools (as status does), printing, exiting.
// Usage: node baseline-connect.mjs <config.json>
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

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
