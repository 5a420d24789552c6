import type { Command } from 'commander';
import { SkillRefused, type LoadedSkill } from '../../core/skills/desk.js';
import { SaveRefused, saveSkill } from '../../core/skills/save.js';
import { SKILLS_EXTENSION, type SkillEntry } from '../../core/skills/entry.js';
import { skillLabel, skillSummary } from '../../core/skills/text.js';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { itemList } from '../format.js';
import { isAdhoc, type Invocation } from '../target.js';
import { onServer, printJson, splitWords, withRequest, type RequestCommandOptions, type RequestContext } from '../request.js';

type Run = (fn: () => Promise<number>) => void;
interface SkillsOptions extends RequestCommandOptions {
  to?: string;
  force?: boolean;
}

/**
 * `mcpdeck skills <server> [name | uri] [--to DIR]`: a server's skills (SEP-2640), every
 * page, no file read; with a name or a SKILL.md URI, that skill loaded with each file
 * checked against its digest and size and its frontmatter against its entry, SKILL.md
 * printed; with --to, the verified skill saved as DIR/<name>/.
 */
export function registerSkills(program: Command, inv: Invocation, run: Run): void {
  withRequest(program.command('skills [server] [skill]').description("a server's skills (SEP-2640): list them, or load one verified (name or SKILL.md URI) and --to DIR save it"))
    .option('--to <dir>', 'save the verified skill as <dir>/<name>/ (for an agent: e.g. .claude/skills)')
    .option('--force', 'with --to: replace a skill folder that exists')
    .action((first: string | undefined, second: string | undefined, options: SkillsOptions) =>
      run(async () => {
        const { server, rest } = splitWords(isAdhoc(options, inv), [first, second]);
        const [wanted] = rest;
        if (options.to !== undefined && !wanted) throw new UserError('--to saves one skill: name it (mcpdeck skills <server> <name> --to DIR)');
        return onServer(options, inv, server, [], async (ctx) => {
          if (!ctx.deck.skills.offers(ctx.name)) throw new UserError(`${ctx.name} does not offer skills: it declares no ${SKILLS_EXTENSION} extension`, Exit.protocol);
          return wanted ? one(ctx, wanted, options) : list(ctx);
        });
      }),
    );
}

async function list(ctx: RequestContext): Promise<number> {
  const { skills, unreadable, truncated } = await ctx.deck.skills.list(ctx.name, ctx.send);
  if (ctx.json) printJson({ skills, ...(unreadable && { unreadable }), ...(truncated && { truncated }) });
  else if (!skills.length) process.stdout.write(`${ctx.name} lists no skills (a skill not listed can still be loaded by its SKILL.md URI)\n`);
  else process.stdout.write(`${itemList(skills.map((s) => ({ label: skillLabel(s, skills), extra: skillSummary(s), description: s.frontmatter.description })), process.stdout)}\n`);
  if (unreadable) process.stderr.write(`${unreadable} entr${unreadable === 1 ? 'y' : 'ies'} without a uri left out\n`);
  if (truncated) process.stderr.write('the listing did not end (a cursor came back, or too many pages): what came is shown\n');
  return Exit.ok;
}

/** A name is looked up in the listing; a URI is asked for with skills/get. */
async function find(ctx: RequestContext, wanted: string): Promise<SkillEntry> {
  if (wanted.includes('://')) return ctx.deck.skills.get(ctx.name, wanted, ctx.send);
  const { skills } = await ctx.deck.skills.list(ctx.name, ctx.send);
  const named = skills.filter((s) => s.frontmatter.name === wanted);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) throw new UserError(`${ctx.name} lists ${named.length} skills named "${sanitizeLine(wanted)}": name one by its URI (${named.map((s) => sanitizeLine(s.uri)).join(', ')})`);
  throw new UserError(`${ctx.name} lists no skill named "${sanitizeLine(wanted)}" (a skill it does not list can be loaded by its SKILL.md URI)`);
}

async function one(ctx: RequestContext, wanted: string, options: SkillsOptions): Promise<number> {
  let skill: LoadedSkill;
  try {
    skill = await ctx.deck.skills.load(ctx.name, await find(ctx, wanted), ctx.send);
  } catch (error) {
    if (error instanceof SkillRefused) throw new UserError(`${ctx.name}: ${sanitizeLine(error.message)}; nothing of it was used`, Exit.protocol);
    throw error;
  }
  const how = skill.verified ? `${skill.files.length} file${skill.files.length === 1 ? '' : 's'} verified (sha256 and size), frontmatter matches its entry` : 'dynamic: no digests, unverifiable (frontmatter matches its entry)';
  let saved: string | undefined;
  if (options.to !== undefined) {
    try {
      saved = await saveSkill(skill, options.to, options.force);
    } catch (error) {
      if (error instanceof SaveRefused) throw new UserError(sanitizeLine(error.message), Exit.badInput);
      throw error;
    }
  }
  if (ctx.json) {
    const files = skill.files.map((f) => ({ uri: f.uri, path: f.path, size: f.bytes.byteLength, ...(f.mimeType && { mimeType: f.mimeType }) }));
    printJson({ skill: skill.entry, verified: skill.verified, files, ...(saved && { savedTo: saved }) });
  } else if (saved) process.stdout.write(`saved ${sanitizeLine(skill.entry.frontmatter.name)} to ${saved}\n`);
  else process.stdout.write(`${sanitize(new TextDecoder().decode(skill.files[0]!.bytes))}\n`);
  process.stderr.write(`${sanitizeLine(skill.entry.uri)} from ${ctx.name}: ${how}\n`);
  return Exit.ok;
}
