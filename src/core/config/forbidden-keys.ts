import { visit } from 'jsonc-parser';
import { isRecord } from '../../util/is-record.js';

/**
 * Keys no file mcpdeck reads may hold. A parser that assigns them (jsonc-parser does, for
 * `__proto__`) swaps the object's prototype: its fields are then read as the entry's own
 * without being among its keys, so what is hashed, shown and started can differ.
 * `constructor` and `prototype` reach inherited members through a plain lookup.
 */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Text that might spell a forbidden key, escapes included; most files have none and are not walked. */
const MIGHT_HOLD = /__proto__|constructor|prototype|\\u/;
export const mightHoldForbidden = (text: string) => MIGHT_HOLD.test(text);

export interface ForbiddenKey {
  key: string;
  /** 1-based, where the text is known. */
  line?: number;
  column?: number;
}

/** The first forbidden key in a JSON (or JSONC) text, as the parser decodes it, with where it stands. */
export function forbiddenKeyInJson(text: string): ForbiddenKey | undefined {
  if (!MIGHT_HOLD.test(text)) return undefined;
  let found: ForbiddenKey | undefined;
  visit(text, {
    onObjectProperty: (property, _offset, _length, line, character) => {
      if (!found && FORBIDDEN_KEYS.has(property)) found = { key: property, line: line + 1, column: character + 1 };
    },
  }, { allowTrailingComma: true, disallowComments: false });
  return found;
}

/** The first forbidden own key anywhere in a parsed value (TOML, or objects built from other data). */
export function forbiddenKeyIn(value: unknown): string | undefined {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isRecord(node)) {
      for (const key of Object.keys(node)) {
        if (FORBIDDEN_KEYS.has(key)) return key;
        stack.push(node[key]);
      }
    }
  }
  return undefined;
}

/** The sentence a refused file gets, after its path (and line). */
export const forbiddenKeyMessage = (key: string) =>
  `the key "${key}" is not allowed: mcpdeck refuses "__proto__", "constructor" and "prototype" as keys in every file it reads (they could reach an object's prototype); rename or remove it`;
