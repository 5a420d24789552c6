import { recordApproval, revokeApproval, type Approvals } from './config/approvals.js';
import type { ConfigSource, ServerDefinition } from './config/types.js';
import type { ApprovalScope } from './deck-options.js';
import type { TestFile } from './checks/test-file.js';
import type { SavedCall } from './checks/saved-call.js';
import type { ExpectationKind, OfferedExpectations } from './checks/offer.js';
import type { TestsApproval } from './checks/tests-approval.js';
import type { EvalFile } from './evals/eval-file.js';
import type { EvalCase } from './evals/eval-schema.js';
import type { EvalsApproval } from './evals/approval.js';

/** What the Deck's approvals reach of it. */
interface Parts {
  approvals: () => Approvals | undefined;
  definitions: () => ServerDefinition[];
  source: (name: string) => ConfigSource | undefined;
  load: () => Promise<unknown>;
  connectAll: () => Promise<void>;
}

const testsCode = () => import('./checks/tests-approval.js');
const evalsCode = () => import('./evals/approval.js');

/** The Deck's approvals: of a project's servers (or whole files), of tests files and eval files, kept in the user config. */
export class DeckApprovals {
  constructor(private readonly parts: Parts) {}

  async approve(name: string, scope: ApprovalScope = 'server', { connect = true, sandboxed = false } = {}): Promise<void> {
    await recordApproval(this.store(), this.parts.definitions(), name, scope, sandboxed);
    await this.parts.load();
    if (connect) await this.parts.connectAll();
  }

  async revoke(name: string, scope: ApprovalScope = 'server'): Promise<number> {
    const gone = await revokeApproval(this.store(), this.parts.definitions(), name, scope);
    await this.parts.load();
    return gone;
  }

  async testsApproval(file: TestFile): Promise<TestsApproval> {
    return (await testsCode()).testsApproval(this.parts.approvals()?.list() ?? [], file, this.parts.source);
  }

  async setTestsApproval(file: TestFile, approved: boolean): Promise<number> {
    const { approveTests, TESTS_AT } = await testsCode();
    return approved ? approveTests(this.store(), file).then(() => 1) : this.store().revoke(file.path, TESTS_AT);
  }

  async saveTest(path: string, call: SavedCall, offered: OfferedExpectations, kinds: readonly ExpectationKind[], name?: string): Promise<string> {
    return (await testsCode()).saveApprovedCall(this.parts.approvals(), path, call, offered, kinds, name);
  }

  async evalsApproval(file: EvalFile): Promise<EvalsApproval> {
    return (await evalsCode()).evalsApproval(this.parts.approvals()?.list() ?? [], file);
  }

  async setEvalsApproval(file: EvalFile, approved: boolean): Promise<number> {
    const { approveEvals, EVALS_AT } = await evalsCode();
    return approved ? approveEvals(this.store(), file).then(() => 1) : this.store().revoke(file.path, EVALS_AT);
  }

  async saveEvalCase(path: string, evalCase: EvalCase): Promise<string> {
    return (await evalsCode()).saveApprovedEvalCase(this.parts.approvals(), path, evalCase);
  }

  private store(): Approvals {
    const approvals = this.parts.approvals();
    if (!approvals) throw new Error('approvals cannot be kept here (no user config)');
    return approvals;
  }
}
