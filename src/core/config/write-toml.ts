import { readFileSync } from 'node:fs';
import { parse, stringify } from 'smol-toml';
import { readDocument } from './sources/read.js';
import { locked } from './write.js';
import { replaceFile } from '../../util/replace-file.js';
import { ConfigWriteError } from './write-error.js';
import { isRecord } from '../../util/is-record.js';

/** Servers to write under a table (`mcp_servers`): an entry replaces or adds, undefined removes. */
export type TomlServers = Record<string, Record<string, unknown> | undefined>;

/**
 * Writes servers into a TOML file as `[table.<name>]` tables, under the file's lock.
 * Every other line stays as it was: a replaced server's tables are cut out and the new
 * ones appended. The result is parsed again and must equal the intended document, else
 * nothing is written (a server written inline, say, is left for the person to edit).
 */
export async function updateTomlServers<T>(path: string, table: string, plan: (current: Record<string, unknown>) => { servers: TomlServers; result: T }): Promise<T> {
  return locked(path, () => {
    const read = readDocument(path, 'toml');
    if (read.status === 'error') throw new ConfigWriteError(`${read.issue.message}; fix it before changing servers there`);
    const document = read.status === 'read' ? (read.document as Record<string, unknown>) : {};
    const current = document[table] ?? {};
    if (!isRecord(current)) throw new ConfigWriteError(`${path}: "${table}" is not a table; fix it before changing servers there`);
    const { servers, result } = plan(current);
    if (!Object.keys(servers).length) return result;
    let text = read.status === 'read' ? readFileSync(path, 'utf8') : '';
    const expected = structuredClone({ ...document, [table]: { ...current } }) as Record<string, Record<string, unknown>>;
    for (const [name, entry] of Object.entries(servers)) {
      if (name in current) text = cutTables(text, [table, name]);
      if (entry === undefined) delete expected[table]![name];
      else {
        expected[table]![name] = entry;
        text = `${text}${text && !text.endsWith('\n\n') ? (text.endsWith('\n') ? '\n' : '\n\n') : ''}${stringify({ [table]: { [name]: entry } })}`;
      }
    }
    let written: unknown;
    try {
      written = parse(text);
    } catch {
      written = undefined;
    }
    if (canonical(written) !== canonical(expected)) {
      throw new ConfigWriteError(`${path}: mcpdeck changes only servers written as [${table}.<name>] tables, and ${Object.keys(servers).join(', ')} could not be changed that way; edit the file yourself`);
    }
    replaceFile(path, text);
    return result;
  });
}

/** The file without the tables at or under `prefix` (their headers and the lines up to the next header). */
function cutTables(text: string, prefix: string[]): string {
  const lines = text.split(/(?<=\n)/);
  let cutting = false;
  return lines.filter((line) => {
    const header = /^\s*\[\[?([^\]]+)\]\]?\s*(#.*)?$/.exec(line.replace(/\r?\n$/, ''));
    if (header) cutting = startsWith(headerKeys(header[1]!), prefix);
    return !cutting;
  }).join('');
}

/** `a."b.c".d` as ['a', 'b.c', 'd']. */
function headerKeys(inside: string): string[] {
  const keys: string[] = [];
  for (const match of inside.matchAll(/\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(?:\.|$)/g)) {
    keys.push(match[1] !== undefined ? JSON.parse(`"${match[1]}"`) as string : (match[2] ?? match[3])!);
  }
  return keys;
}

const startsWith = (keys: string[], prefix: string[]) => prefix.every((k, i) => keys[i] === k);

/** JSON with sorted keys: TOML tables may come back in another order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (isRecord(v) && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}
