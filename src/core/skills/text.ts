import { sanitizeLine } from '../../util/sanitize.js';
import { skillBytes, type SkillEntry } from './entry.js';
import type { LoadedSkill } from './desk.js';

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

/** A loaded skill as text for the pager: how it was checked, then SKILL.md and each other file (binary ones by size). */
export function loadedSkillText(skill: LoadedSkill): string {
  const files = skill.files.length;
  const head = skill.verified
    ? `✓ verified: ${files} file${files === 1 ? '' : 's'} matched their sha256 digests and sizes; SKILL.md's frontmatter matches its entry`
    : '⚠ dynamic: the server publishes no digests, so its files are unverifiable (SKILL.md\'s frontmatter matches its entry)';
  const parts = skill.files.map((file) => {
    const text = textOf(file.bytes);
    return `── ${sanitizeLine(file.path)}\n${text === undefined ? `binary, ${size(file.bytes.byteLength)}` : text}`;
  });
  return [head, ...parts].join('\n\n');
}

/** UTF-8 text, or undefined for bytes that are not (a NUL, an invalid sequence). */
function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
