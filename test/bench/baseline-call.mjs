// Floors for `mcpdeck call`: a raw SDK client doing connect, call, print, exit, and
// nothing else. It exits the moment it has printed: the server gets SIGTERM, not a
// graceful close (mcpdeck gives it EOF and 30 ms first, so this is the stricter floor).
// Its connect is the plain 2025 handshake, the cheapest the SDK has; the era probe is
// mcpdeck's own cost. `v1` runs @modelcontextprotocol/sdk, `v2` @modelcontextprotocol/client.
// Usage: node baseline-call.mjs v1|v2 <server entry .js> [message]
const [sdk, serverEntry, message = 'hi'] = process.argv.slice(2);
const { Client, StdioClientTransport } =
  sdk === 'v1'
    ? { ...(await import('@modelcontextprotocol/sdk/client/index.js')), ...(await import('@modelcontextprotocol/sdk/client/stdio.js')) }
    : { ...(await import('@modelcontextprotocol/client')), ...(await import('@modelcontextprotocol/client/stdio')) };
const client = new Client({ name: 'bench-baseline', version: '0.0.0' });
const transport = new StdioClientTransport({ command: 'node', args: [serverEntry, 'stdio'], stderr: 'ignore' });
await client.connect(transport);
const result = await client.callTool({ name: 'echo', arguments: { message } });
process.stdout.write(`${result.content.map((c) => c.text ?? '').join('\n')}\n`);
process.kill(transport.pid, 'SIGTERM');
process.exit(result.isError ? 1 : 0);
