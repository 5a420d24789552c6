import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const ABOUT = [
  'The mcpdeck demo lives inside mcpdeck: nothing it does leaves your machine.',
  '',
  'Tools: calls with annotations, progress, an image, structured output, an error, a form and a page.',
  'Resources: this text. Prompts: "greet", whose style argument the server completes as you type.',
  'Log: saving a note logs at info, counting logs each step at debug (L sets the level).',
].join('\n');

const STYLES = ['formal', 'friendly', 'pirate', 'poetic'];

/** The demo's resource, prompt (with a completable argument) and log messages, so every tab of the deck has something. */
export function registerBrowsing(server: McpServer): void {
  server.registerResource('about', 'demo://about', { title: 'About the demo', description: 'What each tab of the demo shows', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: ABOUT }],
  }));

  server.registerPrompt('greet', {
    title: 'Greet someone',
    description: 'A greeting in a style of your choice; the server suggests styles as you type.',
    argsSchema: {
      name: z.string().describe('Who to greet'),
      style: completable(z.string().describe('formal, friendly, pirate or poetic'), (value) => STYLES.filter((s) => s.startsWith(value.toLowerCase()))),
    },
  }, ({ name, style }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Write a ${style} greeting for ${name}.` } }],
  }));
}

/** A log message from the demo; a client that set a higher level does not get it (the SDK filters). */
export function log(server: McpServer, level: 'debug' | 'info', data: string): Promise<void> {
  // A client may be gone, or may not take logs: a tool never fails over its log.
  return server.sendLoggingMessage({ level, logger: 'demo', data }).catch(() => undefined);
}
