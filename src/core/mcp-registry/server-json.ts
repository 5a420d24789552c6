import { isRecord } from '../../util/is-record.js';
import { truncate } from '../../util/text.js';

/**
 * A server as an MCP Registry publishes it (`server.json`, schema 2025-09-29 and later),
 * read from untrusted data: every string bounded, every list capped, unknown fields
 * dropped. Text is kept as sent (escapes and all): it is sanitized where it is shown.
 */
export interface RegistryInput {
  description?: string;
  isRequired: boolean;
  isSecret: boolean;
  format?: 'string' | 'number' | 'boolean' | 'filepath';
  value?: string;
  default?: string;
  placeholder?: string;
  choices?: string[];
  /** `{name}` in `value` is filled from these. */
  variables: Record<string, RegistryInput>;
}

/** An environment variable or a header. */
export interface RegistryKeyValue extends RegistryInput {
  name: string;
}

export interface RegistryArgument extends RegistryInput {
  type: 'positional' | 'named';
  /** A named argument's flag (`--port`); a positional one's label is `valueHint`. */
  name?: string;
  valueHint?: string;
  isRepeated: boolean;
}

interface RegistryPackage {
  registryType: string;
  registryBaseUrl?: string;
  identifier: string;
  version?: string;
  runtimeHint?: string;
  transport: { type: string; url?: string; headers: RegistryKeyValue[] };
  runtimeArguments: RegistryArgument[];
  packageArguments: RegistryArgument[];
  environmentVariables: RegistryKeyValue[];
  fileSha256?: string;
}

export interface RegistryRemote {
  type: string;
  url: string;
  headers: RegistryKeyValue[];
  variables: Record<string, RegistryInput>;
}

export interface RegistryServer {
  name: string;
  title?: string;
  description: string;
  version: string;
  websiteUrl?: string;
  repository?: { url: string; source?: string; subfolder?: string };
  packages: RegistryPackage[];
  remotes: RegistryRemote[];
}

/** The registry's own word on an entry (`_meta["io.modelcontextprotocol.registry/official"]`). */
interface OfficialMeta {
  status: 'active' | 'deprecated' | 'deleted' | string;
  publishedAt?: string;
  updatedAt?: string;
  isLatest: boolean;
}

export interface RegistryEntry {
  server: RegistryServer;
  official?: OfficialMeta;
}

const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

/** Bounds on what is kept of an entry: a description is for reading, not a payload. */
const MAX = { name: 200, title: 200, description: 2_000, version: 255, url: 2_048, value: 4_096, list: 64 };

const text = (value: unknown, max: number): string | undefined => (typeof value === 'string' ? truncate(value, max) : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, MAX.list) : []);
const bool = (value: unknown) => value === true;

function input(raw: Record<string, unknown>, depth = 0): RegistryInput {
  const format = raw.format === 'number' || raw.format === 'boolean' || raw.format === 'filepath' || raw.format === 'string' ? raw.format : undefined;
  const choices = list(raw.choices).flatMap((c) => (typeof c === 'string' ? [truncate(c, MAX.value)] : []));
  const variables: Record<string, RegistryInput> = {};
  // Variables of variables are not in the schema: one level is read.
  if (depth === 0 && isRecord(raw.variables)) {
    for (const [key, value] of Object.entries(raw.variables).slice(0, MAX.list)) if (isRecord(value)) variables[truncate(key, MAX.name)] = input(value, 1);
  }
  return {
    description: text(raw.description, MAX.description),
    isRequired: bool(raw.isRequired),
    isSecret: bool(raw.isSecret),
    ...(format && { format }),
    value: text(raw.value, MAX.value),
    default: text(raw.default, MAX.value),
    placeholder: text(raw.placeholder, MAX.value),
    ...(choices.length && { choices }),
    variables,
  };
}

function keyValues(value: unknown): RegistryKeyValue[] {
  return list(value).flatMap((raw) => (isRecord(raw) && typeof raw.name === 'string' ? [{ ...input(raw), name: truncate(raw.name, MAX.name) }] : []));
}

