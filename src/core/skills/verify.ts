import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import type { SkillFile } from './entry.js';

/** `sha256:<hex>` of raw bytes, as the extension writes digests. */
export const digestOf = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** Why these bytes are not the file the entry describes (size first: it needs no hashing), or undefined. */
export function fileMismatch(file: SkillFile, bytes: Uint8Array, label = file.uri): string | undefined {
  if (bytes.byteLength !== file.size) return `${label} is ${bytes.byteLength} bytes, its entry says ${file.size}`;
  const digest = digestOf(bytes);
  if (digest !== file.digest) return `${label} does not match its digest (${file.digest.slice(0, 19)}…, got ${digest.slice(0, 19)}…)`;
  return undefined;
}

/** The YAML frontmatter at the top of a SKILL.md, or why there is none to read. */
export function readFrontmatter(text: string): { fields: Record<string, unknown> } | { problem: string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const block = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(body);
  if (!block) return { problem: 'SKILL.md does not begin with a --- frontmatter block' };
  let fields: unknown;
  try {
    // Few aliases: a YAML bomb is refused, not expanded.
    fields = parse(block[1]!, { maxAliasCount: 50, schema: 'core', uniqueKeys: true });
  } catch (error) {
    return { problem: `its frontmatter is not YAML: ${(error as Error).message.split('\n')[0]}` };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return { problem: 'its frontmatter is not a mapping of fields' };
  return { fields: fields as Record<string, unknown> };
}

/** Each field that differs between the file's frontmatter and the entry's, named; empty when they agree. */
export function frontmatterDifferences(file: Record<string, unknown>, entry: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(file), ...Object.keys(entry)]);
  return [...keys].filter((key) => !isDeepStrictEqual(JSON.parse(JSON.stringify(file[key] ?? null)), JSON.parse(JSON.stringify(entry[key] ?? null))));
}
