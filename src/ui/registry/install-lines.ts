import type { RegistryDesk } from '../../core/mcp-registry/desk.js';

export type Installed = Awaited<ReturnType<RegistryDesk['install']>>;

/** "Claude Code's user file (/home/me/.claude.json)" → "Claude Code": whose environment the entry reads. */
const clientOf = (target: string) => /^(.+?)'s /.exec(target)?.[1] ?? 'the client';

/** What an install did, a line each: written where, skipped why, notes, and the variables to set. */
export function installLines(done: Installed): string[] {
  const written = done.added.length + done.replaced.length + done.same.length > 0;
  return [
    ...done.added.map((name) => `installed ${name} into ${done.target}`),
    ...done.replaced.map((name) => `replaced ${name} in ${done.target}`),
    ...done.same.map((name) => `${name} is in ${done.target} already, as it would be written`),
    ...done.skipped.map((s) => `not installed: ${s.why}`),
    ...done.notes.map((n) => `note: ${n.note}`),
    ...done.problems.map((p) => `problem: ${p}`),
    ...(written && done.envRefs.length ? [`set ${done.envRefs.join(', ')} in the environment ${clientOf(done.target)} starts from: the entry reads ${done.envRefs.length > 1 ? 'them' : 'it'} from there`] : []),
  ];
}
