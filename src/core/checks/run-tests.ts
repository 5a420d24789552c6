import type { Deck } from '../deck.js';
import { ToolCallError, type CallOutcome } from '../mcp/call.js';
import { checkOutcome, type Mismatch } from './expectations.js';
import type { TestCase, TestFile } from './test-file.js';

export interface TestResult {
  test: TestCase;
  /** The file it came from. */
  file: string;
  /** `error`: the call itself did not happen or did not finish (the server could not be reached, a protocol error). */
  status: 'passed' | 'failed' | 'error';
  mismatches: Mismatch[];
  error?: string;
  durationMs: number;
}

export interface RunTestsOptions {
  /** Connects a server and says why it could not be (undefined when it is connected): the caller's approval and sign-in rules apply. */
  connect: (server: string) => Promise<string | undefined>;
  /** Ms without progress before a call is given up. */
  timeout?: number;
  signal?: AbortSignal;
  /** Each result as it comes. */
  onResult?: (result: TestResult) => void;
}

/**
 * Runs saved calls one after another, in the order of the files and of the tests in
 * them, through the deck (its servers, its rules). Each server is connected once, when
 * its first test comes; one that cannot be fails its tests with the reason.
 */
export async function runTests(deck: Pick<Deck, 'callTool' | 'server'>, files: readonly TestFile[], options: RunTestsOptions): Promise<TestResult[]> {
  const connected = new Map<string, Promise<string | undefined>>();
  const results: TestResult[] = [];
  for (const file of files) {
    for (const test of file.tests) {
      if (options.signal?.aborted) return results;
      const result = await runOne(deck, file.path, test, options, connected);
      results.push(result);
      options.onResult?.(result);
    }
  }
  return results;
}

async function runOne(deck: Pick<Deck, 'callTool' | 'server'>, file: string, test: TestCase, options: RunTestsOptions, connected: Map<string, Promise<string | undefined>>): Promise<TestResult> {
  const base = { test, file, mismatches: [] as Mismatch[] };
  if (!deck.server(test.server)) return { ...base, status: 'error', error: `no server named "${test.server}" is configured`, durationMs: 0 };
  let connecting = connected.get(test.server);
  if (!connecting) connected.set(test.server, (connecting = options.connect(test.server)));
  const why = await connecting;
  if (why) return { ...base, status: 'error', error: why, durationMs: 0 };
  let outcome: CallOutcome;
  try {
    outcome = await deck.callTool(test.server, test.tool, test.arguments, { timeout: options.timeout, signal: options.signal, validate: test.validate });
  } catch (error) {
    const message = error instanceof ToolCallError || error instanceof Error ? error.message : String(error);
    return { ...base, status: 'error', error: message, durationMs: 0 };
  }
  const tool = deck.server(test.server)?.tools.find((t) => t.name === test.tool || t.qualifiedName === test.tool);
  const mismatches = checkOutcome(test.expect, outcome, tool);
  return { ...base, status: mismatches.length ? 'failed' : 'passed', mismatches, durationMs: outcome.durationMs };
}

/** How many passed, failed and could not run. */
export function tally(results: readonly TestResult[]): Record<TestResult['status'], number> {
  const counts = { passed: 0, failed: 0, error: 0 };
  for (const r of results) counts[r.status]++;
  return counts;
}
