import type { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readTestFile, testFilePath, TestFileError, type TestFile } from '../../core/checks/test-file.js';
import { runTests, tally, type TestResult } from '../../core/checks/run-tests.js';
import { junitXml } from '../../core/checks/junit.js';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { painter } from '../style.js';
import { printJson } from '../request.js';
import { connectOne, openDeck, type Invocation, type TargetOptions } from '../target.js';
import { withAnswers, withConfigured } from '../options.js';

interface TestOptions extends TargetOptions {
  junit?: string;
  json?: boolean;
  timeout?: string;
}

export function registerTest(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withAnswers(withConfigured(program.command('test [files...]').description('run saved calls (default file: mcpdeck.tests.json) and check what they give; exit 1 when one fails')))
    .option('--junit <file>', 'also write the results as JUnit XML, for CI')
    .option('--json', 'print the results as JSON')
    .option('--timeout <seconds>', 'give up a call after this long without progress (default 60)')
    .action((names: string[], options: TestOptions) =>
      run(async () => {
        const timeout = timeoutMs(options.timeout);
        const files = readFiles(names, inv.cwd);
        const servers = [...new Set(files.flatMap((f) => f.tests.map((t) => t.server)))];
        if (!servers.length) throw new UserError(`${files.map((f) => f.path).join(', ')}: no tests in it yet (save a call as a test: mcpdeck call … --save-test)`);
        const deck = await openDeck(options, inv, { only: servers, lists: ['tools'] });
        const refused = (await Promise.all(files.map(async (file) => ({ file, outside: (await deck.testsApproval(file)).outside })))).filter((f) => f.outside.length);
        if (refused.length) {
          await deck.close();
          throw new UserError(refused.map(({ file, outside }) => `${file.path} is not approved to call ${outside.join(', ')} (not from this project's files); nothing was called.\n  review its calls, then: mcpdeck approve --file ${file.path}`).join('\n'), Exit.needsApproval);
        }
        const paint = painter(process.stdout, inv.env);
        let results: TestResult[];
        // One trace for the whole run (SEP-414): every request of it carries its id.
        const trace = deck.wire.tracing.begin('mcpdeck test');
        try {
          const connect = async (name: string) => {
            try {
              await connectOne(deck, name);
              return undefined;
            } catch (error) {
              if (error instanceof UserError) return error.message;
              throw error;
            }
          };
          results = await deck.wire.tracing.run(() => runTests(deck, files, { connect, timeout, onResult: options.json ? undefined : (r) => process.stdout.write(resultLines(r, paint)) }), trace);
        } finally {
          await deck.close();
        }
        if (options.junit) {
          const path = resolve(inv.cwd, options.junit);
          writeFileSync(path, junitXml(results));
        }
        const counts = tally(results);
        if (options.json) printJson({ passed: counts.passed, failed: counts.failed, errors: counts.error, traceId: trace.traceId, results: results.map(resultJson) });
        else process.stdout.write(`${counts.passed} passed, ${counts.failed} failed${counts.error ? `, ${counts.error} could not run` : ''}\n`);
        return counts.failed || counts.error ? Exit.toolError : Exit.ok;
      }),
    );
}

function timeoutMs(value: string | undefined): number | undefined {
  if (value === undefined) return 60_000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UserError(`--timeout "${value}" must be a number of seconds above 0`);
  return seconds * 1000;
}

function readFiles(names: string[], cwd: string): TestFile[] {
  const paths = names.length ? names.map((n) => testFilePath(n, cwd)) : [testFilePath(undefined, cwd)];
  try {
    return paths.map(readTestFile);
  } catch (error) {
    if (error instanceof TestFileError) throw new UserError(error.message);
    throw error;
  }
}

type Paint = ReturnType<typeof painter>;

/** One test's lines: ✓ or ✗ with its name and call, then each mismatch and its diff, indented. */
export function resultLines(result: TestResult, paint: Paint): string {
  const { test } = result;
  const where = paint('gray', `(${sanitizeLine(test.server)} ${sanitizeLine(test.tool)}${result.durationMs ? `, ${Math.round(result.durationMs)} ms` : ''})`);
  const name = sanitizeLine(test.name);
  if (result.status === 'passed') return `${paint('green', '✓')} ${name} ${where}\n`;
  if (result.status === 'error') return `${paint('red', '✗')} ${name} ${where}\n    could not run: ${sanitize(result.error ?? '')}\n`;
  const lines = result.mismatches.flatMap((m) => [
    `    ${sanitize(m.message)}`,
    ...(m.diff ? sanitize(m.diff).split('\n').map((l) => `      ${l.startsWith('-') ? paint('red', l) : l.startsWith('+') ? paint('green', l) : paint('gray', l)}`) : []),
  ]);
  return `${paint('red', '✗')} ${name} ${where}\n${lines.join('\n')}\n`;
}

const resultJson = (r: TestResult) => ({
  name: r.test.name, file: r.file, server: r.test.server, tool: r.test.tool, status: r.status,
  durationMs: Math.round(r.durationMs), mismatches: r.mismatches, error: r.error ?? null,
});
