// Baseline for `mcpdeck call`: the plain SDK doing the same connect, call, exit.
// Usage: node baseline-call.mjs <server entry .js> [message]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [serverEntry, message = 'hi'] = process.argv.slice(2);
const client = new Client({ name: 'bench-baseline', version: '0.0.0' });
await client.connect(new StdioClientTransport({ command: 'node', args: [serverEntry, 'stdio'] }));
const result = await client.callTool({ name: 'echo', arguments: { message } });
console.log(result.content.map((c) => c.text ?? '').join('\n'));
await client.close();
process.exit(result.isError ? 1 : 0);
