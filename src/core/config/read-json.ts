import { readFileSync } from 'node:fs';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { ConfigIssue } from './types.js';
import { forbiddenKeyIn, forbiddenKeyInJson, forbiddenKeyMessage, mightHoldForbidden } from './forbidden-keys.js';

export interface JsonFile {
  path: string;
  text: string;
  value: unknown;
}

/** 1-based line and column of an offset in text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

const describe: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'unexpected text after the end',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfNumber: 'unterminated number',
};

/**
 * Reads a JSON file (comments and trailing commas tolerated, as editors write them).
 * Returns undefined with an issue for a missing or broken file.
 */
export function readJsonFile(path: string, issues: ConfigIssue[], mustExist: boolean): JsonFile | undefined {
  let text: string;
  try {
    // Editors on Windows may start a file with a byte-order mark: it is not part of the JSON.
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !mustExist) return undefined;
    const why = code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a folder, not a file' : String((error as Error).message);
    issues.push({ severity: 'error', file: path, message: `${path}: ${why}` });
    return undefined;
  }
  const refuse = (found: string) => {
    const { key, line, column } = forbiddenKeyInJson(text) ?? { key: found };
    issues.push({ severity: 'error', file: path, line, column, message: `${path}${line ? `:${line}:${column}` : ''}: ${forbiddenKeyMessage(key)}` });
    return undefined;
  };
  // Most files are plain JSON (all that mcpdeck writes): V8's parser reads them many times
  // faster, and keeps every key its own, so a walk of the value finds a forbidden one (the
  // text is tokenized again only to say where). jsonc-parser takes what JSON.parse refuses:
  // comments, trailing commas, and errors to point at by line and column.
  let plain: unknown;
  try {
    plain = JSON.parse(text);
  } catch {
    const forbidden = forbiddenKeyInJson(text);
    return forbidden ? refuse(forbidden.key) : readJsonc(path, text, issues);
  }
  const forbidden = mightHoldForbidden(text) ? forbiddenKeyIn(plain) : undefined;
  return forbidden === undefined ? { path, text, value: plain } : refuse(forbidden);
}

function readJsonc(path: string, text: string, issues: ConfigIssue[]): JsonFile | undefined {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    const { line, column } = lineColumn(text, first.offset);
    const code = printParseErrorCode(first.error);
    issues.push({
      severity: 'error',
      file: path,
      line,
      column,
      message: `${path}:${line}:${column}: JSON syntax error: ${describe[code] ?? code}`,
    });
    return undefined;
  }
  return { path, text, value };
}
