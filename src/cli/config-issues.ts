import type { ConfigIssue } from '../core/config/types.js';
import { sanitizeLine } from '../util/sanitize.js';

// Apart from target.ts, so a command that only writes the configuration (add, remove,
// enable, disable) loads no client core to say what is wrong with it.

/** Problems of the configuration, on stderr; a value still to be asked for is said with its server instead. */
export function reportIssues(issues: ConfigIssue[]): void {
  for (const issue of issues) if (!issue.pending) process.stderr.write(`${issue.severity}: ${sanitizeLine(issue.message)}\n`);
}
