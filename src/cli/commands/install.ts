import type { Command } from 'commander';
import { whereFrom } from '../../core/config/sources/where.js';
import { Workspace } from '../../core/config/workspace.js';
import { RegistryClient } from '../../core/mcp-registry/client.js';
import { installServer, installTarget, targetNames } from '../../core/mcp-registry/install.js';
import { readInstalls } from '../../core/mcp-registry/installed.js';
import { pickChoice, planLaunch, questionsFor } from '../../core/mcp-registry/launch.js';
import { missingRuntime } from '../../core/mcp-registry/runtime.js';
import { openRegistry } from '../../core/mcp-registry/settings.js';
import { checkInstalls, updateInstall } from '../../core/mcp-registry/updates.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { collect } from '../options.js';
import { askAnswers } from '../registry-ask.js';
import type { Invocation } from '../target.js';
import { nameAndVersion, registryErrors } from './registry.js';
import { printTransfer } from './transfer-report.js';

type Run = (fn: () => Promise<number>) => void;
const out = (text = '') => process.stdout.write(`${text}\n`);

interface InstallOptions { to: string; package?: string; remote?: boolean; name?: string; set?: string[]; force?: boolean; registry?: string; runtimeCheck: boolean; json?: boolean }

/** The registry a record came from: the configured one (with its token) when it is that one. */
const registryFor = (env: NodeJS.ProcessEnv, flag?: string) => {
  const configured = openRegistry(env, flag);
  return (url: string) => (url === configured.url ? configured : new RegistryClient({ url }));
};

