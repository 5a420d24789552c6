import { shellQuote } from '../calls/command-line.js';
import { whereFrom } from '../config/sources/where.js';
import type { SecretStore } from '../secrets/store.js';
import type { RegistryClient, RegistryPage } from './client.js';
import { readInstalls, isNewer, type InstallRecord } from './installed.js';
import { choicesOf, choiceKind, PlanError, planLaunch, questionsFor, type Question, type RegistryChoice } from './launch.js';
import { missingRuntime } from './runtime.js';
import { packageLabel, type RegistryEntry, type RegistryServer } from './server-json.js';
import { openRegistry } from './settings.js';
import { tryEntry } from './try.js';

export interface RegistryDeskOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The user catalog's file (installs into mcpdeck go there). */
  catalogPath?: string;
  secrets: () => Promise<SecretStore>;
  /** Adds a server to the running deck for this session only, connects it, and gives its name there. */
  tryServer: (name: string, entry: Record<string, unknown>, label: string) => Promise<string>;
  /** `--registry` given to the deck. */
  registry?: string;
}

/** One way to run a server, as a list shows it. */
export interface ChoiceView {
  choice: RegistryChoice;
  kind: string;
  /** `npm @scope/pkg@1.2.3`, `remote streamable-http https://…`. */
  label: string;
}

/** A newer version or a warning for a server installed from a registry (the dashboard's mark). */
export interface InstallMark {
  /** The version installed, and the registry's latest. */
  installed: string;
  latest: string;
  newer: boolean;
  /** The registry's status of the server (its latest version): `active`, `deprecated`, `deleted`. */
  status: string;
  /** The installed version's own status, when it is not active. */
  installedStatus?: string;
}

/**
 * The MCP Registry for the deck: search, a server's versions and packages, trying one in
 * the running deck (never written anywhere) and installing it into any client's file.
 */
export class RegistryDesk {
  private readonly listeners = new Set<() => void>();
  private marks = new Map<string, InstallMark>();

  constructor(private readonly options: RegistryDeskOptions) {}

  /** The registry read (settings are read each time: a changed setting takes effect at once). */
  client(): RegistryClient {
    return openRegistry(this.options.env, this.options.registry);
  }

  // Async, so a broken settings file rejects as the registry's own errors do.
  search = async (words: string, cursor?: string): Promise<RegistryPage> => this.client().search(words, { cursor });
  versions = async (name: string): Promise<RegistryEntry[]> => this.client().versions(name);
  server = async (name: string, version?: string): Promise<RegistryEntry> => this.client().server(name, version);

  choices(server: RegistryServer): ChoiceView[] {
    return choicesOf(server).map((choice) => {
      const kind = choiceKind(server, choice);
      if (choice.kind === 'remote') {
        const remote = server.remotes[choice.index]!;
        return { choice, kind, label: `remote ${remote.type} ${remote.url}` };
      }
      const pkg = server.packages[choice.index]!;
      return { choice, kind, label: `${packageLabel(pkg.registryType)} ${pkg.identifier}${pkg.version && pkg.registryType !== 'oci' ? `@${pkg.version}` : ''}` };
    });
  }

  questions = (server: RegistryServer, choice: RegistryChoice): Question[] => questionsFor(server, choice);

  /** The exact command line (or URL) mcpdeck would run, values not given yet as `<name>`; or why it cannot run. */
  commandLine(server: RegistryServer, choice: RegistryChoice): { line: string } | { error: string } {
    return commandLineOf(server, choice);
  }

  /** Tries one way of running the server in this deck (sandboxed where it can be): its name there. */
  async try(server: RegistryServer, choice: RegistryChoice, answers: Record<string, string>): Promise<string> {
    const entry = tryEntry(server, choice, answers);
    this.needsRuntime(entry.command);
    return this.options.tryServer(`try-${server.name.split('/').pop()!}`, entry, `tried from the registry: ${server.name} ${server.version}`);
  }

  /** Where `i` can install (`--to` names), with the file each means. */
  async targets(): Promise<{ name: string; label: string }[]> {
    const { targetNames, installTarget } = await import('./install.js');
    const where = whereFrom({ env: this.options.env, cwd: this.options.cwd });
    const catalog = this.options.catalogPath ?? '';
    return targetNames(where).filter((n) => catalog || !n.startsWith('mcpdeck')).map((name) => ({ name, label: installTarget(name, where, catalog).label }));
  }

