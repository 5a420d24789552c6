import { existsSync } from 'node:fs';
import type { Approvals, ApprovalRecord } from '../config/approvals.js';
import { needsApproval } from '../config/approvals.js';
import { contentHash } from '../config/launch-plan.js';
import type { ConfigSource } from '../config/types.js';
import { saveCall, type SavedCall } from './saved-call.js';
import type { ExpectationKind, OfferedExpectations } from './offer.js';
import { readTestFile, TestFileError, type TestCase, type TestFile } from './test-file.js';

/**
 * A tests file is project content: cloned with a repository, it could call the person's
 * own trusted servers (their catalog) with the repository's arguments. Until the person
 * approves the file as it is, it may call only servers from the project's own files
 * (which wait for their own approval); what mcpdeck saves into an approved (or new)
 * file stays approved.
 */
export const TESTS_AT: readonly string[] = ['tests'];

/** The approval key: what the file calls (server, tool, arguments, checked or not); expectations run nothing. */
export const testsHash = (tests: readonly TestCase[]) =>
  contentHash('tests', tests.map(({ server, tool, arguments: args, validate }) => ({ server, tool, args, validate: validate ?? true })));

const approvedAs = (records: readonly ApprovalRecord[], file: TestFile) =>
  records.some((r) => r.file === file.path && r.at.length === 1 && r.at[0] === TESTS_AT[0] && r.hash === testsHash(file.tests));

export interface TestsApproval {
  approved: boolean;
  /** The servers it calls that are not from the project's own files: each needs the file approved. */
  outside: string[];
}

/** Whether the file may call what it calls; `sourceOf` says where a server comes from (undefined: not configured). */
export function testsApproval(records: readonly ApprovalRecord[], file: TestFile, sourceOf: (server: string) => ConfigSource | undefined): TestsApproval {
  const approved = approvedAs(records, file);
  const servers = [...new Set(file.tests.map((t) => t.server))];
  return { approved, outside: approved ? [] : servers.filter((s) => { const source = sourceOf(s); return source !== undefined && !needsApproval(source); }) };
}

/** Approves the file as it is now. */
export const approveTests = (store: Approvals, file: TestFile) => store.approve({ file: file.path, at: [...TESTS_AT], hash: testsHash(file.tests) });

/** Saves a call into a test file; a file that was new or approved stays approved with the test added. */
export async function saveApprovedCall(store: Approvals | undefined, path: string, call: SavedCall, offered: OfferedExpectations, kinds: readonly ExpectationKind[], name?: string): Promise<string> {
  const before = existsSync(path) ? readOrUndefined(path) : { path, tests: [] };
  const wasApproved = before !== undefined && (before.tests.length === 0 || (store !== undefined && approvedAs(store.list(), before)));
  const saved = saveCall(path, call, offered, kinds, name);
  if (store && wasApproved) await approveTests(store, readTestFile(path));
  return saved;
}

function readOrUndefined(path: string): TestFile | undefined {
  try {
    return readTestFile(path);
  } catch (error) {
    if (error instanceof TestFileError) return undefined;
    throw error;
  }
}