export function registerInstall(program: Command, inv: Invocation, run: Run): void {
  const where = whereFrom({ env: inv.env, cwd: inv.cwd });
  program
    .command('install <server>')
    .description("install a registry server (name[@version]) into a client's file, its version pinned: mcpdeck's catalog, Claude Code, VS Code, Cursor, Gemini CLI, Codex, …")
    .option('--to <target>', `where to write (default mcpdeck): ${targetNames(where).join(', ')}`, 'mcpdeck')
    .option('--package <kind>', 'which package to run: npm, pypi, oci, nuget (default: the first mcpdeck can run)')
    .option('--remote', 'use its remote server (HTTP) instead of a package')
    .option('--name <name>', 'the entry name in that file (default: the last part of the registry name)')
    .option('--set <KEY=value>', 'a value it needs (repeatable); keys as `mcpdeck show` lists them. Secrets are never written: each client asks for or reads them', collect)
    .option('--force', 'replace an entry of the same name')
    .option('--no-runtime-check', 'write it even when its runtime (npx, uvx, docker, dnx) is not on PATH here')
    .option('--registry <url>', 'the registry to read')
    .option('--json', 'print what was done as JSON')
    .action((spec: string, o: InstallOptions) =>
      run(() => registryErrors(async () => {
        if (o.remote && o.package) throw new UserError('--remote and --package choose the same thing: give one');
        const { name, version } = nameAndVersion(spec);
        const workspace = new Workspace(inv.env, inv.cwd);
        const catalog = workspace.catalog;
        const target = installTarget(o.to, where, catalog.path);
        const registry = openRegistry(inv.env, o.registry);
        const { server } = await registry.server(name, version);
        const choice = pickChoice(server, o.remote ? 'remote' : o.package);
        // mcpdeck's own files keep secrets in its secret store, so it asks for them now; other clients ask or read them themselves.
        const answers = await askAnswers(questionsFor(server, choice), o.set, { asksSecrets: target.format.id === 'mcpdeck' });
        const plan = planLaunch(server, choice, answers, target.style);
        const missing = o.runtimeCheck ? missingRuntime(plan.runtime, inv.env) : undefined;
        if (missing) throw new UserError(`${missing}; nothing was written (--no-runtime-check writes it anyway)`);
        const secretAnswers = Object.fromEntries(plan.inputs.flatMap((i) => (answers[i.key] ? [[i.id, answers[i.key]!]] : [])));
        const result = await installServer({ server, choice, plan, target, name: o.name, force: o.force, registry: registry.url, secretAnswers, secrets: () => workspace.secrets(), env: inv.env });
        printTransfer(result, target.label, Boolean(o.json));
        if (!o.json && [...result.added, ...result.replaced].includes(result.name)) {
          if (plan.envRefs.length) out(`${result.name} reads ${plan.envRefs.join(', ')} from the environment ${target.format.name} starts in: set ${plan.envRefs.length > 1 ? 'them' : 'it'} there (the value is not in the file)`);
          if (plan.inputs.length && target.format.id !== 'mcpdeck') out(`${target.format.name} asks for ${plan.inputs.map((i) => i.id).join(', ')} when it first starts ${result.name}`);
          if (target.file.scope !== 'user') out(`${result.name} is in a project's file: mcpdeck runs it once you approve it (A in the deck, or mcpdeck approve ${result.name})`);
        }
        return result.skipped.some((s) => s.name === result.name) ? Exit.badInput : Exit.ok;
      })),
    );
  program
    .command('outdated')
    .description('servers installed from a registry that have a newer version, or that the registry deprecated or deleted')
    .option('--registry <url>', 'the registry whose token to use (each server is checked in the registry it came from)')
    .option('--json', 'print every installed server as JSON')
    .action((o: { registry?: string; json?: boolean }) =>
      run(() => registryErrors(async () => {
        const checks = await checkInstalls(inv.env, registryFor(inv.env, o.registry));
        if (o.json) {
          out(terminalJson(checks.map((c) => ({ name: c.record.name, server: c.record.server, installed: c.record.version, latest: c.latest, newer: c.newer, status: c.status, installedStatus: c.installedStatus, target: c.record.target, file: c.record.path, error: c.error }))));
          return Exit.ok;
        }
        if (!checks.length) out('no servers installed from a registry (mcpdeck install <server>)');
        for (const c of checks) {
          const flag = c.error ? `could not check: ${sanitizeLine(c.error)}`
            : c.status === 'deleted' ? 'deleted from the registry'
            : [c.newer ? `${sanitizeLine(c.latest!)} available` : 'up to date', ...(c.status !== 'active' ? [sanitizeLine(c.status ?? '')] : []), ...(c.installedStatus ? [`${sanitizeLine(c.record.version)} is ${sanitizeLine(c.installedStatus)}`] : [])].join(', ');
          out(`${sanitizeLine(c.record.name)}  ${sanitizeLine(c.record.version)}  ${flag}  (${c.record.target}: ${sanitizeLine(c.record.path)})`);
        }
        return Exit.ok;
      })),
    );
  program
    .command('update [name]')
    .description('rewrite the version pin of a server installed from a registry to its latest version (by entry or registry name; --all for every one)')
    .option('--all', 'every installed server with a newer version')
    .option('--to <target>', 'only where it was installed into this target')
    .option('--registry <url>', 'the registry whose token to use')
    .action((name: string | undefined, o: { all?: boolean; to?: string; registry?: string }) =>
      run(() => registryErrors(async () => {
        if (!name && !o.all) throw new UserError('say which server to update (mcpdeck update <name>), or --all');
        const records = readInstalls(inv.env).filter((r) => (o.all || r.name === name || r.server === name) && (!o.to || r.target === o.to));
        if (!records.length) throw new UserError(`${name ? `"${sanitizeLine(name)}" was not installed from a registry` : 'nothing was installed from a registry'}${o.to ? ` into ${o.to}` : ''}; mcpdeck outdated lists what was`);
        const lookup = registryFor(inv.env, o.registry);
        const checks = await checkInstalls(inv.env, lookup, records);
        let updated = 0;
        for (const check of checks) {
          const { record } = check;
          if (check.error) throw new UserError(`${record.name}: ${check.error}`, Exit.connection);
          if (check.status === 'deleted') out(`${record.name}: ${record.server} was deleted from the registry; left as it is`);
          if (!check.newer) continue;
          const result = await updateInstall(inv.env, record, await lookup(record.registry).server(record.server));
          updated++;
          out(`${record.name}: ${sanitizeLine(result.from)} → ${sanitizeLine(result.to)} in ${sanitizeLine(record.path)}${check.status === 'deprecated' ? ' (the registry marks it deprecated)' : ''}`);
          if (result.project) out(`  a project's file: mcpdeck asks for approval again before it runs it (A in the deck, or mcpdeck approve ${record.name})`);
        }
        if (!updated) out(`${name ?? 'every server'} is up to date`);
        return Exit.ok;
      })),
    );
}
