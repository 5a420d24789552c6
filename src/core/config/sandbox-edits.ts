import { basename } from 'node:path';
import { normalizeEntry } from './normalize.js';
import type { ServerEditor } from './server-editor.js';
import type { ServerDefinition } from './types.js';
import type { UserCatalog } from './user-catalog.js';
import { whereIs, writeServer } from './workspace.js';
import { ConfigWriteError } from './write-error.js';
import { allowable, widenedSandbox } from '../sandbox/allow.js';
import type { Denial } from '../sandbox/denials.js';
import { sandboxWords } from './what-runs.js';

export interface SandboxEditsOptions {
  editor: ServerEditor;
  /** Where a server tried with `mcpdeck try` is added (`a`). */
  userCatalog?: UserCatalog;
  /** The ad hoc servers of this deck: allowing changes them for this run only. */
  adhoc?: ServerDefinition[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  definition: (name: string) => ServerDefinition | undefined;
  denials: (name: string) => readonly Denial[];
  reload: () => Promise<unknown>;
}

/**
 * Changes to what a sandboxed server may do, from what it was denied: one host or path
 * allowed in its entry (which a project's file then asks approval for again, its launch
 * plan having changed), or a tried server added to the user catalog with every
 * permission it turned out to need.
 */
export class SandboxEdits {
  constructor(private readonly options: SandboxEditsOptions) {}

  /** Allows one denial (a host, a path) for a server; says what was written where. */
  async allow(name: string, denial: Pick<Denial, 'kind' | 'target'>): Promise<string> {
    const def = this.sandboxed(name);
    const settings = def.config.sandbox;
    let sandbox;
    try {
      sandbox = widenedSandbox(def.raw.sandbox, [denial], settings);
    } catch (error) {
      throw new ConfigWriteError((error as Error).message);
    }
    const what = denial.kind === 'network' ? denial.target.replace(/:\d+$/, '') : denial.target;
    const adhoc = this.options.adhoc;
    if (def.source.kind === 'adhoc' && adhoc) {
      const at = adhoc.findIndex((d) => d.name === name);
      adhoc[at] = normalizeEntry(name, { ...def.raw, sandbox }, def.source, this.options.env);
      await this.options.reload();
      return `allowed ${what} for ${name} in this run (a adds it to your catalog)`;
    }
    const editable = this.options.editor.editable(def);
    if ('readOnly' in editable) throw new ConfigWriteError(editable.readOnly);
    const { updateScope } = await import('./write.js');
    await updateScope(editable.target, (current) => {
      if (!(name in current)) throw new ConfigWriteError(`"${name}" is no longer in ${whereIs(editable.target)}`);
      return { changes: [{ path: [name, 'sandbox'], value: sandbox }], result: undefined };
    });
    await this.options.reload();
    return `allowed ${what} for ${name} in ${editable.where}${def.approval ? '; its launch plan changed, so it waits for your approval again (A)' : ''}`;
  }

  /** Whether tried servers can be added here (`mcpdeck try` gives its deck the user catalog). */
  get canKeep(): boolean {
    return Boolean(this.options.userCatalog && this.options.adhoc?.length);
  }

  /** Adds a server tried with `mcpdeck try` to the user catalog, sandboxed with what it was denied (but never a secret place). */
  async keep(name: string): Promise<string> {
    const def = this.options.definition(name);
    const catalog = this.options.userCatalog;
    if (!def || def.source.kind !== 'adhoc') throw new ConfigWriteError(`${name} is already in a configuration file`);
    if (!catalog) throw new ConfigWriteError('there is no user catalog to add it to here');
    const config = def.config;
    const settings = config?.type === 'stdio' ? config.sandbox : undefined;
    const sandbox = settings && widenedSandbox(def.raw.sandbox, allowable(this.options.denials(name), settings), settings);
    const taken = new Set(Object.keys(catalog.read()));
    const base = nameFor(def.raw);
    let kept = base;
    for (let n = 2; taken.has(kept); n++) kept = `${base}-${n}`;
    const entry = { ...def.raw, ...(sandbox && { sandbox }) };
    const { where } = await writeServer({ kind: 'user', catalog }, { name: kept, entry }, this.options);
    return `added ${kept} to ${where}${sandbox ? `, sandboxed: ${sandboxWords(sandbox)}` : ' (a remote server is not sandboxed)'}`;
  }

  private sandboxed(name: string) {
    const def = this.options.definition(name);
    const config = def?.config;
    if (!def || config?.type !== 'stdio' || !config.sandbox) throw new ConfigWriteError(`${name} is not sandboxed: there is nothing to allow`);
    return { ...def, config: { ...config, sandbox: config.sandbox } };
  }
}

const RUNNERS = new Set(['npx', 'uvx', 'node', 'bun', 'bunx', 'deno', 'python', 'python3', 'uv', 'pnpm', 'yarn', 'pipx', 'docker']);

/** A catalog name for a tried server: its package or script (`server-filesystem`), or its host. */
export function nameFor(raw: Record<string, unknown>): string {
  if (typeof raw.url === 'string') {
    try {
      return new URL(raw.url).hostname.replace(/^(www|mcp)\./, '').split('.')[0] || 'tried';
    } catch {
      return 'tried';
    }
  }
  const command = typeof raw.command === 'string' ? raw.command : 'tried';
  const args = Array.isArray(raw.args) ? raw.args.map(String) : [];
  const word = RUNNERS.has(basename(command)) ? (args.find((a) => !a.startsWith('-') && !['run', 'dlx', 'exec', 'x'].includes(a)) ?? command) : command;
  // `@scope/name@1.2.3` is `name`; `/path/server.mjs` is `server`.
  const name = basename(word.replace(/(.)@[^/@]*$/, '$1')).replace(/\.(m?[jt]s|cjs|py)$/, '');
  return name.replace(/[^A-Za-z0-9_-]/g, '-').replace(/^-+|-+$/g, '') || 'tried';
}
