import type { ElicitAnswer, SampleAnswer, SamplingRequest, UrlElicitation } from '../../core/elicitation/types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import type { Ask } from './terminal.js';

type Say = (text: string) => void;

type Page = Pick<UrlElicitation, 'server' | 'message' | 'url' | 'domain'>;

/** The page, in full, and where it leads; printed whether or not anyone is asked. */
export function describeUrl(request: Page): string {
  return [
    `${sanitizeLine(request.server)} asks you to open a page: ${sanitizeLine(request.message)}`,
    `  URL:    ${sanitizeLine(request.url)}`,
    `  domain: ${sanitizeLine(request.domain)}`,
  ].join('\n');
}

/** Opens the page only on an explicit yes. */
export async function askUrl(ask: Ask, say: Say, request: Page, open: (url: string) => Promise<void>): Promise<ElicitAnswer> {
  say(`\n${describeUrl(request)}`);
  const yes = /^(y|yes)$/i.test((await ask(`Open ${sanitizeLine(request.domain)} in your browser? [y/N]: `)).trim());
  if (!yes) return { action: 'decline' };
  try {
    await open(request.url);
  } catch (error) {
    say(`  ✗ could not open it: ${sanitizeLine((error as Error).message)}; declined`);
    return { action: 'decline' };
  }
  say('Opened. Finish there; the server says when it is done.');
  return { action: 'accept', content: {} };
}

/** What the server wants a model to answer, as a person reads it. */
function describeSampling(request: SamplingRequest): string {
  const p = request.params;
  const lines = [`${sanitizeLine(request.server)} asks for a model reply (sampling):`];
  if (p.systemPrompt) lines.push(`  system: ${sanitizeLine(p.systemPrompt)}`);
  for (const message of p.messages) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    for (const block of blocks) {
      const text = block.type === 'text' ? sanitizeLine(block.text) : `[${sanitizeLine(block.type)}]`;
      lines.push(`  ${message.role}: ${text}`);
    }
  }
  const prefs = p.modelPreferences;
  const facts = [
    `max tokens ${p.maxTokens}`,
    p.temperature !== undefined && `temperature ${p.temperature}`,
    prefs?.hints?.length && `model hints ${prefs.hints.map((h) => sanitizeLine(h.name ?? '?')).join(', ')}`,
    ...(['costPriority', 'speedPriority', 'intelligencePriority'] as const).map((k) => prefs?.[k] !== undefined && `${k} ${prefs[k]}`),
    p.stopSequences?.length && `stop at ${p.stopSequences.map((s) => JSON.stringify(sanitizeLine(s))).join(', ')}`,
  ].filter(Boolean);
  lines.push(`  ${facts.join(' · ')}`);
  return lines.join('\n');
}

/** The reply, written line by line until an empty line; an empty first line declines. */
export async function askSample(ask: Ask, say: Say, request: SamplingRequest): Promise<SampleAnswer> {
  say(`\n${describeSampling(request)}`);
  say('Write the reply; an empty line ends it (an empty first line declines).');
  const lines: string[] = [];
  for (;;) {
    const line = await ask(lines.length ? '  | ' : 'reply> ');
    if (!line.trim()) break;
    lines.push(line);
  }
  return lines.length ? { action: 'reply', text: lines.join('\n') } : { action: 'decline' };
}
