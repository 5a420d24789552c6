import type { Question } from '../../core/mcp-registry/launch.js';

/** Required questions first, then the optional ones, each group in the entry's order. */
export const inAskingOrder = (questions: readonly Question[]): Question[] => [...questions.filter((q) => q.required), ...questions.filter((q) => !q.required)];

// Fields are named by place (`q0`, `q1`), not by the registry's keys: a key is registry
// text, and `__proto__` or `constructor` must never name a property of the form's values.
const field = (i: number) => `q${i}`;

/**
 * The questions as a JSON Schema, so the deck's one form widget draws and checks them:
 * secrets as password fields (masked), choices as a choice, defaults filled in.
 */
export function questionsSchema(questions: readonly Question[]): Record<string, unknown> {
  const properties = Object.fromEntries(questions.map((q, i) => {
    const choices = q.choices?.length ? q.choices : q.format === 'boolean' ? ['true', 'false'] : undefined;
    return [field(i), {
      type: 'string',
      title: q.label,
      ...(q.description && { description: q.description }),
      ...(choices ? { enum: choices } : q.secret ? { format: 'password' } : {}),
      ...(q.format === 'number' && !choices && { pattern: '^-?[0-9]+(\\.[0-9]+)?$' }),
      ...(q.default !== undefined && { default: q.default }),
    }];
  }));
  return { type: 'object', properties, required: questions.flatMap((q, i) => (q.required ? [field(i)] : [])) };
}

/**
 * The answers by question key, as the registry desk takes them. A value left as the
 * registry's default is not sent as the person's: the core then checks it as registry
 * text (a default that would read the environment is refused, not written).
 */
export function answersFrom(values: Record<string, unknown>, questions: readonly Question[]): Record<string, string> {
  const answers = Object.create(null) as Record<string, string>;
  questions.forEach((q, i) => {
    const value = values[field(i)];
    if (typeof value === 'string' && value !== '' && value !== q.default) answers[q.key] = value;
  });
  return answers;
}
