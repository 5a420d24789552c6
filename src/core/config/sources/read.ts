import { readFileSync } from 'node:fs';
import { parse as parseToml, TomlError } from 'smol-toml';
import { readJsonFile } from '../read-json.js';
import type { ConfigIssue } from '../types.js';
import { forbiddenKeyIn, forbiddenKeyMessage } from '../forbidden-keys.js';
import { isRecord } from '../../../util/is-record.js';

export type DocumentRead =
  | { status: 'read'; text: string; document: unknown }
  | { status: 'missing' }
  | { status: 'error'; issue: ConfigIssue };

/** A JSON (comments allowed) or TOML file; a broken one is an issue naming file, line and column. */
export function readDocument(path: string, syntax: 'json' | 'toml'): DocumentRead {
  if (syntax === 'json') {
    const issues: ConfigIssue[] = [];
    const file = readJsonFile(path, issues, false);
    if (issues[0]) return { status: 'error', issue: issues[0] };
    return file ? { status: 'read', text: file.text, document: file.value } : { status: 'missing' };
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { status: 'missing' };
    return { status: 'error', issue: { severity: 'error', file: path, message: `${path}: ${code === 'EISDIR' ? 'is a folder, not a file' : (error as Error).message}` } };
  }
  try {
    const document = parseToml(text);
    const key = forbiddenKeyIn(document);
    if (key === undefined) return { status: 'read', text, document };
    // smol-toml keeps no positions: the first line that spells the key.
    const line = text.split('\n').findIndex((l) => l.includes(key)) + 1 || undefined;
    return { status: 'error', issue: { severity: 'error', file: path, line, message: `${path}${line ? `:${line}` : ''}: ${forbiddenKeyMessage(key)}` } };
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const what = error.message.replace(/^Invalid TOML document: /, '').split('\n')[0];
    return { status: 'error', issue: { severity: 'error', file: path, line: error.line, column: error.column, message: `${path}:${error.line}:${error.column}: TOML syntax error: ${what}` } };
  }
}

/** The value at a key path; undefined when a step is missing. */
export function valueAt(document: unknown, at: readonly string[]): unknown {
  let node = document;
  for (const key of at) {
    if (!isRecord(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}
