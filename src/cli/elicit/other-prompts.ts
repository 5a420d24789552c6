import { checkAnswer, type CheckedAnswer } from '../../core/elicitation/answer.js';
import type { ElicitAnswer, SampleAnswer, SamplingRequest, UrlElicitation } from '../../core/elicitation/types.js';
import { toolLine } from '../../core/schema/signature.js';
import { isRecord } from '../../util/is-record.js';
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
  if (p.tools?.length) {
    lines.push(`  tools offered (tool choice: ${p.toolChoice?.mode ?? 'auto'}):`);
    for (const tool of p.tools) lines.push(`    ${sanitizeLine(toolLine(tool))}`);
  }
  return lines.join('\n');
}

/** `/tool name {"key": "value"}`: a tool use; undefined for any other line. */
function toolUse(line: string): { name: string; input: string } | undefined {
  const match = /^\/tool\s+(\S+)\s*(.*)$/.exec(line.trim());
  return match ? { name: match[1]!, input: match[2]!.trim() || '{}' } : undefined;
}

/** The reply, written line by line until an empty line; an empty first line declines. */
export async function askSample(ask: Ask, say: Say, request: SamplingRequest): Promise<SampleAnswer> {
  say(`\n${describeSampling(request)}`);
  const tools = request.params.tools?.length && request.params.toolChoice?.mode !== 'none';
  say(`Write the reply; an empty line ends it (an empty first line declines).${tools ? '\nOr use a tool: /tool <name> {"key": "value"}' : ''}`);
  const lines: string[] = [];
  for (;;) {
    const line = await ask(lines.length ? '  | ' : 'reply> ');
    const use = tools && !lines.length ? toolUse(line) : undefined;
    if (use) {
      const input = parseInput(use.input);
      const checked = input && checkAnswer(request, { action: 'tool', name: use.name, input });
      if (checked?.ok) return { action: 'tool', name: use.name, input: input! };
      say(`  ✗ ${input ? describeRefusal(checked as Extract<CheckedAnswer, { ok: false }>) : 'the input must be a JSON object, like {"city": "Oslo"}'}; try again`);
      continue;
    }
    if (line.trim()) {
      lines.push(line);
      continue;
    }
    if (!lines.length) return { action: 'decline' };
    const reply = { action: 'reply' as const, text: lines.join('\n') };
    const checked = checkAnswer(request, reply);
    if (checked.ok) return reply;
    say(`  ✗ ${describeRefusal(checked)}`);
    lines.length = 0;
  }
}

function parseInput(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const describeRefusal = (refused: Extract<CheckedAnswer, { ok: false }>) =>
  sanitizeLine([refused.message, ...Object.entries(refused.fieldErrors ?? {}).map(([k, m]) => `${k || 'input'}: ${m}`)].join('; '));
