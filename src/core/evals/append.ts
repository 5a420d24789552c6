import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { detectFormat } from '../config/json-edit.js';
import { isRecord } from '../../util/is-record.js';
import { replaceFile } from '../../util/replace-file.js';
import { caseSchema, type EvalCase } from './eval-schema.js';
import { EvalFileError, parseEvalText } from './eval-file.js';

const isYaml = (path: string) => ['.yaml', '.yml'].includes(extname(path).toLowerCase());

/** The case as written to the file: checked, and without the defaults the reader fills in. */
function checked(path: string, evalCase: EvalCase): EvalCase {
  const parsed = caseSchema.safeParse(evalCase);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EvalFileError(`${path}: the case to add: ${issue.path.map(String).join('.') || 'the case'}: ${issue.message}`);
  }
  return Object.keys(evalCase.expect ?? {}).length ? evalCase : { ...evalCase, expect: {} };
}

/** A name no case of the file has: the one asked for, else with a number (`echoes (2)`). */
function freeName(value: unknown, name: string): string {
  const cases: unknown[] = isRecord(value) && Array.isArray(value.cases) ? value.cases : [];
  const taken = new Set(cases.flatMap((c) => (isRecord(c) && typeof c.name === 'string' ? [c.name] : [])));
  let free = name;
  for (let n = 2; taken.has(free); n++) free = `${name} (${n})`;
  return free;
}

function mustHoldCases(path: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value) || ('cases' in value && !Array.isArray(value.cases))) throw new EvalFileError(`${path} is not an eval file: it must be an object with a "cases" array`);
}

/**
 * Adds a case to an eval file, making the file when it is missing, and keeping everything
 * else in it as it was: comments, order, formatting (JSON through jsonc-parser's edits,
 * YAML through its document). A name already taken gets a number. Returns the name saved.
 */
export async function appendEvalCase(path: string, evalCase: EvalCase): Promise<string> {
  const written = checked(path, evalCase);
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new EvalFileError(`${path}: ${(error as Error).message}`);
  }
  const value = text.trim() ? await parseEvalText(path, text) : undefined;
  mustHoldCases(path, value);
  const name = freeName(value, written.name);
  const entry = { ...written, name };
  if (isYaml(path)) {
    const { Document, isSeq, parseDocument } = await import('./yaml.js');
    const document = text.trim() ? parseDocument(text) : new Document({ cases: [] });
    const cases = document.get('cases', true);
    if (!isSeq(cases)) document.set('cases', document.createNode([]));
    else cases.flow = false;
    document.addIn(['cases'], document.createNode(entry));
    replaceFile(path, document.toString());
    return name;
  }
  replaceFile(path, text.trim() ? insertCase(text, entry) : `${JSON.stringify({ cases: [entry] }, null, 2)}\n`);
  return name;
}

/** The indentation of the line `offset` is on. */
const indentAt = (text: string, offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0];
/** Whether a node starts its line (only indentation before it). */
const startsLine = (text: string, offset: number) => /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset));

/**
 * The case added as text, every other byte of the file kept: after the last case (on a line
 * of its own, at that case's indentation), into an empty `cases`, or as a new `cases` after
 * the last field. jsonc-parser's own edit would format the last case's line as well.
 */
function insertCase(text: string, entry: object): string {
  const { eol = '\n', insertSpaces, tabSize } = detectFormat(text);
  const unit = insertSpaces ? ' '.repeat(tabSize ?? 2) : '\t';
  const json = (value: unknown, indent: string) => JSON.stringify(value, null, unit).replaceAll('\n', `${eol}${indent}`);
  const root = parseTree(text, [], { allowTrailingComma: true });
  // Only comments so far: the object goes after them.
  if (!root) return `${text}${text.endsWith('\n') ? '' : eol}${JSON.stringify({ cases: [entry] }, null, unit).replaceAll('\n', eol)}${eol}`;
  const cases = findNodeAtLocation(root, ['cases']);
  const at = (offset: number, insert: string) => text.slice(0, offset) + insert + text.slice(offset);
  if (cases?.children?.length) {
    const last = cases.children.at(-1)!;
    const indent = startsLine(text, last.offset) ? indentAt(text, last.offset) : indentAt(text, cases.offset) + unit;
    const end = last.offset + last.length;
    const line = text.slice(end, text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end)).replace(/\r$/, '');
    const comma = /^[ \t]*,/.exec(line)?.[0];
    // The rest of the last case's line (its comma, a comment) stays with it; the new case starts the next line.
    if (/^[ \t]*(\/\/.*|\/\*.*\*\/[ \t]*)?$/.test(line.slice(comma?.length ?? 0))) {
      return `${text.slice(0, end)}${comma ? '' : ','}${line}${eol}${indent}${json(entry, indent)}${text.slice(end + line.length)}`;
    }
    return at(end, `,${eol}${indent}${json(entry, indent)}`);
  }
  if (cases) {
    const outer = indentAt(text, cases.offset);
    return at(cases.offset + 1, `${eol}${outer}${unit}${json(entry, outer + unit)}${eol}${outer}`);
  }
  const last = root.children?.at(-1);
  if (!last) return at(root.offset + 1, `${eol}${unit}"cases": ${json([entry], unit)}${eol}`);
  const indent = startsLine(text, last.offset) ? indentAt(text, last.offset) : unit;
  return at(last.offset + last.length, `,${eol}${indent}"cases": ${json([entry], indent)}`);
}
