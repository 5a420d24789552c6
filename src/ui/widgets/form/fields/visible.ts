import type { Field } from '../../../../core/schema/form.js';

/**
 * Typed text and defaults, safe to draw: each control or bidi character shows as one
 * '?', so the text keeps its length and the cursor its place.
 */
export const visible = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '?');

const FORMATS: Record<string, string> = {
  email: 'name@example.com',
  uri: 'https://…',
  url: 'https://…',
  'uri-reference': 'a URI or path',
  date: 'YYYY-MM-DD',
  'date-time': 'YYYY-MM-DDThh:mm:ssZ',
  time: 'hh:mm:ss',
  uuid: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
};

// zod writes the largest safe integer as a bound of every int(): it bounds nothing a person types.
const bound = (n?: number) => (n === undefined || Math.abs(n) >= Number.MAX_SAFE_INTEGER ? undefined : n);
const range = (low?: number, high?: number) => {
  const [min, max] = [bound(low), bound(high)];
  return min !== undefined && max !== undefined ? ` ${min}–${max}` : min !== undefined ? ` ≥ ${min}` : max !== undefined ? ` ≤ ${max}` : '';
};

/** A hint shown dimmed in an empty field: its format, type or range. */
export function placeholderFor(field: Field): string {
  switch (field.kind) {
    case 'string': {
      if (field.format) return FORMATS[field.format] ?? field.format;
      const chars = range(field.minLength, field.maxLength);
      return chars ? `text,${chars} characters` : '';
    }
    case 'number':
    case 'integer':
      return `${field.kind}${range(field.minimum, field.maximum)}`;
    case 'list':
      return field.item === 'string' ? '' : field.item;
    case 'json':
      return `JSON · ${field.reason}`;
    default:
      return '';
  }
}
