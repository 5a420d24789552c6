// The physical floor for `mcpdeck call`: a hand-written JSON-RPC client, no SDK and no
// schemas. Spawns the server, sends initialize, notifications/initialized and tools/call
// without waiting in between (a stdio server reads in order), prints the echo, signals the
// server and exits.
// Usage: node baseline-raw.mjs <server entry .js> [message]
import { spawn } from 'node:child_process';

const [serverEntry, message = 'hi'] = process.argv.slice(2);
const server = spawn('node', [serverEntry, 'stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
const send = (m) => server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench-raw', version: '0.0.0' } } });
send({ method: 'notifications/initialized' });
send({ id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message } } });
let buffered = '';
server.stdout.on('data', (chunk) => {
  buffered += chunk;
  for (let end; (end = buffered.indexOf('\n')) !== -1; buffered = buffered.slice(end + 1)) {
    const reply = JSON.parse(buffered.slice(0, end));
    if (reply.id !== 2) continue;
    process.stdout.write(`${reply.result.content.map((c) => c.text ?? '').join('\n')}\n`);
    server.kill('SIGTERM');
    process.exit(reply.result.isError ? 1 : 0);
  }
});
