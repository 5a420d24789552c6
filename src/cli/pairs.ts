import { UserError } from './exit-codes.js';
import { pairs as parsePairs } from '../util/pairs.js';

/** `KEY=value` or `Name: value` options into a map; a malformed one says how it should look. */
export function pairs(values: string[] | undefined, separator: '=' | ':', label: string): Record<string, string> {
  try {
    return parsePairs(values, separator, label);
  } catch (error) {
    throw new UserError((error as Error).message);
  }
}
