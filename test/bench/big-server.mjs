// An in-process server for the TUI bench: BENCH_TOOLS tools, and a `big` tool whose
// result is BENCH_RESULT_BYTES of text (lines of 100 characters).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export default function createBigServer() {
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
  const server = new Server({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: `FIRST-LINE\n${text}` }] }));
  return server;
}
