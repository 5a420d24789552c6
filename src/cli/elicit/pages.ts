import type { ToolCallError } from '../../core/mcp/call.js';
import type { AnswerOptions } from './options.js';
import { openInBrowser } from '../../core/browser.js';
import { askUrl, describeUrl } from './other-prompts.js';
import { LinePrompter, PromptEnded } from './terminal.js';

/**
 * A call refused with -32042 names pages to visit first: shown in full, each opened
 * only on the person's yes at a terminal (with --on-elicit ask, the default).
 */
export async function offerPages(error: ToolCallError, options: AnswerOptions, server: string): Promise<void> {
  const asking = (options.onElicit ?? 'ask') === 'ask' && Boolean(process.stdin.isTTY);
  const prompter = asking ? new LinePrompter(process.stdin, process.stderr) : undefined;
  const say = (text: string) => process.stderr.write(`${text}\n`);
  for (const page of error.elicitations) {
    const request = { server, ...page };
    if (!prompter) {
      say(describeUrl(request));
      continue;
    }
    try {
      await prompter.converse(new AbortController().signal, (ask) => askUrl(ask, say, request, openInBrowser));
    } catch (e) {
      if (e instanceof PromptEnded) break;
      throw e;
    }
  }
  say('mcpdeck: visit the page above, then run the same command again');
}
