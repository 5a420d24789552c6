import type { Command } from 'commander';
import { EXPECTATION_KINDS, type ExpectationKind } from '../core/checks/kinds.js';
import type { SavedCall } from '../core/checks/saved-call.js';
import { UserError } from './exit-codes.js';
import type { Deck } from '../core/deck.js';

export interface SaveTestOptions {
  saveTest?: string;
  expect?: string;
  expectContains?: string;
  expectMaxMs?: string;
  testName?: string;
}

/** `call --save-test <file>` and the options that pick what the saved test expects. */
export function withSaveTest(command: Command): Command {
  return command
    .option('--save-test <file>', 'save this call as a test in a test file (made when missing; run it with mcpdeck test)')
    .option('--expect <kinds>', `what the saved test checks, comma-separated: ${EXPECTATION_KINDS.join(', ')} (default: isError, the text, the structured content or its schema)`)
    .option('--expect-contains <text>', 'the saved test checks that the text contains this')
    .option('--expect-max-ms <ms>', 'the saved test checks that the call takes at most this long')
    .option('--test-name <name>', 'the saved test\'s name (default: the tool and its arguments)');
}

/** Checked before the call is sent: a typo in --expect must not cost a call. */
export function saveTestKinds(options: SaveTestOptions): ExpectationKind[] | undefined {
  if (!options.saveTest) {
    const stray = (['expect', 'expectContains', 'expectMaxMs', 'testName'] as const).find((k) => options[k] !== undefined);
    if (stray) throw new UserError('--expect, --expect-contains, --expect-max-ms and --test-name go with --save-test <file>');
    return undefined;
  }
  if (options.expectMaxMs !== undefined && !(Number.isInteger(Number(options.expectMaxMs)) && Number(options.expectMaxMs) > 0)) {
    throw new UserError(`--expect-max-ms "${options.expectMaxMs}" must be a whole number of milliseconds above 0`);
  }
  if (options.expect === undefined) return undefined;
  const kinds = options.expect.split(',').map((k) => k.trim()).filter(Boolean);
  const wrong = kinds.find((k) => !EXPECTATION_KINDS.includes(k as ExpectationKind));
  if (wrong) throw new UserError(`--expect "${wrong}" is not one of ${EXPECTATION_KINDS.join(', ')}`);
  return kinds as ExpectationKind[];
}

/** Appends the call to the test file with the expectations picked (or the defaults); returns the line to tell the person. */
export async function saveCallAsTest(options: SaveTestOptions, deck: Pick<Deck, 'cwd' | 'saveTest'>, call: SavedCall): Promise<string> {
  // Loaded when a call is saved: a plain call does without the test file code.
  const [{ defaultKinds, offeredExpectations }, { testFilePath, TestFileError }] = await Promise.all([
    import('../core/checks/offer.js'), import('../core/checks/test-file.js'),
  ]);
  const offered = offeredExpectations(call.outcome, call.tool);
  const kinds = saveTestKinds(options) ?? defaultKinds(offered, call.tool);
  const missing = kinds.filter((k) => !offered[k] && !(k === 'contains' && options.expectContains) && !(k === 'duration' && options.expectMaxMs));
  if (missing.length) throw new UserError(`--expect ${missing.join(', ')}: this result has nothing to check for it (no text, no structured content or no output schema); nothing was saved`);
  // The values given on the command line take the place of those from the result.
  if (options.expectContains !== undefined) offered.contains = { text: { contains: options.expectContains } };
  if (options.expectMaxMs !== undefined) offered.duration = { maxDurationMs: Number(options.expectMaxMs) };
  const chosen = [...kinds, ...(options.expectContains !== undefined && !kinds.includes('contains') ? ['contains' as const] : []), ...(options.expectMaxMs !== undefined && !kinds.includes('duration') ? ['duration' as const] : [])];
  const path = testFilePath(options.saveTest, deck.cwd);
  try {
    const name = await deck.saveTest(path, call, offered, chosen, options.testName);
    return `saved the test "${name}" to ${path} (run it with: mcpdeck test ${options.saveTest})`;
  } catch (error) {
    if (error instanceof TestFileError) throw new UserError(`${error.message}; nothing was saved`);
    throw new UserError(`could not save the test to ${path}: ${(error as Error).message}`);
  }
}
