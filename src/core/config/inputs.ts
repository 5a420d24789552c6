import type { ServerDefinition } from './types.js';
import { isRecord } from '../../util/is-record.js';

/** One entry of a VS Code `inputs` list: how to ask for a `${input:id}` value. */
export interface InputDefinition {
  id: string;
  description?: string;
  /** Typed with bullets (VS Code's `password`); every answer is kept as a secret anyway. */
  password: boolean;
  /** A `pickString` input's choices. */
  options?: string[];
  default?: string;
}

/** A `${input:id}` the winning servers need that has no answer yet. */
export interface InputRef extends InputDefinition {
  /** Where the answer is kept in the secret store. */
  account: string;
  /** The file that refers to it (an answer belongs to one file: two files may use one id differently). */
  file: string;
  servers: string[];
}

/** The secret-store account of an input's answer. */
export const inputAccount = (file: string, id: string) => `input:${file}:${id}`;

/** The `inputs` list of a file (VS Code's shape), by id; anything else in the file is ignored. */
export function inputDefinitions(document: unknown): Map<string, InputDefinition> {
  const out = new Map<string, InputDefinition>();
  const list = isRecord(document) && Array.isArray(document.inputs) ? document.inputs : [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.id !== 'string') continue;
    const options = Array.isArray(item.options) ? item.options.map((o) => (isRecord(o) ? o.value : o)).filter((o): o is string => typeof o === 'string') : undefined;
    out.set(item.id, {
      id: item.id,
      description: typeof item.description === 'string' ? item.description : undefined,
      password: item.password === true,
      ...(options?.length && { options }),
      ...(typeof item.default === 'string' && { default: item.default }),
    });
  }
  return out;
}

/** The unanswered inputs of these servers, one per file and id, with the servers that wait for each. */
export function missingInputs(servers: readonly ServerDefinition[], definitions: ReadonlyMap<string, ReadonlyMap<string, InputDefinition>>): InputRef[] {
  const refs = new Map<string, InputRef>();
  for (const server of servers) {
    const file = server.source.path ?? server.source.label;
    for (const id of server.missingInputs ?? []) {
      const account = inputAccount(file, id);
      const ref = refs.get(account) ?? { id, password: true, ...definitions.get(file)?.get(id), account, file, servers: [] };
      ref.servers.push(server.name);
      refs.set(account, ref);
    }
  }
  return [...refs.values()];
}
