// Validates a HAR document against the HAR 1.2 JSON Schema of the `har-schema` package,
// with the repository's Ajv (its schemas say draft-06; they use nothing draft-07 changed).
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import harSchema from 'har-schema';

const schemas = harSchema as unknown as Record<string, { $id: string; $schema?: string }>;

export function harErrors(har: unknown): string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  for (const schema of Object.values(schemas)) {
    const { $schema: _draft, ...rest } = schema;
    ajv.addSchema(rest);
  }
  const validate = ajv.getSchema('har.json#')!;
  return validate(har) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
