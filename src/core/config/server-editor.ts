import { resolve } from 'node:path';
import { PROJECT_FILE } from './load.js';
import { MASK, redactEntry } from './redact.js';
import { TYPE_ALIASES } from './schema.js';
import { nameProblem } from './server-entry.js';
import { splitCommandLine, splitNotice } from './command-words.js';
import { whereIs, writeServer } from './workspace.js';
import { clientName } from './sources/registry.js';
import type { ServerDefinition } from './types.js';
import type { UserCatalog } from './user-catalog.js';
import type { WritableScope } from './write.js';
import { ConfigWriteError } from './write-error.js';
import { isRecord } from '../../util/is-record.js';
import { pairs } from '../../util/pairs.js';

/** Where a new server can go: mcpdeck's own scopes (`mcpdeck add --scope`), and the `--config` files named. */
export interface NewServerScope {
  /** `user`, `project`, or `file:<path>`. */
  id: string;
  /** As the form names it: "user: the user catalog (~/.config/mcpdeck/servers.json)". */
  label: string;
}
/** `auto`: a URL without a `type`, as `mcpdeck add <name> <url>` writes it (Streamable HTTP, falling back to SSE). */
type EditableTransport = 'stdio' | 'auto' | 'http' | 'sse';

/** A server as the deck's form holds it. */
export interface ServerFields {
  name: string;
  transport: EditableTransport;
  command?: string;
  args?: string[];
  /** `KEY=value` lines. */
  env?: string[];
  url?: string;
  /** `Name: value` lines. */
  headers?: string[];
  /** Where a new server goes (a scope's id); an edited one stays where it is. */
  scope?: string;
}

/** A configured server that can be edited here: its fields, its entry as written, and the file it goes back to. */
export interface Editable {
  name: string;
  fields: ServerFields;
  raw: Record<string, unknown>;
  /** Env and header lines shown with their secret masked, and the lines they stand for: an untouched one is written back as it was. */
  hidden: Record<string, string>;
  target: WritableScope;
  where: string;
}

interface ServerEditorOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  userCatalog?: UserCatalog;
  /** `--config` files, read above everything else; with `strict`, the only files read. */
  configFiles?: string[];
  strict?: boolean;
  /** The deck runs servers given on the command line: it reads no files, so it adds none either. */
  adhoc?: boolean;
  /** Reads the configuration again after a write (the running deck shows the change at once). */
  reload: () => Promise<unknown>;
}

/** The entry's transport fields: the form sets them, every other field of an edited entry is kept. */
const TRANSPORT_KEYS = ['type', 'command', 'args', 'env', 'url', 'headers'];

/** Adds and edits servers in mcpdeck's own files, through the same writer and checks as `mcpdeck add`. */
export class ServerEditor {
  constructor(private readonly options: ServerEditorOptions) {}

  /** Where a new server can go: the user catalog (when this deck has one), the project's .mcp.json (unless --strict), each --config file. */
  scopes(): NewServerScope[] {
    return [...this.targets()].map(([id, target]) => ({ id, label: `${id.startsWith('file:') ? 'file' : id}: ${this.where(target)}` }));
  }

  where(target: WritableScope): string {
    return whereIs(target);
  }

  private targets(): Map<string, WritableScope> {
    const { userCatalog, cwd, adhoc, strict, configFiles = [] } = this.options;
    const targets = new Map<string, WritableScope>();
    if (adhoc) return targets;
    if (userCatalog) targets.set('user', { kind: 'user', catalog: userCatalog });
    if (!strict) targets.set('project', { kind: 'file', path: resolve(cwd, PROJECT_FILE) });
    for (const file of configFiles) targets.set(`file:${resolve(cwd, file)}`, { kind: 'file', path: resolve(cwd, file) });
    return targets;
  }

