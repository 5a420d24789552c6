import type { InstallMark } from '../../core/mcp-registry/desk.js';
import { sanitizeLine } from '../../util/sanitize.js';

/** Worth a mark: a newer version, or a status other than active. */
const marked = (mark: InstallMark | undefined): mark is InstallMark => Boolean(mark && (mark.newer || mark.status !== 'active' || mark.installedStatus));

export const isDeleted = (mark: InstallMark | undefined) => mark?.status === 'deleted';

/** The dashboard row's mark: `↑ 1.3.0` (a newer version published), `⚠ deprecated`, `✗ deleted`. */
export function markCount(mark: InstallMark | undefined): string | undefined {
  if (!marked(mark)) return undefined;
  const status = mark.status === 'active' ? undefined : `${isDeleted(mark) ? '✗' : '⚠'} ${sanitizeLine(mark.status).slice(0, 16)}`;
  return [mark.newer ? `↑ ${sanitizeLine(mark.latest).slice(0, 24)}` : undefined, status].filter(Boolean).join(' ');
}

/** The detail pane's line: what the registry says now of the server installed from it. */
export function markLine(mark: InstallMark | undefined): string | undefined {
  if (!marked(mark)) return undefined;
  const newer = mark.newer ? `version ${sanitizeLine(mark.latest)} is published (installed: ${sanitizeLine(mark.installed)})` : undefined;
  const installed = mark.installedStatus ? `the installed ${sanitizeLine(mark.installed)} is ${sanitizeLine(mark.installedStatus)}` : undefined;
  const status = isDeleted(mark) ? 'the registry has deleted this server' : mark.status !== 'active' ? `the registry marks this server ${sanitizeLine(mark.status)}` : undefined;
  return `registry: ${[newer, status, installed].filter(Boolean).join('; ')}`;
}
