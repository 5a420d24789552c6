import { CoerceError, coerceArguments } from '../../core/schema/coerce.js';
import type { ElicitAnswer, PendingRequest, SampleAnswer } from '../../core/elicitation/types.js';
import { terminalJson } from '../../util/json.js';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { UserError } from '../exit-codes.js';

/** A question as `--json` shows it: what it asks, and the schema of a form. */
export function questionJson(request: PendingRequest): Record<string, unknown> {
  const base = { id: request.id, server: request.server };
  switch (request.kind) {
    case 'elicit-form':
      return { ...base, kind: 'form', message: request.message, requestedSchema: request.requestedSchema };
    case 'elicit-url':
      return { ...base, kind: 'url', message: request.message, url: request.url, domain: request.domain };
    case 'sample':
      return { ...base, kind: 'sampling', params: request.params };
  }
}

/** The questions a call waits on, for stdout as JSON (`--json`) or for a person on stderr. */
export function waitingOutput(callId: string | undefined, requests: readonly PendingRequest[], json: boolean): { stdout: string; stderr: string } {
  if (json) return { stdout: `${terminalJson({ status: 'waiting', call: callId ?? null, questions: requests.map(questionJson) }, 2)}\n`, stderr: '' };
  const lines = requests.flatMap((r) => questionLines(r));
  if (callId) lines.push(`the call waits in the session: the answer prints its result (or: mcpdeck wait ${callId})`);
  return { stdout: '', stderr: `${lines.join('\n')}\n` };
}

function questionLines(request: PendingRequest): string[] {
  const who = `mcpdeck: ${sanitizeLine(request.server)}`;
  switch (request.kind) {
    case 'elicit-form': {
      const schema = request.requestedSchema as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
      const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => `  ${sanitizeLine(name)}${schema.required?.includes(name) ? ' (required)' : ''}: ${fieldLine(field)}`);
      const example = Object.keys(schema.properties ?? {}).slice(0, 2).map((n) => `${sanitizeLine(n)}=…`).join(' ');
      return [`${who} asks (question ${request.id}): ${sanitize(request.message)}`, ...fields, `  answer: mcpdeck answer ${request.id} ${example} (or --decline, --cancel)`];
    }
    case 'elicit-url':
      return [
        `${who} asks you to open a page (question ${request.id}): ${sanitize(request.message)}`,
        `  domain: ${sanitizeLine(request.domain)}`,
        `  url: ${sanitizeLine(request.url)}`,
        `  once you have visited it: mcpdeck answer ${request.id} (or --decline, --cancel)`,
      ];
    case 'sample': {
      const last = request.params.messages.at(-1);
      const content = last && !Array.isArray(last.content) ? last.content : undefined;
      const text = content?.type === 'text' ? content.text : '';
      return [`${who} asks for a model reply (question ${request.id}): ${sanitizeLine(text).slice(0, 200)}`, `  answer: mcpdeck answer ${request.id} --reply '<text>' (or --decline)`];
    }
  }
}

/** A field's type, choices, default and title, on one line. */
function fieldLine(field: Record<string, unknown>): string {
  const choices = (field.enum as unknown[] | undefined) ?? (field.oneOf as { const?: unknown }[] | undefined)?.map((o) => o.const);
  const items = field.items as { enum?: unknown[]; anyOf?: { const?: unknown }[] } | undefined;
  const many = items?.enum ?? items?.anyOf?.map((o) => o.const);
  const parts = [
    String(field.type ?? 'value'),
    choices?.length ? `one of ${choices.map(String).join(', ')}` : '',
    many?.length ? `any of ${many.map(String).join(', ')}` : '',
    field.default !== undefined ? `default ${JSON.stringify(field.default)}` : '',
    typeof field.title === 'string' ? field.title : '',
    typeof field.description === 'string' ? field.description : '',
  ];
  return sanitizeLine(parts.filter(Boolean).join(' · '));
}

export interface AnswerWords {
  pairs: string[];
  decline?: boolean;
  cancel?: boolean;
  reply?: string;
}

/** The answer `mcpdeck answer` gives: key=value typed by the form's schema, a page accepted, a reply, or a refusal. */
export function answerFor(request: PendingRequest, words: AnswerWords): ElicitAnswer | SampleAnswer {
  if (words.decline && words.cancel) throw new UserError('--decline and --cancel are two answers: give one');
  if (request.kind === 'sample') {
    if (words.decline || words.cancel) return { action: 'decline' };
    if (words.reply === undefined) throw new UserError(`question ${request.id} asks for a model reply: answer with --reply '<text>', or --decline`);
    return { action: 'reply', text: words.reply };
  }
  if (words.decline) return { action: 'decline' };
  if (words.cancel) return { action: 'cancel' };
  if (request.kind === 'elicit-url') return { action: 'accept', content: {} };
  try {
    return { action: 'accept', content: coerceArguments(words.pairs, request.requestedSchema, { strict: true }) };
  } catch (error) {
    if (error instanceof CoerceError) throw new UserError(error.message);
    throw error;
  }
}
