import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { sleep } from './sleep.js';

// A person may take their time over a form: the SDK's 60 s default would withdraw it.
const ASK_TIMEOUT_MS = 30 * 60_000;
// How long the pretend page takes before the server says it is done.
const PAGE_DONE_AFTER_MS = 800;

const THEMES = [
  { const: 'auto', title: 'Same as my system' },
  { const: 'dark', title: 'Dark' },
  { const: 'light', title: 'Light' },
];

const SURVEY_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email', title: 'Email', description: 'Where the (imaginary) thank-you note would go' },
    cups: { type: 'integer', minimum: 0, maximum: 12, default: 2, title: 'Cups of coffee a day' },
    newsletter: { type: 'boolean', default: false, title: 'Send me the newsletter', description: 'There is no newsletter' },
    theme: { type: 'string', oneOf: THEMES, default: 'auto', title: 'Colour theme' },
  },
  required: ['email'],
};

const text = (t: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError } : {}) });

const cannotAsk = (mode: string) =>
  text(`This client did not declare elicitation (${mode} mode), so the server cannot ask you anything. mcpdeck declares it; other clients may not.`, true);

const failed = (error: unknown) => text(`the question did not get an answer: ${(error as Error)?.message ?? String(error)}`, true);

// A client that does not apply defaults may leave fields out.
const given = (value: unknown) => (value === undefined ? '(left empty)' : String(value));

function answered(content: Record<string, unknown>): string {
  const theme = THEMES.find((t) => t.const === content.theme);
  return [
    'You answered:',
    `- email: ${given(content.email)}`,
    `- cups of coffee a day: ${given(content.cups)}`,
    `- newsletter: ${content.newsletter === undefined ? given(undefined) : content.newsletter ? 'yes' : 'no'}`,
    `- colour theme: ${theme ? theme.title : given(content.theme)}`,
  ].join('\n');
}

/** The demo's tools that ask the person back: a form (elicitation, form mode) and a page to visit (URL mode). */
export function registerAskingTools(server: McpServer): void {
  server.registerTool('survey', {
    title: 'Take a short survey',
    description: 'Asks you to fill in a form (elicitation: an email, a number, a yes/no, a choice) and says what you answered.',
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async (extra) => {
    if (!server.server.getClientCapabilities()?.elicitation?.form) return cannotAsk('form');
    try {
      const answer = await server.server.elicitInput(
        { mode: 'form', message: 'A short survey from the mcpdeck demo. Nothing you type leaves your machine.', requestedSchema: SURVEY_SCHEMA },
        { signal: extra.signal, relatedRequestId: extra.requestId, timeout: ASK_TIMEOUT_MS },
      );
      if (answer.action === 'accept') return text(answered(answer.content ?? {}));
      return text(answer.action === 'decline' ? 'You declined the survey.' : 'You cancelled the survey (no answer either way).');
    } catch (error) {
      return failed(error);
    }
  });

  server.registerTool('visit_page', {
    title: 'Visit a page',
    description: 'Asks you to visit a page (URL elicitation); nothing opens unless you say so. Once you accept, the server says the page is done a moment later.',
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, async (extra) => {
    if (!server.server.getClientCapabilities()?.elicitation?.url) return cannotAsk('URL');
    const elicitationId = randomUUID();
    const url = `https://example.com/mcpdeck-demo?session=${elicitationId}`;
    try {
      const answer = await server.server.elicitInput(
        { mode: 'url', message: 'The mcpdeck demo would like you to visit a page (example.com; nothing happens there).', url, elicitationId },
        { signal: extra.signal, relatedRequestId: extra.requestId, timeout: ASK_TIMEOUT_MS },
      );
      if (answer.action !== 'accept') {
        return text(answer.action === 'decline' ? 'You declined to visit the page.' : 'You cancelled (the page was not visited).');
      }
      // Stands in for the person finishing on the page; then the server says so.
      await sleep(PAGE_DONE_AFTER_MS, extra.signal);
      await server.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: extra.requestId })();
      return text(`You accepted. The server sent notifications/elicitation/complete for ${elicitationId}: the page is done.\nURL: ${url}`);
    } catch (error) {
      return failed(error);
    }
  });
}
