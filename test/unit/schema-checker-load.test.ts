// vitest: modules of its own (it needs the checker not yet loaded in its worker)
// The schema checker (Ajv, RE2) is not loaded as mcpdeck starts: before loadValidator()
// nothing is checked and that is said, never passed silently or remembered.
import { describe, expect, it } from 'vitest';
import { loadValidator, uncheckedReason, validate, validationIssues, validatorLoaded } from '../../src/core/schema/validator.js';

const schema = { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'] };

describe('the schema checker, loaded on first use', () => {
  it('says a value is not checked before it loads, then checks the same schema once it has', async () => {
    expect(validatorLoaded()).toBe(false);
    expect(validate(schema, {})).toEqual({ valid: true, errors: ['not checked: the schema checker was not loaded yet'], unchecked: 'not checked: the schema checker was not loaded yet' });
    // A form built before it loads shows no errors and no "unchecked" note yet.
    expect(validationIssues(schema, {})).toEqual([]);
    expect(uncheckedReason(schema)).toBeUndefined();
    await Promise.all([loadValidator(), loadValidator()]);
    expect(validatorLoaded()).toBe(true);
    expect(validate(schema, { n: 0 })).toEqual({ valid: false, errors: ['"n" must be >= 1'] });
    expect(validationIssues(schema, {}).map((i) => i.text)).toEqual(['missing required argument "n"']);
  });
});
