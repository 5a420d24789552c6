import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DefaultJsonSchemaValidator } from '../mcp/sdk-shims.js';
import { countOf } from '../../util/text.js';
import { VERSION } from '../../util/version.js';
import { registerAskingTools } from './asks.js';
import { log, registerBrowsing } from './browse.js';
import { sleep } from './sleep.js';

// A 16x16 teal tile, so the image result has something real to show.
const TILE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAHklEQVR4nGOouHOJJMQAxCI9TUSiUQ2jGgZaA0kIABi3XwDVKHRSAAAAAElFTkSuQmCC';

/** The built-in demo: one tool for each thing a newcomer should see mcpdeck do. */
export function createDemoServer(): McpServer {
  const server = new McpServer(
    { name: 'mcpdeck-demo', title: 'mcpdeck demo', version: VERSION },
    {
      instructions: 'A demo server built into mcpdeck. Try each tool: annotations, progress, images, structured output, errors, and a form and a page that the server asks you for; a resource, a prompt whose argument completes, and log messages.',
      capabilities: { logging: {} },
      // mcpdeck's own validator, which compiles on first use: the SDK's default builds an
      // Ajv with every format as the demo starts.
      jsonSchemaValidator: new DefaultJsonSchemaValidator(),
    },
  );
  const notes = new Map<string, string>();

  server.registerTool('read_note', {
    title: 'Read a note',
    description: 'Returns the note saved under a name.',
    inputSchema: { name: z.string().describe('The note to read') },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ name }) => ({ content: [{ type: 'text', text: notes.get(name) ?? `(no note named "${name}")` }] }));

  server.registerTool('save_note', {
    title: 'Save a note',
    description: 'Saves text under a name; saving the same note twice changes nothing more.',
    inputSchema: { name: z.string(), text: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, ({ name, text }) => {
    notes.set(name, text);
    void log(server, 'info', `saved the note "${name}" (${countOf(text.length, 'character')})`);
    return { content: [{ type: 'text', text: `saved "${name}"` }] };
  });

  server.registerTool('delete_all_notes', {
    title: 'Delete all notes',
    description: 'Deletes every saved note. Cannot be undone.',
    inputSchema: { confirm: z.boolean().describe('Must be true') },
    annotations: { destructiveHint: true, openWorldHint: false },
  }, ({ confirm }) => {
    if (!confirm) return { isError: true, content: [{ type: 'text', text: 'not deleted: confirm was false' }] };
    const count = notes.size;
    notes.clear();
    return { content: [{ type: 'text', text: `deleted ${count} notes` }] };
  });

  server.registerTool('fetch_weather', {
    title: 'Fetch the weather',
    description: 'Pretends to ask an outside weather service (nothing leaves your machine).',
    inputSchema: { city: z.string(), units: z.enum(['metric', 'imperial']).default('metric') },
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, ({ city, units }) => ({ content: [{ type: 'text', text: `${city}: 18°${units === 'metric' ? 'C' : 'F'}, light rain (made up)` }] }));

  server.registerTool('echo', {
    description: 'Echoes the message back. Declares no annotations, so clients must assume the worst.',
    inputSchema: { message: z.string() },
  }, ({ message }) => ({ content: [{ type: 'text', text: message }] }));

  server.registerTool('count_slowly', {
    title: 'Count slowly',
    description: 'Counts to n, one step every interval, reporting progress. Cancel it any time.',
    inputSchema: { n: z.number().int().min(1).max(100).default(5), intervalMs: z.number().int().min(10).max(5000).default(500) },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async ({ n, intervalMs }, extra) => {
    const token = extra._meta?.progressToken;
    for (let i = 1; i <= n; i++) {
      await sleep(intervalMs, extra.signal);
      void log(server, 'debug', `counted ${i} of ${n}`);
      if (token !== undefined) {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: n, message: `counted ${i} of ${n}` } });
      }
    }
    return { content: [{ type: 'text', text: `counted to ${n}` }] };
  });

  server.registerTool('make_tile', {
    title: 'Make a tile',
    description: 'Returns an image and structured content that matches the declared output schema.',
    inputSchema: { label: z.string().default('tile') },
    outputSchema: { label: z.string(), width: z.number(), height: z.number(), mimeType: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ label }) => {
    const structuredContent = { label, width: 16, height: 16, mimeType: 'image/png' };
    return {
      content: [
        { type: 'image', data: TILE_PNG, mimeType: 'image/png' },
        { type: 'text', text: JSON.stringify(structuredContent) },
      ],
      structuredContent,
    };
  });

  server.registerTool('always_fails', {
    title: 'Always fails',
    description: 'Runs and reports failure with isError, the way a tool says "I ran, it did not work".',
    inputSchema: { reason: z.string().default('the demo tool always fails') },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ reason }) => ({ isError: true, content: [{ type: 'text', text: reason }] }));

  registerAskingTools(server);
  registerBrowsing(server);
  return server;
}
