import { truncate } from '../../util/text.js';
import { validationIssues } from '../schema/validator.js';
import { checkContent } from './content.js';
import type { ElicitAnswer, PendingRequest, SampleAnswer, SamplingRequest } from './types.js';

export type CheckedAnswer =
  | { ok: true; answer: ElicitAnswer | SampleAnswer }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * Whether an answer may be sent for this request, and exactly what goes out: a form's
 * content with its defaults, a URL acceptance without content, a sampling reply with text.
 */
export function checkAnswer(request: PendingRequest, answer: ElicitAnswer | SampleAnswer): CheckedAnswer {
  if (request.kind === 'sample') return checkSample(request, answer);
  if (answer.action === 'decline' || answer.action === 'cancel') return { ok: true, answer: { action: answer.action } };
  if (answer.action !== 'accept') return { ok: false, message: 'an elicitation is answered with accept, decline or cancel' };
  // Accepting a URL elicitation means the person agreed to go there; it carries no content (nor is any sent).
  if (request.kind === 'elicit-url') return { ok: true, answer: { action: 'accept', content: {} } };
  const { content, fieldErrors } = checkContent(request.requestedSchema, answer.content ?? {});
  const count = Object.keys(fieldErrors).length;
  if (count) return { ok: false, message: `${count === 1 ? 'a field is' : `${count} fields are`} not valid; nothing was sent`, fieldErrors };
  return { ok: true, answer: { action: 'accept', content } };
}

/**
 * A sampling answer: text, unless the server requires a tool use (toolChoice "required");
 * a tool use only of a tool it offers, unless it forbids them ("none"), with input that
 * fits the tool's inputSchema.
 */
function checkSample(request: SamplingRequest, answer: ElicitAnswer | SampleAnswer): CheckedAnswer {
  const { tools = [], toolChoice } = request.params;
  if (answer.action === 'decline') return { ok: true, answer };
  if (answer.action === 'reply') {
    if (!answer.text.trim()) return { ok: false, message: 'write the reply, or decline' };
    if (toolChoice?.mode === 'required' && tools.length) return { ok: false, message: 'the server requires a tool use (toolChoice "required"): answer with one of its tools, or decline' };
    return { ok: true, answer };
  }
  if (answer.action !== 'tool') return { ok: false, message: 'a sampling request is answered with a reply, a tool use, or declined' };
  if (!tools.length) return { ok: false, message: 'the server offered no tools: answer with text, or decline' };
  if (toolChoice?.mode === 'none') return { ok: false, message: 'the server forbids tool use here (toolChoice "none"): answer with text, or decline' };
  const tool = tools.find((t) => t.name === answer.name);
  if (!tool) return { ok: false, message: `the server offered no tool named "${clip(answer.name)}"` };
  const issues = validationIssues(tool.inputSchema, answer.input);
  if (issues.length) {
    return { ok: false, message: `the input does not fit ${clip(tool.name)}'s schema; nothing was sent`, fieldErrors: Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message])) };
  }
  return { ok: true, answer };
}

/** A few words for notices: which request this was. */
export function describeRequest(request: PendingRequest): string {
  switch (request.kind) {
    case 'elicit-form':
      return `the form "${clip(request.message)}" from ${request.server}`;
    case 'elicit-url':
      return `the link to ${request.domain} from ${request.server}`;
    case 'sample':
      return `the sampling request from ${request.server}`;
  }
}

const clip = (text: string) => truncate(text.replace(/\s+/g, ' ').trim(), 48);
