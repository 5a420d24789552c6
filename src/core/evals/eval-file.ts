import { existsSync, readFileSync } from 'node:fs';
import { extname, isAbsolute, resolve } from 'node:path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { z } from 'zod';
import { lineColumn } from '../config/read-json.js';
import { forbiddenKeyIn, forbiddenKeyInJson, forbiddenKeyMessage } from '../config/forbidden-keys.js';
import { isRecord } from '../../util/is-record.js';
import { evalFileSchema, type ParsedCase } from './eval-schema.js';
import { compilePattern, patternsIn, slashPattern } from './patterns.js';

/** The eval files looked for when none is named, in this order. */
const DEFAULT_EVAL_FILES = ['mcpdeck.evals.json', 'mcpdeck.evals.yaml', 'mcpdeck.evals.yml'];

/** An eval file that cannot be used, with what to fix: the file, and the case and field (or line and column). */
export class EvalFileError extends Error {}

/** A case with the file's settings filled in. */
export interface ResolvedCase extends ParsedCase {
  /** Undefined: every enabled server. */
  servers?: string[];
  minPassRate: number;
}

export interface EvalFile {
  path: string;
  /** Empty: the default model (or `--model`). */
  models: string[];
  runs: number;
  cases: ResolvedCase[];
}

const isYaml = (path: string) => ['.yaml', '.yml'].includes(extname(path).toLowerCase());

/** The files a person named, from where they stand; none: the first default file that exists (the JSON one when none does). */
export function evalFilePaths(names: readonly string[], cwd: string): string[] {
  if (names.length) return names.map((n) => (isAbsolute(n) ? n : resolve(cwd, n)));
  const found = DEFAULT_EVAL_FILES.map((n) => resolve(cwd, n)).find((p) => existsSync(p));
  return [found ?? resolve(cwd, DEFAULT_EVAL_FILES[0]!)];
}

function parseJson(path: string, text: string): unknown {
  const forbidden = forbiddenKeyInJson(text);
  if (forbidden) throw new EvalFileError(`${path}:${forbidden.line}:${forbidden.column}: ${forbiddenKeyMessage(forbidden.key)}`);
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    const { line, column } = lineColumn(text, first.offset);
    throw new EvalFileError(`${path}:${line}:${column}: JSON syntax error: ${printParseErrorCode(first.error)}`);
  }
  return value;
}

/** YAML: its parser loads with the first YAML file. */
async function parseYaml(path: string, text: string): Promise<unknown> {
  const { parse: parseYamlText, YAMLParseError } = await import('./yaml.js');
  let value: unknown;
  try {
    value = parseYamlText(text);
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    const at = error.linePos?.[0];
    throw new EvalFileError(`${path}${at ? `:${at.line}:${at.col}` : ''}: YAML syntax error: ${error.message.split('\n')[0]}`);
  }
  const forbidden = forbiddenKeyIn(value);
  if (forbidden) throw new EvalFileError(`${path}: ${forbiddenKeyMessage(forbidden)}`);
  return value;
}

/** Parses the text of an eval file (JSON with comments, or YAML by its extension). */
export async function parseEvalText(path: string, text: string): Promise<unknown> {
  return isYaml(path) ? parseYaml(path, text) : parseJson(path, text);
}

/** Where in the file a problem is: `case "echoes": expect.order`, `cases.3` for a case with no name, or a top-level field. */
function whereIn(value: unknown, path: readonly PropertyKey[]): string {
  const cases = isRecord(value) && Array.isArray(value.cases) ? value.cases : [];
  if (path[0] === 'cases' && typeof path[1] === 'number') {
    const raw: unknown = cases[path[1]];
    const name = isRecord(raw) && typeof raw.name === 'string' && raw.name ? `case "${raw.name}"` : `cases.${path[1]}`;
    const rest = path.slice(2).map(String).join('.');
    return rest ? `${name}: ${rest}` : name;
  }
  return path.length ? path.map(String).join('.') : 'the file';
}

/** The first problem zod found, in words. */
function describe(value: unknown, issue: z.core.$ZodIssue): string {
  return `${whereIn(value, issue.path)}: ${issue.message}`;
}

/** Checks a parsed value and fills each case's settings from the file's; a problem is an EvalFileError naming the case and field. */
export function toEvalFile(path: string, value: unknown): EvalFile {
  const parsed = evalFileSchema.safeParse(value);
  if (!parsed.success) {
    throw new EvalFileError(`${path}: ${describe(value, parsed.error.issues[0]!)} (an eval file is { "cases": [{ "name", "message", "expect" }] }: see docs/evals.md)`);
  }
  const file = parsed.data;
  const cases = file.cases.map((c): ResolvedCase => {
    const where = `${path}: case "${c.name}"`;
    for (const [tool, args] of Object.entries(c.expect.args ?? {})) {
      for (const found of patternsIn(args)) checkPattern(`${where}: expect.args.${[tool, ...found.path].join('.')}`, slashPattern(found.text)!);
    }
    if (c.expect.text?.matches !== undefined) checkPattern(`${where}: expect.text.matches`, { source: c.expect.text.matches, flags: '' });
    const servers = c.servers ?? file.servers;
    const system = c.system ?? file.system;
    const maxSteps = c.maxSteps ?? file.maxSteps;
    return { ...c, ...(servers && { servers }), ...(system !== undefined && { system }), ...(maxSteps !== undefined && { maxSteps }), minPassRate: c.minPassRate ?? file.minPassRate ?? 1 };
  });
  return { path, models: file.models ?? [], runs: file.runs ?? 1, cases };
}

function checkPattern(where: string, pattern: { source: string; flags: string }): void {
  try {
    compilePattern(pattern.source, pattern.flags);
  } catch (error) {
    throw new EvalFileError(`${where}: ${(error as Error).message}`);
  }
}

/** Reads an eval file; a missing or malformed one is an EvalFileError saying what to fix. */
export async function readEvalFile(path: string): Promise<EvalFile> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EvalFileError(`${path}: ${code === 'ENOENT' ? 'file not found (write one: see docs/evals.md)' : (error as Error).message}`);
  }
  return toEvalFile(path, await parseEvalText(path, text));
}