  /** A configured server as the form's fields, or why it cannot be edited here. */
  editable(def: ServerDefinition): Editable | { readOnly: string } {
    const { name, source, raw } = def;
    if (source.kind === 'client') {
      return { readOnly: `${name} comes from ${clientName(source.client!)}'s file ${source.path}, which is read-only here: edit that file, or copy the server to your own with \`mcpdeck import --from ${source.client} --only ${name}\`` };
    }
    if (source.kind === 'demo' || source.kind === 'adhoc') return { readOnly: `${name} is ${source.kind === 'demo' ? 'the built-in demo' : 'given on the command line'}: there is no file to edit` };
    const target: WritableScope | undefined = source.kind === 'user'
      ? this.options.userCatalog && { kind: 'user', catalog: this.options.userCatalog }
      : source.path ? { kind: 'file', path: source.path } : undefined;
    if (!target) return { readOnly: `${name} comes from ${source.label}, which cannot be written here` };
    // Env values and credential headers are shown masked, as everywhere in the deck.
    const shown = redactEntry(raw);
    const fields = fieldsOf(name, { ...raw, env: shown.env, headers: shown.headers });
    const hidden = Object.fromEntries([
      ...zip(lines(shown.env, '='), lines(raw.env, '=')),
      ...zip(lines(shown.headers, ': '), lines(raw.headers, ': ')),
    ].filter(([a, b]) => a !== b));
    if (!fields) return { readOnly: `${name} is not a stdio, HTTP or SSE server (an in-process module, or an entry with errors): edit it in ${source.path ?? source.label}` };
    return { name, fields, raw, hidden, target, where: this.where(target) };
  }

  /**
   * A stdio server's whole command line typed as its command (no arguments), split into
   * command and arguments as a shell would (`splitCommandLine`), with what to tell the
   * person; undefined when nothing splits. Throws when the line needs a shell.
   */
  splitCommand(fields: ServerFields): { fields: ServerFields; notice: string } | undefined {
    if (fields.transport !== 'stdio' || !fields.command) return undefined;
    let words: string[] | undefined;
    try {
      words = splitCommandLine(fields.command, (fields.args ?? []).filter((a) => a !== ''), this.options.cwd, this.options.env);
    } catch (error) {
      throw new ConfigWriteError((error as Error).message);
    }
    return words && { fields: { ...fields, command: words[0], args: words.slice(1) }, notice: splitNotice(words) };
  }

  /**
   * Writes a new server (or an edited one back where it was, renamed if its name
   * changed), then reads the configuration again. Throws with what to fix; nothing is
   * written then.
   */
  async save(given: ServerFields, editing?: Editable): Promise<string> {
    const fields = editing ? unmask(given, editing.hidden) : given;
    const name = fields.name.trim();
    const problems = [nameProblem(name), ...(editing ? partlyEdited(fields, editing) : []), ...transportProblems(fields)].filter((p): p is string => Boolean(p));
    if (problems.length) throw new ConfigWriteError(problems.join('\n'));
    let entry: Record<string, unknown>;
    try {
      entry = { ...keptFields(editing, fields.transport), ...transportFields(fields) };
    } catch (error) {
      throw new ConfigWriteError((error as Error).message);
    }
    const target = editing?.target ?? this.targets().get(fields.scope ?? this.scopes()[0]?.id ?? '');
    if (!target) throw new ConfigWriteError(`there is nowhere to write "${fields.scope ?? ''}" here: choose one of ${this.scopes().map((s) => s.id).join(', ') || '(none: servers given on the command line)'}`);
    const { where } = await writeServer(target, { name, entry, renaming: editing?.name, taken: `: pick another name${editing ? '' : ', or edit that one (E)'}` }, this.options);
    await this.options.reload();
    return `${editing ? 'saved' : 'added'} ${name} ${editing ? 'in' : 'to'} ${where}`;
  }

}

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);
const lines = (value: unknown, separator: string) => (isRecord(value) ? Object.entries(value).map(([k, v]) => `${k}${separator}${String(v)}`) : undefined);

