/**
 * Skill entries of the Skills extension (SEP-2640, `io.modelcontextprotocol/skills`), read
 * from untrusted answers: `skills/list` and `skills/get` give the same shape.
 */

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
/** The limits every host must accept and a server should not pass, counted from the entry alone. */
export const MAX_SKILL_FILES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;
const DIGEST = /^sha256:[0-9a-f]{64}$/;

export interface SkillFile {
  uri: string;
  digest: string;
  size: number;
}

export interface SkillEntry {
  uri: string;
  /** The SKILL.md frontmatter as the server rendered it; `name` and `description` are strings. */
  frontmatter: Record<string, unknown> & { name: string; description: string };
  /** Every file with its digest and size, or `dynamic`: generated, no digests, unverifiable. */
  resources: SkillFile[] | 'dynamic';
  /** Why this entry cannot be loaded (malformed, over a limit); absent when it can. */
  problem?: string;
}

/**
 * A file's path inside the skill as a safe relative path, or why it is not one: a
 * hostile server's `..`, absolute paths, backslashes, control characters are refused.
 */
export function safeRelativePath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (!decoded || decoded.includes('\\') || /[\u0000-\u001f\u007f]/.test(decoded) || decoded.startsWith('/')) return undefined;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /^[A-Za-z]:$/.test(s))) return undefined;
  return segments.join('/');
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The skill's root: its SKILL.md URI without `/SKILL.md`. */
export function skillRoot(uri: string): string | undefined {
  return uri.endsWith('/SKILL.md') ? uri.slice(0, -'/SKILL.md'.length) : undefined;
}

/** The skill name from its URI: the last segment of the skill path. */
function nameFromUri(uri: string): string | undefined {
  const root = skillRoot(uri);
  const at = root?.indexOf('://') ?? -1;
  if (!root || at < 0) return undefined;
  return root.slice(at + 3).split('/').filter(Boolean).at(-1);
}

/** One entry as sent, or undefined when it is not an object with a `uri` at all. */
export function parseEntry(raw: unknown): SkillEntry | undefined {
  if (!isObject(raw) || typeof raw.uri !== 'string' || !raw.uri) return undefined;
  const uri = raw.uri;
  const fm = isObject(raw.frontmatter) ? raw.frontmatter : undefined;
  const frontmatter = { ...(fm ?? {}), name: typeof fm?.name === 'string' ? fm.name : '', description: typeof fm?.description === 'string' ? fm.description : '' };
  const resources = parseResources(raw.resources);
  const entry: SkillEntry = { uri, frontmatter, resources: typeof resources === 'string' && resources !== 'dynamic' ? [] : (resources as SkillFile[] | 'dynamic') };
  const problem = !fm || !frontmatter.name || !frontmatter.description
    ? 'its entry has no frontmatter with a name and a description'
    : typeof resources === 'string' && resources !== 'dynamic'
      ? resources
      : entryProblem(uri, frontmatter.name, entry.resources);
  return problem ? { ...entry, problem } : entry;
}

/** An array of files, `dynamic`, or the reason the value is neither. */
function parseResources(value: unknown): SkillFile[] | string {
  if (value === 'dynamic') return 'dynamic';
  if (!Array.isArray(value)) return `its resources are ${value === undefined ? 'missing' : 'neither a list of files nor "dynamic"'}`;
  const files: SkillFile[] = [];
  for (const item of value) {
    if (!isObject(item) || typeof item.uri !== 'string') return 'a file in its resources has no uri';
    if (typeof item.digest !== 'string' || !DIGEST.test(item.digest)) return `the digest of ${item.uri} is not sha256: and 64 lowercase hex digits`;
    if (typeof item.size !== 'number' || !Number.isSafeInteger(item.size) || item.size < 0) return `the size of ${item.uri} is not a whole number of bytes`;
    files.push({ uri: item.uri, digest: item.digest, size: item.size });
  }
  return files;
}

function entryProblem(uri: string, name: string, resources: SkillFile[] | 'dynamic'): string | undefined {
  const root = skillRoot(uri);
  if (!root) return 'its uri does not end in /SKILL.md';
  if (nameFromUri(uri) !== name) return `the last segment of its uri is not its name "${name}"`;
  if (resources === 'dynamic') return undefined;
  if (resources.length > MAX_SKILL_FILES) return `it has ${resources.length} files, over the limit of ${MAX_SKILL_FILES}`;
  const total = resources.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_SKILL_BYTES) return `its files come to ${total} bytes, over the limit of ${MAX_SKILL_BYTES} (16 MiB)`;
  if (!resources.some((file) => file.uri === uri)) return 'its resources do not list its SKILL.md';
  const seen = new Set<string>();
  for (const file of resources) {
    if (seen.has(file.uri)) return `its resources list ${file.uri} twice`;
    seen.add(file.uri);
    if (!file.uri.startsWith(`${root}/`) || !safeRelativePath(file.uri.slice(root.length + 1))) return `${file.uri} is not a file inside the skill (${root}/)`;
  }
  return undefined;
}

/** Total bytes of a skill's listed files; undefined for a dynamic skill. */
export function skillBytes(entry: SkillEntry): number | undefined {
  return entry.resources === 'dynamic' ? undefined : entry.resources.reduce((sum, file) => sum + file.size, 0);
}
