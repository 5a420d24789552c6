import { Option, type Command } from 'commander';
import { nameProblem } from '../../core/config/server-entry.js';
import { splitCommandLine, splitNotice } from '../../core/config/command-words.js';
import { whereIs, Workspace, type OwnScope } from '../../core/config/workspace.js';
import type { WritableScope } from '../../core/config/write.js';
import { Exit, UserError } from '../exit-codes.js';
import { pairs } from '../pairs.js';
import type { Invocation } from '../target.js';
import { reportIssues } from '../config-issues.js';
import { collect } from '../options.js';

type ScopeName = OwnScope;

/** The scope that holds `name`: the one asked for, or the only one that has it. */
async function findScope(workspace: Workspace, name: string, asked?: ScopeName): Promise<WritableScope> {
  const held: ScopeName[] = [];
  for (const s of asked ? [asked] : (['project', 'user'] as const)) if (name in (await workspace.servers(workspace.scope(s)))) held.push(s);
  if (held.length === 0) {
    const elsewhere = asked ? undefined : workspace.readSources().servers.find((s) => s.name === name && s.source.kind === 'client');
    if (elsewhere) {
      const { label, path, client } = elsewhere.source;
      throw new UserError(`"${name}" comes from ${label} (${path}); mcpdeck changes only its own files: copy it with \`mcpdeck import --from ${client} --only ${name}\`, or edit that file`);
    }
    const places = asked ? whereIs(workspace.scope(asked)) : `${whereIs(workspace.scope('project'))} or ${whereIs(workspace.scope('user'))}`;
    throw new UserError(`no server named "${name}" in ${places}`);
  }
  if (held.length > 1) throw new UserError(`"${name}" is in both the project and the user scope; say which with --scope`);
  return workspace.scope(held[0]!);
}

/** `-- "node /path/server.js"`: a whole command line as one word is split as the deck's form splits it, and said so. */
function commandWords(typed: string[], inv: Invocation): string[] {
  const [first, ...rest] = typed;
  if (first === undefined) return typed;
  let words: string[] | undefined;
  try {
    words = splitCommandLine(first, rest, inv.cwd, inv.env);
  } catch (error) {
    throw new UserError((error as Error).message);
  }
  if (!words) return typed;
  process.stderr.write(`split the command line as a shell would: ${splitNotice(words)}\n`);
  return words;
}

const scopeOption = () => new Option('-s, --scope <scope>', 'where to write').choices(['user', 'project']);

export function registerManage(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  const workspace = new Workspace(inv.env, inv.cwd);
  program
    .command('add <name> [url]')
    .description('add a server: mcpdeck add <name> <url>, or mcpdeck add <name> -- <command> [args...]')
    .addOption(new Option('-t, --transport <type>', 'stdio, sse or http (default for a URL: none written, so Streamable HTTP is tried first, then SSE)').choices(['stdio', 'sse', 'http']))
    .option('-e, --env <KEY=value>', 'environment variable for a stdio server (repeatable)', collect)
    .option('-H, --header <"Name: value">', 'HTTP header for a remote server (repeatable)', collect)
    .addOption(scopeOption().default('user'))
    .option('--force', 'replace a server of the same name')
    .action((name: string, url: string | undefined, o: { transport?: string; env?: string[]; header?: string[]; scope: ScopeName; force?: boolean }) =>
      run(async () => {
        const badName = nameProblem(name);
        if (badName) throw new UserError(badName);
        const command = commandWords(inv.commandLine ?? [], inv);
        if (url && command.length) throw new UserError('give either a URL or `-- <command> [args...]`, not both');
        if (!url && !command.length) throw new UserError(`say what to run: mcpdeck add ${name} <url>, or mcpdeck add ${name} -- <command> [args...]`);
        const type = o.transport;
        if (url && type === 'stdio') throw new UserError('a URL takes --transport http or sse (or none: Streamable HTTP, then SSE); a stdio server takes `-- <command>`');
        if (!url && type && type !== 'stdio') throw new UserError(`--transport ${type} needs a URL`);
        if (url && o.env?.length) throw new UserError('--env is for a stdio server (the process it starts); a remote server takes --header');
        if (!url && o.header?.length) throw new UserError('--header is for a remote server (HTTP or SSE); a stdio server takes --env');
        const env = pairs(o.env, '=', '--env');
        const headers = pairs(o.header, ':', '--header');
        const entry = url
          ? { ...(type && { type }), url, ...(Object.keys(headers).length ? { headers } : {}) }
          : { command: command[0], ...(command.length > 1 ? { args: command.slice(1) } : {}), ...(Object.keys(env).length ? { env } : {}) };
        const { where, startsIn, warnings } = await workspace.addServer(workspace.scope(o.scope), { name, entry, replace: o.force, taken: '; use --force to replace it' });
        reportIssues(warnings);
        process.stdout.write(`added ${name} to ${where}${startsIn ? `; it starts in ${startsIn} (its command names files there)` : ''}\n`);
        return Exit.ok;
      }),
    );

  program
    .command('remove <name>')
    .alias('rm')
    .description('remove a server from the scope that has it')
    .addOption(scopeOption())
    .action((name: string, o: { scope?: ScopeName }) =>
      run(async () => {
        const scope = await findScope(workspace, name, o.scope);
        await workspace.changeServer(scope, name, [name], undefined);
        process.stdout.write(`removed ${name} from ${whereIs(scope)}\n`);
        return Exit.ok;
      }),
    );

  for (const [verb, disabled] of [['enable', false], ['disable', true]] as const) {
    program
      .command(`${verb} <name>`)
      .description(`${verb} a server where it is configured`)
      .addOption(scopeOption())
      .action((name: string, o: { scope?: ScopeName }) =>
        run(async () => {
          const scope = await findScope(workspace, name, o.scope);
          await workspace.changeServer(scope, name, [name, 'disabled'], disabled ? true : undefined);
          process.stdout.write(`${verb}d ${name} in ${whereIs(scope)}\n`);
          return Exit.ok;
        }),
      );
  }
}

