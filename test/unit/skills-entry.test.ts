import { mkdtempSync, readdirSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SKILL_BYTES, MAX_SKILL_FILES, parseEntry, safeRelativePath } from '../../src/core/skills/entry.js';
import { digestOf, fileMismatch, frontmatterDifferences, readFrontmatter } from '../../src/core/skills/verify.js';
import { saveSkill } from '../../src/core/skills/save.js';
import type { LoadedSkill } from '../../src/core/skills/desk.js';

const DIGEST = `sha256:${'a'.repeat(64)}`;
const entry = (resources: unknown, frontmatter: unknown = { name: 'demo', description: 'A demo' }, uri = 'skill://demo/SKILL.md') => parseEntry({ uri, frontmatter, resources });
const file = (path: string, size = 1) => ({ uri: `skill://demo/${path}`, digest: DIGEST, size });

describe('skill entries as sent (SEP-2640)', () => {
  it('takes a complete entry, and "dynamic"', () => {
    expect(entry([file('SKILL.md')])?.problem).toBeUndefined();
    expect(entry('dynamic')?.resources).toBe('dynamic');
  });

  it.each([
    ['no resources', undefined, 'its resources are missing'],
    ['a string other than dynamic', 'static', 'neither a list of files nor "dynamic"'],
    ['an uppercase digest', [{ ...file('SKILL.md'), digest: `sha256:${'A'.repeat(64)}` }], 'is not sha256: and 64 lowercase hex digits'],
    ['a fractional size', [file('SKILL.md', 1.5)], 'is not a whole number of bytes'],
    ['no SKILL.md among its files', [file('other.md')], 'do not list its SKILL.md'],
    ['a file listed twice', [file('SKILL.md'), file('SKILL.md')], 'twice'],
    ['a file of another skill', [file('SKILL.md'), { ...file('x'), uri: 'skill://other/x' }], 'is not a file inside the skill'],
    ['a path that climbs out', [file('SKILL.md'), file('a/../../x')], 'is not a file inside the skill'],
    ['an encoded climb', [file('SKILL.md'), file('%2e%2e/x')], 'is not a file inside the skill'],
    ['one file past the limit', [file('SKILL.md'), ...Array.from({ length: MAX_SKILL_FILES }, (_, i) => file(`f${i}`))], `over the limit of ${MAX_SKILL_FILES}`],
    ['one byte past 16 MiB', [file('SKILL.md', MAX_SKILL_BYTES), file('b', 1)], 'over the limit of 16777216'],
  ])('refuses %s', (_, resources, why) => {
    expect(entry(resources)?.problem).toContain(why);
  });

  it('holds the limits inclusive: 512 files and 16 MiB load', () => {
    const files = [file('SKILL.md', MAX_SKILL_BYTES - (MAX_SKILL_FILES - 1)), ...Array.from({ length: MAX_SKILL_FILES - 1 }, (_, i) => file(`f${i}`))];
    expect(entry(files)?.problem).toBeUndefined();
  });

  it('refuses an entry whose name is not the last segment of its uri, or without a description', () => {
    expect(entry([file('SKILL.md')], { name: 'other', description: 'x' })?.problem).toContain('is not its name "other"');
    expect(entry([file('SKILL.md')], { name: 'demo' })?.problem).toContain('no frontmatter with a name and a description');
  });
});

describe('checking what was read', () => {
  it('size first, then the digest', () => {
    const bytes = new TextEncoder().encode('hello');
    const good = { uri: 'skill://demo/SKILL.md', digest: digestOf(bytes), size: 5 };
    expect(fileMismatch(good, bytes)).toBeUndefined();
    expect(fileMismatch({ ...good, size: 6 }, bytes)).toBe('skill://demo/SKILL.md is 5 bytes, its entry says 6');
    expect(fileMismatch({ ...good, digest: DIGEST }, bytes, 'SKILL.md')).toMatch(/^SKILL\.md does not match its digest/);
  });

  it('compares frontmatter field by field, nested values too, and names each that differs', () => {
    const read = readFrontmatter('---\nname: demo\ndescription: A demo\nmetadata:\n  version: "1"\n---\nbody');
    expect(read).toEqual({ fields: { name: 'demo', description: 'A demo', metadata: { version: '1' } } });
    const fields = 'fields' in read ? read.fields : {};
    expect(frontmatterDifferences(fields, { name: 'demo', description: 'A demo', metadata: { version: '1' } })).toEqual([]);
    expect(frontmatterDifferences(fields, { name: 'demo', description: 'Other', metadata: { version: 1 }, license: 'MIT' })).toEqual(['description', 'metadata', 'license']);
  });

  it('says why there is no frontmatter to compare, and refuses a YAML alias bomb', () => {
    expect(readFrontmatter('# no frontmatter')).toEqual({ problem: 'SKILL.md does not begin with a --- frontmatter block' });
    expect(readFrontmatter('---\n- a list\n---\n')).toEqual({ problem: 'its frontmatter is not a mapping of fields' });
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`)].join('\n');
    expect(readFrontmatter(`---\nname: x\n${bomb}\n---\n`)).toHaveProperty('problem');
  });
});

describe('saving a skill', () => {
  const skill = (paths: string[], verified = true): LoadedSkill => ({
    entry: { uri: 'skill://demo/SKILL.md', frontmatter: { name: 'demo', description: 'A demo' }, resources: [] },
    files: paths.map((path) => ({ uri: `skill://demo/${path}`, path, bytes: new TextEncoder().encode(path) })),
    verified,
  });

  it.each(['../x', 'a/../../x', '/etc/passwd', 'a\\..\\x', '%2e%2e/x', 'C:/x', 'a//b', './x', 'a\u0000b'])('refuses the path %j, writing nothing', async (path) => {
    expect(safeRelativePath(path)).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-save-'));
    await expect(saveSkill(skill(['SKILL.md', path]), dir)).rejects.toThrow('would be written outside');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses an unverified skill and replaces no symbolic link, even with force', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-save-'));
    await expect(saveSkill(skill(['SKILL.md'], false), dir)).rejects.toThrow('cannot be verified');
    mkdirSync(join(dir, 'elsewhere'));
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'demo'));
    await expect(saveSkill(skill(['SKILL.md']), dir, true)).rejects.toThrow('is a symbolic link');
    expect(readdirSync(join(dir, 'elsewhere'))).toEqual([]);
  });
});
