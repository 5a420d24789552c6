// A server for the TUI and memory benches: BENCH_TOOLS tools, and a `big` tool whose
// result is BENCH_RESULT_BYTES of text (lines of 100 characters).
// As a module (the default export), an in-process server; as a script, the same server
//   node big-server.mjs stdio   over stdio
//   node big-server.mjs http    over Streamable HTTP on 127.0.0.1 (stateless, plain JSON
//                               bodies); prints its URL on stdout once it listens
// so that clients in other processes (mcpdeck, the MCP Inspector CLI) meet the same server.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

let made;
/** The tools and the result text, built once per process (the HTTP mode serves many requests). */
function content() {
  if (made) return made;
  const count = Number(process.env.BENCH_TOOLS ?? 50);
  const bytes = Number(process.env.BENCH_RESULT_BYTES ?? 10_000);
  const tools = Array.from({ length: count }, (_, i) => ({
    name: i === 0 ? 'big' : `tool-${String(i).padStart(5, '0')}`,
    description: `Tool number ${i}: does a thing with ${i % 7} widgets.`,
    inputSchema: { type: 'object', properties: { n: { type: 'integer', description: 'how many' } } },
    annotations: { readOnlyHint: i % 2 === 0, openWorldHint: i % 3 === 0 },
  }));
  const line = `${'x'.repeat(89)} line=`;
  const text = Array.from({ length: Math.ceil(bytes / 100) }, (_, i) => `${line}${String(i).padStart(4, '0')}`).join('\n').slice(0, bytes);
  made = { tools, text: `FIRST-LINE\n${text}` };
  return made;
}

export default function createBigServer() {
  const { tools, text } = content();
  const server = new Server({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text }] }));
  return server;
}

const { pathToFileURL } = await import('node:url');
const mode = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href ? process.argv[2] : undefined;
if (mode === 'stdio') {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  await createBigServer().connect(new StdioServerTransport());
} else if (mode === 'http') {
  const { createServer } = await import('node:http');
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const http = createServer(async (req, res) => {
    // Stateless: a server and a transport per request, answers as one JSON body.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = createBigServer();
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  http.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${http.address().port}/mcp`));
}
