import { sanitizeLine } from '../../util/sanitize.js';
import { skillBytes, type SkillEntry } from './entry.js';

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

/** One short line for a skill in a list: its files and size, `dynamic`, or why it cannot be loaded. Sanitized. */
export function skillSummary(entry: SkillEntry): string {
  if (entry.problem) return `✗ ${sanitizeLine(entry.problem)}`;
  if (entry.resources === 'dynamic') return 'dynamic: unverifiable';
  const files = entry.resources.length;
  return `${files} file${files === 1 ? '' : 's'}, ${size(skillBytes(entry)!)}`;
}

/** Names that occur more than once in a listing are shown with their URI: names are labels, not identities. */
export function skillLabel(entry: SkillEntry, all: readonly SkillEntry[]): string {
  const name = sanitizeLine(entry.frontmatter.name || entry.uri);
  const twice = all.filter((e) => e.frontmatter.name === entry.frontmatter.name).length > 1;
  return twice ? `${name} (${sanitizeLine(entry.uri)})` : name;
}
