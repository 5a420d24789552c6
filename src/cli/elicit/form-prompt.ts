import { checkContent } from '../../core/elicitation/content.js';
import type { ElicitAnswer, FormElicitation } from '../../core/elicitation/types.js';
import { buildForm, initialValues, toArguments, type Field, type FormValues, type Option } from '../../core/schema/form.js';
import { same } from '../../core/schema/form-values.js';
import { isRecord } from '../../util/is-record.js';
import { cutJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import type { Ask } from './terminal.js';

type Parsed = { value: unknown } | { error: string };
type Say = (text: string) => void;

/**
 * Asks a form on the terminal, one field per line, and re-asks the fields that are
 * wrong until the answer is valid: what it returns may be sent as it is.
 */
export async function askForm(ask: Ask, say: Say, request: FormElicitation): Promise<ElicitAnswer> {
  say(`\n${sanitizeLine(request.server)} asks: ${sanitizeLine(request.message)}`);
  const choice = (await ask('Fill in the form? [Y]es, [n]o (decline), [c]ancel: ')).trim().toLowerCase();
  if (choice.startsWith('n')) return { action: 'decline' };
  if (choice.startsWith('c')) return { action: 'cancel' };
  const model = buildForm(request.requestedSchema);
  if (model.unsupported.length || model.fields.some((f) => ['object', 'objects', 'union', 'json'].includes(f.kind))) return askJson(ask, say, request);
  say('Enter keeps the value in [brackets]; "-" leaves a field empty; Ctrl-C cancels.');
  let values: FormValues = initialValues(model);
  let todo = model.fields;
  for (;;) {
    for (const field of todo) values = { ...values, [field.key]: await askField(ask, say, field, values[field.key]) };
    const { args, errors } = toArguments(model, values);
    const all = { ...checkContent(request.requestedSchema, args).fieldErrors, ...errors };
    if (!Object.keys(all).length) return { action: 'accept', content: args };
    for (const [key, message] of Object.entries(all)) say(`  ✗ ${sanitizeLine(key || 'the answer')}: ${sanitizeLine(message)}`);
    const wrong = model.fields.filter((f) => Object.hasOwn(all, f.key));
    todo = wrong.length ? wrong : model.fields;
  }
}

async function askField(ask: Ask, say: Say, field: Field, current: unknown): Promise<unknown> {
  const name = `${sanitizeLine(field.label)}${field.required ? ' *' : ''}${field.key !== field.label ? ` (${sanitizeLine(field.key)})` : ''}`;
  say(`${name}${field.description ? ` — ${sanitizeLine(field.description)}` : ''}`);
  const hint = hintFor(field);
  if (hint) say(`  ${hint}`);
  for (;;) {
    const shown = showValue(field, current);
    const line = await ask(`  ${shown ? `[${shown}] ` : ''}> `);
    if (line.trim() === '') return current;
    const parsed = parseLine(field, line.trim());
    if ('value' in parsed) return parsed.value;
    say(`  ✗ ${parsed.error}`);
  }
}

function hintFor(field: Field): string | undefined {
  switch (field.kind) {
    case 'enum':
      return `choose one: ${choices(field.options)}`;
    case 'multi':
      return `choose ${howMany(field.minItems, field.maxItems)}, comma-separated: ${choices(field.options)}`;
    case 'boolean':
      return 'y or n';
    case 'number':
    case 'integer':
      return [field.kind, range(field.minimum, field.maximum)].filter(Boolean).join(' ');
    case 'string':
      return [field.format, range(field.minLength, field.maxLength, 'length ')].filter(Boolean).join(', ') || undefined;
    case 'list':
      return `${field.item} values, comma-separated`;
    default:
      return undefined;
  }
}

function range(min?: number, max?: number, what = ''): string {
  if (min !== undefined && max !== undefined) return `${what}${min}..${max}`;
  if (min !== undefined) return `${what}>= ${min}`;
  return max !== undefined ? `${what}<= ${max}` : '';
}

function howMany(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min} to ${max}`;
  if (min !== undefined) return `at least ${min}`;
  return max !== undefined ? `up to ${max}` : 'any';
}

const choices = (options: readonly Option[]) => options.map((o, i) => `${i + 1}) ${sanitizeLine(o.label)}`).join('  ');

function showValue(field: Field, value: unknown): string {
  switch (field.kind) {
    case 'boolean':
      return value === undefined ? '' : value ? 'y' : 'n';
    case 'enum':
      return sanitizeLine(field.options.find((o) => same(o.value, value))?.label ?? '');
    case 'multi':
      return Array.isArray(value) ? value.map((v) => sanitizeLine(field.options.find((o) => same(o.value, v))?.label ?? '')).join(', ') : '';
    case 'list':
      return Array.isArray(value) ? sanitizeLine(value.join(', ')) : '';
    default:
      return typeof value === 'string' ? sanitizeLine(value) : '';
  }
}

/** One typed line as the form holds the field's value; "-" empties it. */
function parseLine(field: Field, text: string): Parsed {
  const clear = text === '-';
  switch (field.kind) {
    case 'boolean':
      if (clear) return { value: undefined };
      if (/^(y|yes|true)$/i.test(text)) return { value: true };
      if (/^(n|no|false)$/i.test(text)) return { value: false };
      return { error: 'answer y or n' };
    case 'enum':
      return clear ? { value: undefined } : pick(field.options, text);
    case 'multi': {
      if (clear) return { value: [] };
      const picked = text.split(',').map((part) => pick(field.options, part.trim()));
      const bad = picked.find((p) => 'error' in p);
      return bad ?? { value: picked.map((p) => (p as { value: unknown }).value) };
    }
    case 'list':
      return { value: clear ? [] : text.split(',').map((part) => part.trim()) };
    default:
      return { value: clear ? '' : text };
  }
}

/** An option by its number in the list, its label or its value. */
function pick(options: readonly Option[], text: string): Parsed {
  const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
  const option = options[index] ?? options.find((o) => o.label === text || String(o.value) === text);
  return option ? { value: option.value } : { error: `"${text}" is not one of the choices (type its number)` };
}

/** A schema the form cannot ask field by field: the answer is typed as JSON and checked against the schema. */
async function askJson(ask: Ask, say: Say, request: FormElicitation): Promise<ElicitAnswer> {
  say('This form is outside what mcpdeck asks field by field. Its schema:');
  say(sanitizeLine(cutJson(request.requestedSchema)));
  for (;;) {
    const line = (await ask('Answer as one line of JSON (an empty line declines): ')).trim();
    if (!line) return { action: 'decline' };
    let content: unknown;
    try {
      content = JSON.parse(line);
    } catch (error) {
      say(`  ✗ not JSON: ${(error as Error).message}`);
      continue;
    }
    if (!isRecord(content)) {
      say('  ✗ the answer must be a JSON object');
      continue;
    }
    const { fieldErrors } = checkContent(request.requestedSchema, content);
    if (!Object.keys(fieldErrors).length) return { action: 'accept', content };
    for (const [key, message] of Object.entries(fieldErrors)) say(`  ✗ ${sanitizeLine(key || 'the answer')}: ${sanitizeLine(message)}`);
  }
}