function argumentsOf(value: unknown): RegistryArgument[] {
  return list(value).flatMap((raw): RegistryArgument[] => {
    if (!isRecord(raw) || (raw.type !== 'positional' && raw.type !== 'named')) return [];
    if (raw.type === 'named' && typeof raw.name !== 'string') return [];
    return [{ ...input(raw), type: raw.type, name: text(raw.name, MAX.name), valueHint: text(raw.valueHint, MAX.name), isRepeated: bool(raw.isRepeated) }];
  });
}

function packageOf(raw: unknown): RegistryPackage[] {
  if (!isRecord(raw) || typeof raw.registryType !== 'string' || typeof raw.identifier !== 'string') return [];
  const transport = isRecord(raw.transport) ? raw.transport : {};
  return [{
    registryType: truncate(raw.registryType, MAX.name),
    registryBaseUrl: text(raw.registryBaseUrl, MAX.url),
    identifier: truncate(raw.identifier, MAX.url),
    version: text(raw.version, MAX.version),
    runtimeHint: text(raw.runtimeHint, MAX.name),
    transport: { type: text(transport.type, MAX.name) ?? 'stdio', url: text(transport.url, MAX.url), headers: keyValues(transport.headers) },
    runtimeArguments: argumentsOf(raw.runtimeArguments),
    packageArguments: argumentsOf(raw.packageArguments),
    environmentVariables: keyValues(raw.environmentVariables),
    fileSha256: text(raw.fileSha256, 64),
  }];
}

function remoteOf(raw: unknown): RegistryRemote[] {
  if (!isRecord(raw) || typeof raw.type !== 'string' || typeof raw.url !== 'string') return [];
  return [{ type: truncate(raw.type, MAX.name), url: truncate(raw.url, MAX.url), headers: keyValues(raw.headers), variables: input(raw).variables }];
}

/** One `server.json`, or undefined when it lacks what every entry has (a name and a version). */
function parseServer(raw: unknown): RegistryServer | undefined {
  if (!isRecord(raw) || typeof raw.name !== 'string' || typeof raw.version !== 'string') return undefined;
  const repository = isRecord(raw.repository) && typeof raw.repository.url === 'string'
    ? { url: truncate(raw.repository.url, MAX.url), source: text(raw.repository.source, MAX.name), subfolder: text(raw.repository.subfolder, MAX.url) }
    : undefined;
  return {
    name: truncate(raw.name, MAX.name),
    title: text(raw.title, MAX.title),
    description: text(raw.description, MAX.description) ?? '',
    version: truncate(raw.version, MAX.version),
    websiteUrl: text(raw.websiteUrl, MAX.url),
    ...(repository && { repository }),
    packages: list(raw.packages).flatMap(packageOf),
    remotes: list(raw.remotes).flatMap(remoteOf),
  };
}

/** One item of a registry response: `{ server, _meta }`. */
export function parseEntry(raw: unknown): RegistryEntry | undefined {
  if (!isRecord(raw)) return undefined;
  const server = parseServer(raw.server);
  if (!server) return undefined;
  const meta = isRecord(raw._meta) ? raw._meta[OFFICIAL_META] : undefined;
  const official = isRecord(meta)
    ? { status: text(meta.status, 32) ?? 'active', publishedAt: text(meta.publishedAt, 64), updatedAt: text(meta.updatedAt, 64), isLatest: bool(meta.isLatest) }
    : undefined;
  return { server, ...(official && { official }) };
}

/** How a package runs, as people say it: "npm", "PyPI", "OCI image", "NuGet", "MCP Bundle". */
export function packageLabel(kind: string): string {
  return ({ npm: 'npm', pypi: 'PyPI', oci: 'OCI image', nuget: 'NuGet', mcpb: 'MCP Bundle' } as Record<string, string>)[kind] ?? kind;
}
