import { isRecord } from '../../util/is-record.js';
import { validate } from './validator.js';

export interface JsonArguments {
  /** The arguments, when the text is a JSON object. */
  args?: Record<string, unknown>;
  /** What is wrong: the text, or the arguments by the schema. */
  errors: string[];
  /** Why the arguments were not checked against the schema. */
  unchecked?: string;
}

/** Arguments written as raw JSON text, checked against the schema (when it is one). */
export function parseJsonArguments(schema: unknown, text: string): JsonArguments {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() || '{}');
  } catch (error) {
    return { errors: [`not valid JSON: ${(error as Error).message}`] };
  }
  if (!isRecord(value)) return { errors: ['the arguments must be a JSON object'] };
  if (!isRecord(schema)) return { args: value, errors: [] };
  const result = validate(schema, value);
  return { args: value, errors: result.valid ? [] : result.errors, ...(result.unchecked && { unchecked: result.unchecked }) };
}
