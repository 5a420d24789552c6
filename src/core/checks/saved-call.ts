import type { CallOutcome } from '../mcp/call.js';
import type { Tool } from '../mcp/types.js';
import { pickExpectations, type ExpectationKind, type OfferedExpectations } from './offer.js';
import { appendTest } from './test-file.js';

/** A test's name from its call: the tool and its arguments in short (`get-sum a=2 b=3`), at most 60 characters. */
function defaultTestName(tool: string, args: Record<string, unknown>): string {
  const pairs = Object.entries(args).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const name = [tool, ...pairs].join(' ').replace(/\s+/g, ' ');
  return name.length > 60 ? `${name.slice(0, 59)}…` : name;
}

export interface SavedCall {
  server: string;
  tool: Pick<Tool, 'name' | 'outputSchema' | 'annotations'>;
  args: Record<string, unknown>;
  outcome: CallOutcome;
  /** Sent without checking the arguments against the input schema (`--no-validate`, send anyway): the test sends them so too. */
  unchecked?: boolean;
}

/** Saves a call with the expectations picked from what it offered into a test file; returns the name it got there. */
export function saveCall(path: string, call: SavedCall, offered: OfferedExpectations, kinds: readonly ExpectationKind[], name?: string): string {
  return appendTest(path, {
    name: name ?? defaultTestName(call.tool.name, call.args),
    server: call.server,
    tool: call.tool.name,
    arguments: call.args,
    ...(call.unchecked && { validate: false as const }),
    expect: pickExpectations(offered, kinds),
  });
}
