import { resolve } from 'node:path';
import { exportServers } from '../config/export-servers.js';
import type { TransferResult } from '../config/import-servers.js';
import { inputAccount } from '../config/inputs.js';
import { PROJECT_FILE } from '../config/load.js';
import { nameProblem } from '../config/server-entry.js';
import { CLIENTS } from '../config/sources/registry.js';
import type { ClientFile, ClientFormat, Where } from '../config/sources/types.js';
import type { SecretStore } from '../secrets/store.js';
import { ConfigWriteError } from '../config/write-error.js';
import { updateInstalls, type InstallRecord } from './installed.js';
import { choiceKind, type LaunchPlan, type RegistryChoice, type SecretStyle } from './launch.js';
import type { RegistryServer } from './server-json.js';

/** A file a server can be installed into, in its client's format. */
export interface InstallTarget {
  /** As typed after `--to`: `mcpdeck`, `claude`, `claude-project`, `vscode`, `vscode-user`, ... */
  name: string;
  /** "Claude Code's project file (/work/.mcp.json)". */
  label: string;
  format: Pick<ClientFormat, 'name' | 'fromDeck'> & { id: string };
  file: Pick<ClientFile, 'path' | 'at' | 'syntax' | 'scope'>;
  /** How secrets are written there. */
  style: SecretStyle;
}

/** mcpdeck's own files take its entries as they are, `${input:id}` included. */
const OWN: InstallTarget['format'] = { id: 'mcpdeck', name: 'mcpdeck', fromDeck: (entry) => ({ entry, notes: [] }) };

/** What people call a client on the command line, where it differs from its id. */
const ALIASES: Record<string, string> = { claude: 'claude-code' };
/** A client's default file when no scope is named: its user file, but VS Code's workspace file (`.vscode/mcp.json`), as VS Code itself installs. */
const DEFAULT_SCOPE: Record<string, 'user' | 'project'> = { vscode: 'project' };

/** Every name `--to` takes, for help and errors. */
export function targetNames(where: Where): string[] {
  const names = ['mcpdeck', 'mcpdeck-project'];
  for (const client of CLIENTS) {
    const short = Object.entries(ALIASES).find(([, id]) => id === client.id)?.[0] ?? client.id;
    for (const file of client.files(where)) names.push(file.scope === (DEFAULT_SCOPE[client.id] ?? 'user') ? short : `${short}-${file.scope}`);
  }
  return names;
}

/** The file `--to <name>` means. */
export function installTarget(to: string, where: Where, catalogPath: string): InstallTarget {
  if (to === 'mcpdeck' || to === 'mcpdeck-user') {
    return { name: 'mcpdeck', label: `mcpdeck's user catalog (${catalogPath})`, format: OWN, file: { path: catalogPath, at: ['mcpServers'], syntax: 'json', scope: 'user' }, style: 'input' };
  }
  if (to === 'mcpdeck-project') {
    const path = resolve(where.cwd, PROJECT_FILE);
    return { name: to, label: `this project's file (${path})`, format: OWN, file: { path, at: ['mcpServers'], syntax: 'json', scope: 'project' }, style: 'input' };
  }
  const match = /^(.*?)(?:-(user|project|local))?$/.exec(to)!;
  const id = ALIASES[match[1]!] ?? match[1]!;
  const client = CLIENTS.find((c) => c.id === id);
  const scope = (match[2] as ClientFile['scope'] | undefined) ?? DEFAULT_SCOPE[id] ?? 'user';
  const file = client?.files(where).find((f) => f.scope === scope);
  if (!client || !file) throw new ConfigWriteError(`--to ${to}: no such install target; one of: ${targetNames(where).join(', ')}`);
  return { name: to, label: `${client.name}'s ${scope} file (${file.path})`, format: client, file, style: client.id === 'vscode' ? 'input' : 'env' };
}

export interface InstallRequest {
  server: RegistryServer;
  choice: RegistryChoice;
  plan: LaunchPlan;
  target: InstallTarget;
  /** The entry's name in the file (default: the last part of the registry name). */
  name?: string;
  registry: string;
  force?: boolean;
  /** Secret answers for mcpdeck's own files, kept in its secret store (never in the file), by input id. */
  secretAnswers?: Record<string, string>;
  secrets?: () => Promise<SecretStore>;
  env: NodeJS.ProcessEnv;
}

/** The name an installed server gets unless one is given: `io.github.owner/weather` → `weather`. */
const defaultEntryName = (server: RegistryServer) => server.name.split('/').pop()!.replace(/[^A-Za-z0-9_.-]/g, '-');

/**
 * Writes the planned entry into the target's file (locked, every other byte kept), its
 * `${input:id}` questions beside it where the file asks for inputs, the secret answers
 * into mcpdeck's secret store, and where it came from into registry-installs.json.
 */
export async function installServer(request: InstallRequest): Promise<TransferResult & { name: string }> {
  const { server, plan, target } = request;
  const name = request.name ?? defaultEntryName(server);
  const bad = nameProblem(name);
  if (bad) throw new ConfigWriteError(`${bad}; choose one with --name`);
  if (target.format.id === 'claude-desktop' && plan.envRefs.length) {
    throw new ConfigWriteError(`${server.name} needs ${plan.envRefs.join(', ')}, and Claude Desktop reads no variables from the environment, while mcpdeck never writes a secret into a file: install it into another client (or mcpdeck), or add it to Claude Desktop as an extension`);
  }
  const result = await exportServers({ client: target.format, file: target.file, servers: { [name]: plan.entry }, force: request.force, inputs: plan.inputs });
  const written = [...result.added, ...result.replaced, ...result.same].includes(name);
  if (!written) return { ...result, name };
  if (target.format === OWN && request.secretAnswers && request.secrets) {
    const store = await request.secrets();
    for (const [id, value] of Object.entries(request.secretAnswers)) await store.set(inputAccount(target.file.path, id), value);
  }
  const record: InstallRecord = {
    registry: request.registry, server: server.name, version: server.version, kind: choiceKind(server, request.choice), ...(plan.pin && { pin: plan.pin }),
    target: target.name, path: target.file.path, at: target.file.at, syntax: target.file.syntax, name,
  };
  await updateInstalls(request.env, [record]);
  return { ...result, name };
}
