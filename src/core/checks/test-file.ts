import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { applyEdits, format, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { detectFormat } from '../config/json-edit.js';
import { lineColumn } from '../config/read-json.js';
import { forbiddenKeyInJson, forbiddenKeyMessage } from '../config/forbidden-keys.js';
import { replaceFile } from '../../util/replace-file.js';

/** Where saved calls go when the person names no file: in the project, beside its `.mcp.json`. */
export const DEFAULT_TEST_FILE = 'mcpdeck.tests.json';

const textExpectation = z.union([z.strictObject({ equals: z.string() }), z.strictObject({ contains: z.string() })]);
const structuredExpectation = z.union([z.strictObject({ equals: z.unknown() }), z.strictObject({ matchesOutputSchema: z.literal(true) })]);

/** What a saved call must give again; each is checked on its own, and only what is written is checked. */
const expectationsSchema = z.strictObject({
  /** The text blocks, joined with a line break. */
  text: textExpectation.optional(),
  structuredContent: structuredExpectation.optional(),
  isError: z.boolean().optional(),
  /** The call takes at most this long. */
  maxDurationMs: z.number().int().positive().optional(),
});

const testCaseSchema = z.strictObject({
  name: z.string().min(1),
  server: z.string().min(1),
  tool: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** false: the arguments are sent without checking them against the input schema (saved from a call sent unchecked, to test the server's own checks). */
  validate: z.boolean().optional(),
  expect: expectationsSchema,
});

const testFileSchema = z.looseObject({ tests: z.array(testCaseSchema) });

export type Expectations = z.infer<typeof expectationsSchema>;
export type TestCase = z.infer<typeof testCaseSchema>;

/** A test file that cannot be used, with what to fix (file, line and column where there is one). */
export class TestFileError extends Error {}

export interface TestFile {
  path: string;
  tests: TestCase[];
}

/** The file a person named, from where they stand. */
export const testFilePath = (file: string | undefined, cwd: string) => (file && isAbsolute(file) ? file : resolve(cwd, file ?? DEFAULT_TEST_FILE));

function parseText(path: string, text: string): unknown {
  const forbidden = forbiddenKeyInJson(text);
  if (forbidden) throw new TestFileError(`${path}:${forbidden.line}:${forbidden.column}: ${forbiddenKeyMessage(forbidden.key)}`);
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    const { line, column } = lineColumn(text, first.offset);
    throw new TestFileError(`${path}:${line}:${column}: JSON syntax error: ${printParseErrorCode(first.error)}`);
  }
  return value;
}

/** Reads a test file (JSON with comments allowed); a missing or malformed one is a TestFileError naming the problem. */
export function readTestFile(path: string): TestFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TestFileError(`${path}: ${code === 'ENOENT' ? 'file not found (save a call as a test first: `mcpdeck call … --save-test`, or t on a result in the deck)' : (error as Error).message}`);
  }
  const parsed = testFileSchema.safeParse(parseText(path, text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the file';
    throw new TestFileError(`${path}: ${where}: ${issue.message} (a test file is { "tests": [{ "name", "server", "tool", "arguments", "expect" }] })`);
  }
  return { path, tests: parsed.data.tests };
}

const HEADER = '// mcpdeck tests: saved tool calls and what they must give. Run them with `mcpdeck test`.\n';

/**
 * Adds a test to the file (made when missing), keeping everything else in it: comments,
 * order, formatting. A name already taken gets a number, so each test is told apart in
 * reports. Returns the name it was saved under.
 */
export function appendTest(path: string, test: TestCase): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new TestFileError(`${path}: ${(error as Error).message}`);
    text = '';
  }
  // A new file (or an empty one, as an editor leaves it) starts with a line saying what it is.
  if (!text.trim()) text = `${HEADER}{\n  "tests": []\n}\n`;
  const value = parseText(path, text);
  const existing = testFileSchema.safeParse(value);
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject || ('tests' in value && !Array.isArray((value as { tests: unknown }).tests))) {
    throw new TestFileError(`${path} is not a test file: it must be an object with a "tests" array`);
  }
  const names = new Set(existing.success ? existing.data.tests.map((t) => t.name) : []);
  let name = test.name;
  for (let n = 2; names.has(name); n++) name = `${test.name} (${n})`;
  const options = detectFormat(text);
  const hasTests = 'tests' in value;
  const edits = modify(text, hasTests ? ['tests', -1] : ['tests'], hasTests ? { ...test, name } : [{ ...test, name }], { formattingOptions: options });
  let next = applyEdits(text, edits);
  const [edit] = edits;
  if (edit) next = applyEdits(next, format(next, { offset: edit.offset, length: edit.content.length }, options));
  replaceFile(path, next);
  return name;
}
