// Holds request bodies to the providers' published request schemas, extracted into
// test/fixtures/model-apis/ (README.md there names the sources and the conversion).
// Ajv runs in strict mode, so a keyword the conversion missed fails loudly here.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Api = 'openai' | 'anthropic';

const FILES: Record<Api, string> = {
  openai: 'openai-chat-completions.request.schema.json',
  anthropic: 'anthropic-messages.request.schema.json',
};
/** At most this many problems are listed for one request (the rest are counted). */
const MAX_PROBLEMS = 20;

const validators = new Map<Api, ValidateFunction>();

function validatorFor(api: Api): ValidateFunction {
  let validate = validators.get(api);
  if (!validate) {
    const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true, discriminator: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const url = new URL(`../fixtures/model-apis/${FILES[api]}`, import.meta.url);
    validate = ajv.compile(JSON.parse(readFileSync(url, 'utf8')) as object);
    validators.set(api, validate);
  }
  return validate;
}

function describe(error: ErrorObject): string {
  const at = error.instancePath || '(body)';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'unevaluatedProperties':
      return `${at}: field '${String(params.unevaluatedProperty)}' is not in the published schema`;
    case 'additionalProperties':
      return `${at}: field '${String(params.additionalProperty)}' is not allowed by the published schema`;
    case 'enum':
      return `${at} must be one of ${JSON.stringify(params.allowedValues)}`;
    case 'const':
      return `${at} must be ${JSON.stringify(params.allowedValue)}`;
    default:
      return `${at} ${error.message ?? error.keyword}`;
  }
}

/**
 * What is wrong with a request body by the provider's published schema; empty when
 * nothing is. The null branch of a nullable field says "must be null" whenever the
 * value is wrong in some other way: that line is left out, the other ones say it.
 */
export function schemaProblems(api: Api, body: unknown): string[] {
  const validate = validatorFor(api);
  if (validate(body)) return [];
  const lines = (validate.errors ?? [])
    .filter((error) => !(error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null'))
    .map(describe);
  const unique = [...new Set(lines)];
  if (unique.length <= MAX_PROBLEMS) return unique;
  return [...unique.slice(0, MAX_PROBLEMS), `… and ${unique.length - MAX_PROBLEMS} more`];
}
