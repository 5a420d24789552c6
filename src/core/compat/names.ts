// The checks on tool names: each client's pattern, the name it builds from the server's and
// the tool's, and the names that two tools end up sharing.
import { truncate } from '../../util/text.js';
import type { Hit, LintInput } from './types.js';

/** A tool name in a message: quoted and escaped as JSON, cut when long. */
export const quoted = (name: string) => JSON.stringify(truncate(name, 80));

/** The characters of `name` outside `allowed` (one character's pattern), each once, at most five. */
function outside(name: string, allowed: RegExp): string[] {
  const found = [...new Set([...name].filter((ch) => !allowed.test(ch)))];
  return found.length > 5 ? [...found.slice(0, 5), '…'] : found;
}

const listed = (chars: string[]) => chars.map((ch) => (ch === '…' ? ch : JSON.stringify(ch))).join(' ');

/** A whole name of `allowed` characters only: the quick test before looking for which ones are not. */
const WHOLE = new Map<RegExp, RegExp>();
const allOf = (allowed: RegExp) => WHOLE.get(allowed) ?? WHOLE.set(allowed, new RegExp(`^${allowed.source}*$`)).get(allowed)!;

/** What is wrong with `name` against a pattern of allowed characters and a length: "" when nothing. */
function nameProblem(name: string, allowed: RegExp, max: number, first?: RegExp): string {
  if (name.length <= max && allOf(allowed).test(name) && (!first || first.test(name[0] ?? ''))) return name ? '' : 'is empty';
  const problems: string[] = [];
  if (!name) return 'is empty';
  const chars = outside(name, allowed);
  if (chars.length) problems.push(`has ${listed(chars)}`);
  if (first && !first.test(name[0]!)) problems.push(`starts with ${JSON.stringify(name[0])}`);
  if (name.length > max) problems.push(`is ${name.length} characters (at most ${max})`);
  return problems.join(', ');
}

const each = (input: LintInput, problem: (name: string) => string, detail = (name: string, what: string) => `${quoted(name)} ${what}`): Hit[] =>
  input.tools.flatMap((tool, i) => {
    const what = problem(tool.name);
    return what ? [{ tool: i, detail: detail(tool.name, what) }] : [];
  });

const WORD = /[a-zA-Z0-9_-]/;

/** OpenAI's function names and Anthropic's tool names: ^[a-zA-Z0-9_-]{1,64}$. */
export const portableName = (input: LintInput) => each(input, (name) => nameProblem(name, WORD, 64));

/** Claude Code's name for a tool: characters outside the pattern in the server's name become `_`. */
export const claudeCodeName = (server: string, tool: string) => `mcp__${server.replace(/[^a-zA-Z0-9_-]/g, '_')}__${tool}`;

export const claudeCodeNames = (input: LintInput) =>
  each(
    input,
    (name) => nameProblem(claudeCodeName(input.server, name), WORD, 64),
    (name, what) => `Claude Code calls it ${quoted(claudeCodeName(input.server, name))}, which ${what}`,
  );

/** Gemini's function names: a letter or `_` first, then letters, digits, `_ . : -`, 64 at most. */
export const geminiName = (input: LintInput) => each(input, (name) => nameProblem(name, /[a-zA-Z0-9_.:-]/, 64, /[a-zA-Z_]/));

/** GitHub Copilot CLI's API: ^[a-zA-Z0-9_-]{1,128}$. */
export const copilotCliName = (input: LintInput) => each(input, (name) => nameProblem(name, WORD, 128));

/**
 * The name Gemini CLI registers a tool under (its `generateValidName`): `mcp_<server>_<tool>`,
 * characters outside `[a-zA-Z0-9_.:-]` made `_`, a `_` put first where a letter or `_` is
 * not, and a name over 63 characters cut to its first and last 30 around `...`.
 */
export function geminiCliName(server: string, tool: string): string {
  const joined = `${server}_${tool}`;
  let name = (joined.startsWith('mcp_') ? joined : `mcp_${joined}`).replace(/[^a-zA-Z0-9_\-.:]/g, '_');
  if (/^[^a-zA-Z_]/.test(name)) name = `_${name}`;
  return name.length > 63 ? `${name.slice(0, 30)}...${name.slice(-30)}` : name;
}

const GEMINI_CLI_WHOLE = /^[a-zA-Z0-9_.:-]*$/;

/** A tool Gemini CLI renames: characters it replaces, or a name it cuts. */
export const geminiCliRenamed = (input: LintInput): Hit[] =>
  input.tools.flatMap((tool, i) => {
    const full = `mcp_${input.server}_${tool.name}`;
    if (full.length <= 63 && GEMINI_CLI_WHOLE.test(tool.name)) return [];
    const replaced = outside(tool.name, /[a-zA-Z0-9_.:-]/);
    if (!replaced.length && full.length <= 63) return [];
    const why = replaced.length ? `${listed(replaced)} replaced` : `cut from ${full.length} characters`;
    return [{ tool: i, detail: `Gemini CLI registers ${quoted(tool.name)} as ${quoted(geminiCliName(input.server, tool.name))} (${why})` }];
  });

/** Tools that share a name once Gemini CLI has made them valid: the later one is the one lost. */
export function geminiCliClashes(input: LintInput): Hit[] {
  const first = new Map<string, number>();
  const hits: Hit[] = [];
  input.tools.forEach((tool, i) => {
    const name = geminiCliName(input.server, tool.name);
    const earlier = first.get(name);
    if (earlier === undefined) first.set(name, i);
    else hits.push({ tool: i, detail: `${quoted(tool.name)} and ${quoted(input.tools[earlier]!.name)} both become ${quoted(name)}` });
  });
  return hits;
}

/** Cursor's combined name: the server's and the tool's, 60 characters or more together. */
export const cursorCombined = (input: LintInput): Hit[] =>
  input.tools.flatMap((tool, i) => {
    const length = input.server.length + tool.name.length;
    return length >= 60 ? [{ tool: i, detail: `${quoted(input.server)} and ${quoted(tool.name)} together are ${length} characters` }] : [];
  });
