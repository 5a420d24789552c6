import type { InputRef } from './inputs.js';
import type { ElicitInput } from '../elicitation/queue.js';

/** What the deck asks for an input: one masked field (a choice for a pickString input). */
export function inputQuestion(input: InputRef, keptIn: string): Extract<ElicitInput, { mode: 'form' }> {
  const who = input.servers.length === 1 ? `server "${input.servers[0]}"` : `servers ${input.servers.map((s) => `"${s}"`).join(', ')}`;
  const field = input.options
    ? { type: 'string' as const, title: input.description ?? input.id, enum: input.options, ...(input.default !== undefined && { default: input.default }) }
    : { type: 'string' as const, title: input.description ?? input.id, format: 'password', minLength: 1 };
  return {
    mode: 'form',
    message: `${who} needs \${input:${input.id}} (from ${input.file}). Asked once and kept in ${keptIn}, never in the config.`,
    requestedSchema: { type: 'object', properties: { value: field }, required: ['value'] } as Extract<ElicitInput, { mode: 'form' }>['requestedSchema'],
  };
}

/** The same question as a line for the terminal. */
export function inputPrompt(input: InputRef): string {
  const label = input.description ? `${input.description} ` : '';
  const choices = input.options ? ` [${input.options.join('/')}]` : '';
  return `${label}(\${input:${input.id}} for ${input.servers.join(', ')})${choices}: `;
}