  /** Installs into a target's file; secret answers for mcpdeck's own files go to its secret store. */
  async install(server: RegistryServer, choice: RegistryChoice, answers: Record<string, string>, to: string, { name, force = false }: { name?: string; force?: boolean } = {}) {
    const { installServer, installTarget } = await import('./install.js');
    const target = installTarget(to, whereFrom({ env: this.options.env, cwd: this.options.cwd }), this.options.catalogPath ?? '');
    const plan = planLaunch(server, choice, answers, target.style);
    this.needsRuntime(plan.runtime);
    const secretAnswers = Object.fromEntries(plan.inputs.flatMap((i) => (answers[i.key] ? [[i.id, answers[i.key]!]] : [])));
    const result = await installServer({ server, choice, plan, target, name, force, registry: this.client().url, secretAnswers, secrets: this.options.secrets, env: this.options.env });
    return { ...result, target: target.label, envRefs: plan.envRefs };
  }

  /** Refuses, saying where to get it, when the runtime a package runs with is not on PATH (the CLI's --no-runtime-check writes it anyway). */
  private needsRuntime(program: unknown): void {
    const missing = typeof program === 'string' ? missingRuntime(program, this.options.env) : undefined;
    if (missing) throw new PlanError(`${missing}; nothing was written or started`);
  }

  /** Marks for installed servers, by file and entry name (what the registry said when last asked). */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getMarks = (): ReadonlyMap<string, InstallMark> => this.marks;
  static markKey = (path: string, name: string) => `${path}\0${name}`;

  /** Reads the install records (marks from the last check at once), then asks the registries again in the background. */
  async refreshMarks(): Promise<void> {
    const records = readInstalls(this.options.env);
    if (!records.length) return;
    this.setMarks(records);
    const { checkInstalls } = await import('./updates.js');
    const { RegistryClient } = await import('./client.js');
    const settings = openRegistry(this.options.env, this.options.registry);
    const checks = await checkInstalls(this.options.env, (url) => (url === settings.url ? settings : new RegistryClient({ url })), records);
    // checkInstalls kept what it learnt in the records: read them back.
    if (checks.length) this.setMarks(readInstalls(this.options.env));
  }

  private setMarks(records: InstallRecord[]): void {
    this.marks = new Map(records.flatMap((r) => {
      if (!r.latest) return [];
      const { version, status, installedStatus } = r.latest;
      return [[RegistryDesk.markKey(r.path, r.name), { installed: r.version, latest: version, newer: isNewer(version, r.version), status, ...(installedStatus && { installedStatus }) }] as const];
    }));
    for (const listener of this.listeners) listener();
  }
}

/** A plan's command line for reading: defaults as they would run, every other value not given yet as `<its label>`. */
export function commandLineOf(server: RegistryServer, choice: RegistryChoice): { line: string } | { error: string } {
  const questions = questionsFor(server, choice);
  const placeholder = (q: Question) => (q.key.startsWith('url:') ? `{${q.key.slice(4)}}` : `<${q.label}>`);
  try {
    return { line: lineOf(server, choice, Object.fromEntries(questions.filter((q) => q.default === undefined).map((q) => [q.key, placeholder(q)]))) };
  } catch {
    // A default mcpdeck would refuse (one that reads the environment) is shown as a value still to give.
    try {
      return { line: lineOf(server, choice, Object.fromEntries(questions.map((q) => [q.key, placeholder(q)]))) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }
}

function lineOf(server: RegistryServer, choice: RegistryChoice, answers: Record<string, string>): string {
  const { entry } = planLaunch(server, choice, answers, 'value');
  if (typeof entry.url === 'string') {
    const headers = Object.entries((entry.headers ?? {}) as Record<string, string>).map(([k, v]) => ` -H ${shellQuote(`${k}: ${v}`)}`).join('');
    return `${entry.type} ${entry.url}${headers}`;
  }
  const env = Object.entries((entry.env ?? {}) as Record<string, string>).map(([k, v]) => `${k}=${shellQuote(v)} `).join('');
  return env + [entry.command as string, ...(entry.args as string[])].map(shellQuote).join(' ');
}
