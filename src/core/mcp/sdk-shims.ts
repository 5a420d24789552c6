import type { JsonSchemaType, jsonSchemaValidator, JsonSchemaValidator } from '@modelcontextprotocol/client';
import { validate } from '../schema/validator.js';

// What the bundle gives the v2 client SDK for `@modelcontextprotocol/client/_shims`
// (scripts/bundle.mjs). The SDK's Node shim brings a second copy of Ajv (210 kB of the
// bundle, evaluated at start) for a default validator that mcpdeck never needs: it
// validates with its own Ajv, whose patterns run on RE2. Where the SDK still reaches for
// its default, it gets that one.

/** In Node a fetch TypeError is a network error, never CORS (as the SDK's Node shim says). */
export const CORS_IS_POSSIBLE = false;

/** The SDK's default JSON Schema validator: mcpdeck's own (Ajv 2020, RE2 patterns). */
export class DefaultJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    return (input) => {
      const result = validate(schema as object, input);
      return result.valid ? { valid: true, data: input as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: result.errors.join('; ') };
    };
  }
}

/** The same, under the name the v1 SDK's Ajv provider exports (the demo server's SDK). */
export { DefaultJsonSchemaValidator as AjvJsonSchemaValidator };
