// Asks the person two things at once (a form and a model reply), so the deck's queue
// holds two requests: server-everything asks one thing per call, and the deck's prompt
// takes every key, so a person cannot start a second call while the first one asks.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'asks-twice', version: '1.0.0' });

server.registerTool('ask-twice', { title: 'Ask twice', description: 'Asks for a name and for a model reply at the same time', annotations: { readOnlyHint: true } }, async (extra) => {
  const form = {
    method: 'elicitation/create',
    params: { mode: 'form', message: 'What is your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] } },
  };
  const sample = {
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello to the person' } }], maxTokens: 20 },
  };
  const [answer, reply] = await Promise.all([extra.sendRequest(form, ElicitResultSchema), extra.sendRequest(sample, CreateMessageResultSchema)]);
  return { content: [{ type: 'text', text: `form: ${answer.action} ${JSON.stringify(answer.content)}\nreply: ${reply.content.text}` }] };
});

await server.connect(new StdioServerTransport());
