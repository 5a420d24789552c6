import type { Command } from 'commander';
import { Exit, UserError } from '../exit-codes.js';
import { collect, withAnswers, withTarget, type Invocation, type TargetOptions } from '../options.js';
import { openTui } from './ui.js';

interface TryOptions extends TargetOptions {
  json?: boolean;
  package?: string;
  remote?: boolean;
  set?: string[];
}

/**
 * `mcpdeck try -- <command…>`, `mcpdeck try <url>` and `mcpdeck try <registry name>`: the
 * deck on one server that is in no configuration, to list and call its tools before
 * deciding to keep it (`a` adds it). A command runs sandboxed with no network unless told
 * otherwise (a registry package: no network but its package registry); a remote server
 * runs elsewhere and is not sandboxed.
 */
export function registerTry(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withAnswers(withTarget(program.command('try').argument('[server]', 'a remote server\'s URL, or a registry server (name[@version]); or a command after --')
    .description('try a server before adding it: the deck on it alone, a command sandboxed with no network; a adds it to your catalog')))
    .option('--no-sandbox', 'run the command with all of your rights (not sandboxed)')
    .option('--package <kind>', 'a registry server: which package to run (npm, pypi, nuget, oci)')
    .option('--remote', 'a registry server: its remote server (HTTP) instead of a package')
    .option('--set <KEY=value>', 'a registry server: a value it needs (repeatable; asked on a terminal otherwise, secrets unseen)', collect)
    .option('--registry <url>', 'a registry server: the registry to read (default: the `registry` setting, else the official one)')
    .option('--json', 'print the status as JSON instead (not on a terminal)')
    .action((server: string | undefined, options: TryOptions) =>
      run(async () => {
        const command = Boolean(inv.commandLine?.length);
        if (!server && !options.url && !command) throw new UserError('try needs a server: mcpdeck try -- <command…>, mcpdeck try <url>, or mcpdeck try <registry name>', Exit.badInput);
        if (server && command) throw new UserError('try takes a URL, a registry name or a command after --, not two of them', Exit.badInput);
        if (server && !/^[a-z][a-z0-9+.-]*:\/\//i.test(server)) return tryFromRegistry(server, options, inv);
        const sandbox = command ? options.sandbox !== false : undefined;
        return openTui({ ...options, url: server ?? options.url, strict: true, sandbox }, inv, { trying: true });
      }),
    );
}

/** A registry server as an ad hoc one: its entry built as `install` would, its secrets only in memory. */
async function tryFromRegistry(spec: string, options: TryOptions, inv: Invocation): Promise<number> {
  const { nameAndVersion, registryErrors } = await import('./registry.js');
  return registryErrors(async () => {
    const [{ openRegistry }, { pickChoice, questionsFor }, { tryEntry }, { askAnswers }, { missingRuntime }] = await Promise.all([
      import('../../core/mcp-registry/settings.js'), import('../../core/mcp-registry/launch.js'), import('../../core/mcp-registry/try.js'), import('../registry-ask.js'), import('../../core/mcp-registry/runtime.js'),
    ]);
    if (options.remote && options.package) throw new UserError('--remote and --package choose the same thing: give one');
    const { name, version } = nameAndVersion(spec);
    const { server } = await openRegistry(inv.env, options.registry).server(name, version);
    const choice = pickChoice(server, options.remote ? 'remote' : options.package);
    const questions = questionsFor(server, choice);
    const answers = await askAnswers(questions, options.set, { asksSecrets: true });
    // `a` would write the entry as tried, secrets and all: with a secret typed, `mcpdeck install` keeps it instead (the secret in the secret store).
    const trying = !questions.some((q) => q.secret && answers[q.key]);
    const entry = tryEntry(server, choice, answers, options.sandbox !== false);
    const runtime = typeof entry.command === 'string' ? missingRuntime(entry.command, inv.env) : undefined;
    if (runtime) throw new UserError(runtime);
    if (typeof entry.url === 'string') {
      const header = Object.entries((entry.headers ?? {}) as Record<string, string>).map(([k, v]) => `${k}: ${v}`);
      return openTui({ ...options, url: entry.url, header, transport: entry.type === 'sse' ? 'sse' : 'http', strict: true }, inv, { trying });
    }
    const sandbox = entry.sandbox as { network?: string[]; write?: string[] } | undefined;
    const env = Object.entries((entry.env ?? {}) as Record<string, string>).map(([k, v]) => `${k}=${v}`);
    const tried = { ...inv, commandLine: [entry.command as string, ...(entry.args as string[])] };
    return openTui({ ...options, env, strict: true, sandbox: Boolean(sandbox), allowHost: sandbox?.network, allowWrite: sandbox?.write }, tried, { trying });
  });
}
