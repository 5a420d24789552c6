import { bodyExcerpt } from '../../util/sanitize.js';
import { formatBytes } from '../../util/text.js';
import { parseEntry, type RegistryEntry } from './server-json.js';

/** The official MCP Registry (API v0.1, frozen). Any registry that implements the same OpenAPI document works. */
export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';

/** A page of servers and where the next one starts. */
export interface RegistryPage {
  entries: RegistryEntry[];
  nextCursor?: string;
  /** Items the registry sent that are not servers (left out). */
  unreadable: number;
}

export interface RegistryClientOptions {
  url: string;
  /** A private registry's bearer token. */
  token?: string;
  timeoutMs?: number;
  /** A response larger than this is refused (a registry page is kilobytes; a hostile one is not read whole). */
  maxBytes?: number;
}

/** A registry that could not answer, or refused: the message says what to do. */
export class RegistryError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'RegistryError';
  }
}

/** Reads a registry: search, a server's versions, one version. */
export class RegistryClient {
  readonly url: string;

  constructor(private readonly options: RegistryClientOptions) {
    this.url = options.url.replace(/\/+$/, '');
  }

  /** One page of servers whose name has `search` in it, their latest versions only unless `allVersions`. */
  async search(search: string, { cursor, limit = 30, allVersions = false }: { cursor?: string; limit?: number; allVersions?: boolean } = {}): Promise<RegistryPage> {
    const query = new URLSearchParams({ limit: String(limit), ...(search && { search }), ...(cursor && { cursor }), ...(!allVersions && { version: 'latest' }) });
    return this.page(await this.get(`/v0.1/servers?${query}`));
  }

  /** Every published version of a server, newest first. */
  async versions(name: string): Promise<RegistryEntry[]> {
    return (this.page(await this.get(`/v0.1/servers/${encodeURIComponent(name)}/versions`, name))).entries;
  }

  /** One version of a server (`latest` by default). */
  async server(name: string, version = 'latest'): Promise<RegistryEntry> {
    const body = await this.get(`/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`, name, version);
    const entry = parseEntry(body);
    if (!entry) throw new RegistryError(`${this.url} sent something that is not a server for ${name}`);
    return entry;
  }

  private page(body: unknown): RegistryPage {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (!Array.isArray(record.servers)) throw new RegistryError(`${this.url} did not answer as an MCP registry does (no "servers" list); check the registry URL`);
    const entries = record.servers.map(parseEntry);
    const metadata = typeof record.metadata === 'object' && record.metadata !== null ? (record.metadata as Record<string, unknown>) : {};
    const next = typeof metadata.nextCursor === 'string' && metadata.nextCursor ? metadata.nextCursor : undefined;
    return { entries: entries.filter((e): e is RegistryEntry => e !== undefined), nextCursor: next, unreadable: entries.filter((e) => !e).length };
  }

  private async get(path: string, name?: string, version?: string): Promise<unknown> {
    const { token, timeoutMs = 15_000, maxBytes = 32 * 1024 * 1024 } = this.options;
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, {
        headers: { accept: 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'follow',
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new RegistryError(`could not reach the registry at ${this.url}: ${cause}`);
    }
    const text = await readCapped(response, maxBytes, this.url);
    if (response.status === 401 || response.status === 403) {
      throw new RegistryError(`the registry at ${this.url} refused the request (${response.status})${token ? ': check its token' : ': it needs a token (MCPDECK_REGISTRY_TOKEN, or "token" in the registry setting)'}`, response.status);
    }
    if (response.status === 404 && name) throw new RegistryError(version && version !== 'latest' ? `${name} has no version ${version} in ${this.url}` : `no server named ${name} in ${this.url}`, 404);
    if (!response.ok) throw new RegistryError(`the registry at ${this.url} answered ${response.status}: ${bodyExcerpt(text)}`, response.status);
    try {
      return JSON.parse(text);
    } catch {
      throw new RegistryError(`the registry at ${this.url} sent something that is not JSON: ${bodyExcerpt(text)}`);
    }
  }
}

/** The body as text, refused past `max` bytes without reading the rest. */
async function readCapped(response: Response, max: number, url: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new RegistryError(`the registry at ${url} sent more than ${formatBytes(max)} for one page; not read`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
