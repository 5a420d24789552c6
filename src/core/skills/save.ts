import { randomBytes } from 'node:crypto';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { LoadedSkill } from './desk.js';
import { safeRelativePath } from './entry.js';

/** A skill that cannot be saved where asked; nothing was written. */
export class SaveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveRefused';
  }
}

/** Agent Skills' naming rule for a skill name (and so the folder saved to). */
const SKILL_NAME = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/**
 * Saves a verified skill as `<dir>/<name>/`, the folder an agent reads skills from. Every
 * path is checked before anything is written; the files go to a new folder beside the
 * target, which then takes its place, so an existing skill is replaced only with `force`
 * and never half-written.
 */
export async function saveSkill(skill: LoadedSkill, dir: string, force = false): Promise<string> {
  if (!skill.verified) throw new SaveRefused(`${skill.entry.uri} is dynamic: its files have no digests, so it cannot be verified and is not saved`);
  const name = skill.entry.frontmatter.name;
  if (!SKILL_NAME.test(name)) throw new SaveRefused(`"${name}" is not a skill name a folder can be made of (lowercase letters, digits and single hyphens)`);
  const base = resolve(dir);
  const target = join(base, name);
  const paths = skill.files.map((file) => {
    const rel = safeRelativePath(file.path);
    const full = rel && resolve(target, rel);
    if (!full || relative(target, full).startsWith('..')) throw new SaveRefused(`${file.uri} would be written outside ${target}: refused`);
    return { full: join(target, rel), rel, bytes: file.bytes };
  });
  const existing = await lstat(target).catch(() => undefined);
  if (existing && !force) throw new SaveRefused(`${target} exists: give --force to replace it`);
  if (existing?.isSymbolicLink()) throw new SaveRefused(`${target} is a symbolic link: not replaced`);
  await mkdir(base, { recursive: true });
  const staging = join(base, `.${name}.mcpdeck-${randomBytes(4).toString('hex')}`);
  try {
    for (const { rel, bytes } of paths) {
      const file = join(staging, rel);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx', mode: 0o644 });
    }
    if (existing) await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return target;
}
