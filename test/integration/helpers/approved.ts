import { loadConfig, type LoadOptions } from '../../../src/core/config/load.js';
import type { ApprovalRecord } from '../../../src/core/config/approvals.js';

/** The person's approval of the whole file that defines `name`, as it reads now (its launch plans). */
export function approvedAsRead(where: Pick<LoadOptions, 'cwd' | 'home' | 'env'>, name: string): ApprovalRecord[] {
  const approval = loadConfig(where).servers.find((s) => s.name === name)?.approval;
  if (!approval) throw new Error(`${name} is not a server from a project's file here`);
  return [{ file: approval.file, at: approval.at, hash: approval.fileHash }];
}
