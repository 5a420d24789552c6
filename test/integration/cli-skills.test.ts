// Skills (SEP-2640) from the command line, run as a person runs it (bin/mcpdeck.js, the
// bundle), against the skills fixture: a good skill, a wrong digest, one too big, broken and
// drifted frontmatter, a dynamic one, a hostile file path, one found only by URI.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';

const SKILLS_SERVER = fileURLToPath(new URL('../fixtures/servers/skills-server.mjs', import.meta.url));
const HEALTHY = fileURLToPath(new URL('../fixtures/servers/healthy.mjs', import.meta.url));
const box = sandbox();
const skills = (...args: string[]) => runCli(['skills', ...args, '--', process.execPath, SKILLS_SERVER], box);

describe('mcpdeck skills <server>: the listing', () => {
  it('follows every page and shows each skill with its files and size, dynamic or why it cannot be loaded, sanitized', async () => {
    const run = await skills();
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pdf-processing\s+3 files, 229 B\n  Extract, fill, and assemble PDF documents$/m);
    expect(run.stdout).toMatch(/^daily\s+dynamic: unverifiable$/m);
    expect(run.stdout).toMatch(/^too-big\s+✗ its files come to 17825845 bytes, over the limit of 16777216 \(16 MiB\)$/m);
    expect(run.stdout).toMatch(/^evil-path\s+✗ skill:\/\/evil-path\/\.\.\/\.\.\/escape\.txt is not a file inside the skill/m);
    expect(run.stdout).not.toContain('\u001b');
    // Eight listed over four pages; `hidden` is not listed.
    expect(run.stdout).not.toContain('hidden');
  });

  it('--json gives the entries as listed', async () => {
    const run = await skills('--json');
    expect(run.code).toBe(0);
    const { skills: listed } = JSON.parse(run.stdout) as { skills: { uri: string; resources: unknown }[] };
    expect(listed.map((s) => s.uri)).toEqual(['pdf-processing', 'wrong-digest', 'too-big', 'broken-frontmatter', 'drifted', 'daily', 'evil-path', 'wrong-size'].map((n) => `skill://${n}/SKILL.md`));
    expect(listed.find((s) => s.uri === 'skill://daily/SKILL.md')?.resources).toBe('dynamic');
  });

  it('a server that declares no skills extension gets no request: exit 5', async () => {
    const run = await runCli(['skills', '--', process.execPath, HEALTHY], box);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('does not offer skills: it declares no io.modelcontextprotocol/skills extension');
  });
});

describe('mcpdeck skills <server> <name>: loaded and verified', () => {
  it('a good skill: every file checked, SKILL.md printed', async () => {
    const run = await skills('pdf-processing');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('# PDF processing');
    expect(run.stderr).toContain('skill://pdf-processing/SKILL.md from adhoc: 3 files verified (sha256 and size), frontmatter matches its entry');
  });

  it.each([
    ['wrong-digest', /refused skill:\/\/wrong-digest\/SKILL\.md: SKILL\.md does not match its digest \(sha256:[0-9a-f]{12}…, got sha256:[0-9a-f]{12}…\); nothing of it was used/],
    ['too-big', /refused skill:\/\/too-big\/SKILL\.md: its files come to 17825845 bytes, over the limit of 16777216 \(16 MiB\)/],
    ['broken-frontmatter', /refused skill:\/\/broken-frontmatter\/SKILL\.md: its frontmatter is not YAML/],
    ['drifted', /refused skill:\/\/drifted\/SKILL\.md: the frontmatter of SKILL\.md differs from its entry in "description"/],
    ['wrong-size', /refused skill:\/\/wrong-size\/SKILL\.md: notes\.md is more than 5 bytes, more than its entry says/],
    ['evil-path', /refused skill:\/\/evil-path\/SKILL\.md: skill:\/\/evil-path\/\.\.\/\.\.\/escape\.txt is not a file inside the skill/],
  ])('%s is refused with the reason (exit 5), nothing printed', async (name, reason) => {
    const run = await skills(name);
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(reason);
    expect(run.stdout).toBe('');
  });

  it('a dynamic skill loads marked unverifiable (its files found through resources/directory/read) and is not saved', async () => {
    const run = await skills('daily', '--json');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { verified: boolean; files: { path: string }[] };
    expect(out.verified).toBe(false);
    expect(out.files.map((f) => f.path)).toEqual(['SKILL.md', 'templates/report.md']);
    expect(run.stderr).toContain('dynamic: no digests, unverifiable');
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-skills-'));
    const save = await skills('daily', '--to', dir);
    expect(save.code).toBe(2);
    expect(save.stderr).toContain('is dynamic: its files have no digests, so it cannot be verified and is not saved');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a skill not listed loads by its SKILL.md URI (skills/get); an unknown URI is the server\'s -32602 (exit 5)', async () => {
    const run = await skills('skill://hidden/SKILL.md');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Found by URI.');
    const unknown = await skills('skill://nope/SKILL.md');
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('no skill skill://nope/SKILL.md');
    const byName = await skills('hidden');
    expect(byName.code).toBe(2);
    expect(byName.stderr).toContain('lists no skill named "hidden" (a skill it does not list can be loaded by its SKILL.md URI)');
  });
});

describe('mcpdeck skills <server> <name> --to DIR', () => {
  it('saves the verified files as DIR/<name>/, byte for byte; again only with --force, which replaces the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-skills-'));
    const run = await skills('pdf-processing', '--to', dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`saved pdf-processing to ${join(dir, 'pdf-processing')}\n`);
    const saved = join(dir, 'pdf-processing');
    expect(readFileSync(join(saved, 'references/FORMS.md'), 'utf8')).toBe('# Forms\n\nFill every field.\n');
    expect([...readFileSync(join(saved, 'scripts/fill.bin'))]).toEqual([0, 1, 2, 255, 254, 10]);
    expect(readFileSync(join(saved, 'SKILL.md'), 'utf8')).toMatch(/^---\nname: pdf-processing\n/);

    writeFileSync(join(saved, 'SKILL.md'), 'mine');
    writeFileSync(join(saved, 'stale.txt'), 'left over');
    const again = await skills('pdf-processing', '--to', dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${saved} exists: give --force to replace it`);
    expect(readFileSync(join(saved, 'SKILL.md'), 'utf8')).toBe('mine');

    const forced = await skills('pdf-processing', '--to', dir, '--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(join(saved, 'SKILL.md'), 'utf8')).toContain('# PDF processing');
    expect(existsSync(join(saved, 'stale.txt'))).toBe(false);
    expect(readdirSync(dir)).toEqual(['pdf-processing']);
  });

  it('a refused skill writes nothing; a hostile path never leaves DIR', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'mcpdeck-skills-'));
    const dir = join(parent, 'a', 'b');
    mkdirSync(dir, { recursive: true });
    for (const name of ['wrong-digest', 'evil-path']) {
      const run = await skills(name, '--to', dir);
      expect(run.code).toBe(5);
    }
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(parent, 'escape.txt'))).toBe(false);
    expect(existsSync(join(parent, 'a', 'escape.txt'))).toBe(false);
  });

  it('--to without a skill named is a usage error', async () => {
    const run = await skills('--to', tmpdir());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--to saves one skill: name it');
  });
});
