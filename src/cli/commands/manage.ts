import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { PROJECT_FILE } from '../../core/config/load.js';
import { checkEntry, nameProblem } from '../../core/config/server-entry.js';
import { addedFromFolder, splitCommandLine, splitNotice } from '../../core/config/command-words.js';
import { openUserCatalog } from '../../core/config/user-catalog.js';
import { readScope, updateScope, type WritableScope } from '../../core/config/write.js';
import { readSources } from './sources.js';
import { Exit, UserError } from '../exit-codes.js';
import { pairs } from '../pairs.js';
import { reportIssues, type Invocation } from '../target.js';
import { collect } from '../options.js';

type ScopeName = 'user' | 'project';

function scopes(inv: Invocation): Record<ScopeName, WritableScope> {
  return {
    user: { kind: 'user', catalog: openUserCatalog(inv.env) },
    project: { kind: 'file', path: resolve(inv.cwd, PROJECT_FILE) },
  };
}

function where(scope: WritableScope): string {
  return scope.kind === 'user' ? `the user catalog (${scope.catalog.path})` : scope.path;
}

/** The scope that holds `name`: the one asked for, or the only one that has it. */
function findScope(inv: Invocation, name: string, asked?: ScopeName): [ScopeName, WritableScope] {
  const all = scopes(inv);
  const candidates = (asked ? [asked] : (['project', 'user'] as const)).filter((s) => name in readScope(all[s]));
  if (candidates.length === 0) {
    const elsewhere = asked ? undefined : readSources(inv).servers.find((s) => s.name === name && s.source.kind === 'client');
    if (elsewhere) {
      const { label, path, client } = elsewhere.source;
      throw new UserError(`"${name}" comes from ${label} (${path}); mcpdeck changes only its own files: copy it with \`mcpdeck import --from ${client} --only ${name}\`, or edit that file`);
    }
    throw new UserError(`no server named "${name}" in ${asked ? where(all[asked]) : `${where(all.project)} or ${where(all.user)}`}`);
  }
  if (candidates.length > 1) throw new UserError(`"${name}" is in both the project and the user scope; say which with --scope`);
  return [candidates[0]!, all[candidates[0]!]];
}

/** One edit of a server that must still be there when the file is written. */
function change(scope: WritableScope, name: string, path: string[], value: unknown): Promise<void> {
  return updateScope(scope, (current) => {
    if (!(name in current)) throw new UserError(`"${name}" is no longer in ${where(scope)}`);
    return { changes: [{ path, value }], result: undefined };
  });
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
        // The user catalog's servers start in the home folder: one that names files here keeps this folder.
        const cwd = !url && o.scope === 'user' ? addedFromFolder(command, inv.cwd) : undefined;
        if (cwd) Object.assign(entry, { cwd });
        const { errors, warnings } = checkEntry(name, entry, o.scope, inv.env);
        if (errors.length) throw new UserError(errors.join('\n'));
        reportIssues(warnings);
        const scope = scopes(inv)[o.scope];
        // Checked inside the lock, against the file as it is when written.
        await updateScope(scope, (current) => {
          if (name in current && !o.force) throw new UserError(`"${name}" already exists in ${where(scope)}; use --force to replace it`);
          return { changes: [{ path: [name], value: entry }], result: undefined };
        });
        process.stdout.write(`added ${name} to ${where(scope)}${cwd ? `; it starts in ${cwd} (its command names files there)` : ''}\n`);
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
        const [, scope] = findScope(inv, name, o.scope);
        await change(scope, name, [name], undefined);
        process.stdout.write(`removed ${name} from ${where(scope)}\n`);
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
          const [, scope] = findScope(inv, name, o.scope);
          await change(scope, name, [name, 'disabled'], disabled ? true : undefined);
          process.stdout.write(`${verb}d ${name} in ${where(scope)}\n`);
          return Exit.ok;
        }),
      );
  }
}

