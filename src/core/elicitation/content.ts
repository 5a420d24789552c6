import { isRecord } from '../../util/is-record.js';
import { itemPath, validationIssues } from '../schema/validator.js';

export interface ContentCheck {
  /** What would be sent: the answer with the schema's defaults filled in. */
  content: Record<string, unknown>;
  /** By field name; '' for a problem of the whole answer. Empty when the content may be sent. */
  fieldErrors: Record<string, string>;
}

/** The schema's `properties`, when it lists them. */
function properties(schema: object): Record<string, unknown> | undefined {
  const props = (schema as { properties?: unknown }).properties;
  return isRecord(props) ? props : undefined;
}

/**
 * The schema's defaults for the fields an answer leaves out. We declare
 * `applyDefaults`, so a field the person left empty is sent with its default; doing it
 * before validation means a required field with a default is never refused.
 */
function withDefaults(schema: object, content: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(content)) if (value !== undefined) out[key] = value;
  for (const [key, prop] of Object.entries(properties(schema) ?? {})) {
    if (out[key] === undefined && isRecord(prop) && 'default' in prop) out[key] = prop.default;
  }
  return out;
}

/**
 * Checks an elicitation answer against its requestedSchema, as the SDK does not:
 * types are not coerced ("5" is not a number), required fields must be there, and a
 * key the form did not ask for is refused rather than sent.
 */
export function checkContent(schema: object, content: Record<string, unknown>): ContentCheck {
  const filled = withDefaults(schema, content);
  const fieldErrors: Record<string, string> = {};
  const props = properties(schema);
  if (props) {
    for (const key of Object.keys(filled)) if (!Object.hasOwn(props, key)) fieldErrors[key] = 'not asked for';
  }
  for (const issue of validationIssues(schema, filled)) {
    const [key = '', ...rest] = issue.path;
    fieldErrors[key] ??= !key ? issue.text : rest.length ? `${itemPath(rest)}: ${issue.message}` : issue.message;
  }
  return { content: filled, fieldErrors };
}

/** Field names that are required and still have no value (nor a default). */
export function missingRequired(schema: object, content: Record<string, unknown>): string[] {
  const required = (schema as { required?: unknown }).required;
  const filled = withDefaults(schema, content);
  return Array.isArray(required) ? required.filter((k): k is string => typeof k === 'string' && filled[k] === undefined) : [];
}