function fieldsOf(name: string, raw: Record<string, unknown>): ServerFields | undefined {
  const type = typeof raw.type === 'string' ? TYPE_ALIASES[raw.type] : typeof raw.command === 'string' ? 'stdio' : typeof raw.url === 'string' ? 'auto' : undefined;
  if (type === 'stdio') return { name, transport: type, command: String(raw.command ?? ''), args: strings(raw.args), env: lines(raw.env, '=') };
  if (type === 'auto' || type === 'http' || type === 'sse') return { name, transport: type, url: String(raw.url ?? ''), headers: lines(raw.headers, ': ') };
  return undefined;
}

const zip = (a: string[] = [], b: string[] = []) => a.map((x, i) => [x, b[i] ?? x] as const);

/** Masked lines left as shown go back to what they stood for. */
function unmask(fields: ServerFields, hidden: Record<string, string>): ServerFields {
  const back = (values?: string[]) => values?.map((v) => hidden[v] ?? v);
  return { ...fields, env: back(fields.env), headers: back(fields.headers) };
}

/**
 * A masked value edited in part (a bullet deleted, a letter typed after them) would write
 * the bullets themselves: refused, naming the key, unless the line is one of the entry's own.
 */
function partlyEdited(fields: ServerFields, editing: Editable): string[] {
  const own = new Set([...(lines(editing.raw.env, '=') ?? []), ...(lines(editing.raw.headers, ': ') ?? [])]);
  const bullet = MASK[0]!;
  const keyed = (values: string[] | undefined, separator: string) => (values ?? []).map((line) => {
    const at = line.indexOf(separator);
    return { line, key: (at < 0 ? line : line.slice(0, at)).trim(), value: at < 0 ? '' : line.slice(at + 1) };
  });
  return [...keyed(fields.env, '='), ...keyed(fields.headers, ':')]
    .filter(({ line, value }) => value.includes(bullet) && !value.includes(MASK) && !own.has(line))
    .map(({ key }) => `${key}: type the whole new value; a hidden value cannot be edited in part`);
}

function transportProblems(fields: ServerFields): string[] {
  const masked = [...(fields.env ?? []), ...(fields.headers ?? [])].find((l) => l.includes(MASK));
  if (masked) return [`"${masked}" still holds a hidden value (${MASK}): type the value itself`];
  if (fields.transport === 'stdio') return fields.command?.trim() ? [] : ['a stdio server needs a command to run (the program; its arguments go under Arguments)'];
  return fields.url?.trim() ? [] : [`${{ auto: 'a remote', http: 'an HTTP', sse: 'an SSE' }[fields.transport]} server needs a URL`];
}

function transportFields(fields: ServerFields): Record<string, unknown> {
  const some = (map: Record<string, string>) => (Object.keys(map).length ? map : undefined);
  if (fields.transport === 'stdio') {
    // An item added and left empty is dropped (an empty argument can be written in the file itself).
    const args = (fields.args ?? []).filter((a) => a !== '');
    return { command: fields.command!.trim(), ...(args.length && { args }), ...strip({ env: some(pairs(nonEmpty(fields.env), '=', 'environment variable')) }) };
  }
  const type = fields.transport === 'auto' ? undefined : fields.transport;
  return { ...strip({ type }), url: fields.url!.trim(), ...strip({ headers: some(pairs(nonEmpty(fields.headers), ':', 'header')) }) };
}

/** Every field of the entry being edited that the form does not show (timeouts, roots, tool filters, ...); `cwd` only for a command. */
function keptFields(editing: Editable | undefined, transport: EditableTransport): Record<string, unknown> {
  const dropped = transport === 'stdio' ? TRANSPORT_KEYS : [...TRANSPORT_KEYS, 'cwd'];
  return Object.fromEntries(Object.entries(editing?.raw ?? {}).filter(([k]) => !dropped.includes(k)));
}

const nonEmpty = (values: string[] | undefined) => (values ?? []).filter((v) => v.trim() !== '');
const strip = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
