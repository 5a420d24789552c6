// Baseline for `mcpdeck call`: the v2 client SDK, the one mcpdeck runs on, doing the
// same connect, call, exit. It connects with the plain 2025 handshake, the cheapest the
// SDK has, so it is a floor: mcpdeck's default `auto` asks server/discover first.
// Usage: node baseline-call.mjs <server entry .js> [message]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [serverEntry, message = 'hi'] = process.argv.slice(2);
const client = new Client({ name: 'bench-baseline', version: '0.0.0' });
await client.connect(new StdioClientTransport({ command: 'node', args: [serverEntry, 'stdio'] }));
const result = await client.callTool({ name: 'echo', arguments: { message } });
console.log(result.content.map((c) => c.text ?? '').join('\n'));
await client.close();
process.exit(result.isError ? 1 : 0);
