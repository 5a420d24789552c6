import type { Command } from 'commander';
import { RegistryError } from '../../core/mcp-registry/client.js';
import { commandLineOf } from '../../core/mcp-registry/desk.js';
import { choicesOf, choiceKind, PlanError, questionsFor } from '../../core/mcp-registry/launch.js';
import { packageLabel, type RegistryEntry } from '../../core/mcp-registry/server-json.js';
import { openRegistry } from '../../core/mcp-registry/settings.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { truncate } from '../../util/text.js';
import { Exit, UserError } from '../exit-codes.js';
import type { Invocation } from '../target.js';

type Run = (fn: () => Promise<number>) => void;

/** Registry and plan errors are the person's to act on: said without a stack trace. */
export async function registryErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof RegistryError) throw new UserError(error.message, error.status === 401 || error.status === 403 ? Exit.needsAuth : Exit.connection);
    if (error instanceof PlanError) throw new UserError(error.message, Exit.badInput);
    if (error instanceof Error && /^the (settings file|registry URL)/.test(error.message)) throw new UserError(error.message, Exit.badInput);
    throw error;
  }
}

/** `name@version` into its parts (a name never holds `@`). */
export function nameAndVersion(spec: string): { name: string; version?: string } {
  const at = spec.indexOf('@');
  return at < 0 ? { name: spec } : { name: spec.slice(0, at), version: spec.slice(at + 1) || undefined };
}

const kinds = (entry: RegistryEntry) => [...new Set([...entry.server.packages.map((p) => p.registryType), ...(entry.server.remotes.length ? ['remote'] : [])])];
const line = (text: string, max: number) => truncate(sanitizeLine(text), max);
const out = (text = '') => process.stdout.write(`${text}\n`);

/** What `--json` prints of an entry: its fields as read (bounded), text left for the reader to sanitize. */
const entryJson = (entry: RegistryEntry) => ({ ...entry.server, status: entry.official?.status ?? 'active', publishedAt: entry.official?.publishedAt, kinds: kinds(entry) });

function printPage(entries: RegistryEntry[]): void {
  const width = process.stdout.columns ?? 100;
  const nameWidth = Math.min(48, Math.max(4, ...entries.map((e) => sanitizeLine(e.server.name).length)));
  for (const entry of entries) {
    const { server } = entry;
    const status = entry.official?.status && entry.official.status !== 'active' ? ` [${line(entry.official.status, 12)}]` : '';
    const head = `${line(server.name, nameWidth).padEnd(nameWidth)}  ${line(server.version, 16).padEnd(10)}  ${kinds(entry).map((k) => line(k, 10)).join(' ').padEnd(16)}${status}`;
    out(head);
    const about = server.title ? `${server.title}: ${server.description}` : server.description;
    if (about) out(`  ${line(about, Math.max(20, width - 4))}`);
  }
}

function printServer(entry: RegistryEntry, versions: RegistryEntry[]): void {
  const { server, official } = entry;
  out(`${line(server.name, 200)} ${line(server.version, 64)}${server.title ? ` — ${line(server.title, 100)}` : ''}`);
  if (official) out(`  status: ${line(official.status, 16)}${official.publishedAt ? `, published ${line(official.publishedAt, 40)}` : ''}${official.isLatest ? ' (latest)' : ''}`);
  if (server.description) out(`  ${line(server.description, 2_000)}`);
  if (server.repository) out(`  repository: ${line(server.repository.url, 300)}`);
  if (server.websiteUrl) out(`  website: ${line(server.websiteUrl, 300)}`);
  if (versions.length) out(`  versions: ${versions.slice(0, 20).map((v) => `${line(v.server.version, 32)}${v.official?.status && v.official.status !== 'active' ? ` (${line(v.official.status, 12)})` : ''}`).join(', ')}${versions.length > 20 ? `, … ${versions.length - 20} more` : ''}`);
  for (const choice of choicesOf(server)) {
    const kind = choiceKind(server, choice);
    const what = choice.kind === 'remote'
      ? `remote (${line(server.remotes[choice.index]!.type, 20)})`
      : `${packageLabel(kind)} ${line(server.packages[choice.index]!.identifier, 200)}${server.packages[choice.index]!.version ? ` ${line(server.packages[choice.index]!.version!, 64)}` : ''}`;
    out(`\n  ${what}  (--${choice.kind === 'remote' ? 'remote' : `package ${line(kind, 10)}`})`);
    for (const q of questionsFor(server, choice)) {
      const tags = [q.required ? 'required' : 'optional', ...(q.secret ? ['secret'] : []), ...(q.format && q.format !== 'string' ? [q.format] : []), ...(q.default !== undefined ? [`default ${line(q.default, 60)}`] : [])];
      out(`    ${line(q.key, 80)}  ${tags.join(', ')}${q.description ? `  ${line(q.description, 160)}` : ''}`);
    }
    const run = commandLineOf(server, choice);
    out('error' in run ? `    cannot run: ${line(run.error, 300)}` : `    runs: ${line(run.line, 4_000)}`);
  }
}

export function registerRegistry(program: Command, inv: Invocation, run: Run): void {
  program
    .command('search [words...]')
    .description('find servers in the MCP Registry (the official one, or the `registry` setting / --registry): name, version, kinds, description')
    .option('--registry <url>', 'the registry to read (default: the `registry` setting, else the official registry)')
    .option('--limit <n>', 'servers per page (default 20)', (v) => Number.parseInt(v, 10))
    .option('--cursor <cursor>', 'the page to start at (printed under a page that has more)')
    .option('--json', 'print the page as JSON ({ servers, nextCursor })')
    .action((words: string[], o: { registry?: string; limit?: number; cursor?: string; json?: boolean }) =>
      run(() => registryErrors(async () => {
        if (o.limit !== undefined && !(o.limit > 0 && o.limit <= 100)) throw new UserError('--limit takes a number from 1 to 100');
        const registry = openRegistry(inv.env, o.registry);
        const page = await registry.search(words.join(' '), { cursor: o.cursor, limit: o.limit ?? 20 });
        if (o.json) {
          out(terminalJson({ servers: page.entries.map(entryJson), ...(page.nextCursor && { nextCursor: page.nextCursor }) }));
          return Exit.ok;
        }
        if (!page.entries.length) out(`no servers${words.length ? ` named like "${line(words.join(' '), 80)}"` : ''} in ${registry.url}`);
        printPage(page.entries);
        if (page.unreadable) out(`(${page.unreadable} more the registry sent could not be read as servers)`);
        if (page.nextCursor) out(`\nmore: mcpdeck search ${words.map((w) => line(w, 80)).join(' ')} --cursor ${line(page.nextCursor, 200)}`);
        return Exit.ok;
      })),
    );
  program
    .command('show <server>')
    .description("one registry server (name[@version]): its versions, packages, remotes, each value it needs, and the command line mcpdeck would run")
    .option('--registry <url>', 'the registry to read')
    .option('--json', 'print the server and its versions as JSON')
    .action((spec: string, o: { registry?: string; json?: boolean }) =>
      run(() => registryErrors(async () => {
        const { name, version } = nameAndVersion(spec);
        const registry = openRegistry(inv.env, o.registry);
        const [entry, versions] = await Promise.all([registry.server(name, version), registry.versions(name)]);
        if (o.json) {
          out(terminalJson({ ...entryJson(entry), versions: versions.map((v) => ({ version: v.server.version, status: v.official?.status ?? 'active', publishedAt: v.official?.publishedAt })) }));
          return Exit.ok;
        }
        printServer(entry, versions);
        return Exit.ok;
      })),
    );
}
