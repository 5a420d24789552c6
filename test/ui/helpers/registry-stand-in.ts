import { startRegistryStandIn, type Official, type ServerJson } from '../../helpers/registry-stand-in.js';

/** One item of a registry answer, as the official registry sends it: `{ server, _meta }`. */
export interface RawEntry {
  server: Record<string, unknown> & { name: string; version: string };
  _meta: Record<string, Record<string, unknown>>;
}

const OFFICIAL = 'io.modelcontextprotocol.registry/official';

/** An entry in the official format; the latest and active unless `meta` says otherwise. */
export function registryEntry(server: RawEntry['server'], meta: { status?: string; isLatest?: boolean; publishedAt?: string } = {}): RawEntry {
  return {
    server: { $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json', ...server },
    _meta: { [OFFICIAL]: { status: 'active', isLatest: true, publishedAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-01T10:00:00Z', ...meta } },
  };
}

export interface RegistryStandIn {
  url: string;
  /** Every path asked for, query included. */
  asked: string[];
  /** What it publishes from now on: new versions are published, gone ones deleted, statuses set. */
  publish: (entries: RawEntry[]) => void;
  close: () => Promise<void>;
}

/**
 * The registry stand-in the contract test checks against the registry's OpenAPI document
 * (test/helpers/registry-stand-in.ts), fed the deck tests' entries as whole lists: each
 * list says what is published now.
 */
export async function registryStandIn(entries: RawEntry[], { pageSize = 30 } = {}): Promise<RegistryStandIn> {
  const registry = await startRegistryStandIn({ entries: [], pageSize });
  const published = new Map<string, Official['status']>();
  const key = (e: RawEntry) => `${e.server.name}\0${e.server.version}`;
  const publish = (list: RawEntry[]) => {
    // The latest last, so that it stays the latest.
    for (const entry of [...list].sort((a, b) => Number(a._meta[OFFICIAL]?.isLatest === true) - Number(b._meta[OFFICIAL]?.isLatest === true))) {
      const meta = entry._meta[OFFICIAL] as Partial<Official>;
      const status = meta.status ?? 'active';
      if (!published.has(key(entry))) registry.publish(entry.server as ServerJson, meta);
      else if (published.get(key(entry)) !== status) registry.setStatus(entry.server.name, entry.server.version, status);
      published.set(key(entry), status);
    }
    for (const [was, status] of published) {
      if (status === 'deleted' || list.some((e) => key(e) === was)) continue;
      const [name, version] = was.split('\0') as [string, string];
      registry.setStatus(name, version, 'deleted');
      published.set(was, 'deleted');
    }
  };
  publish(entries);
  return {
    url: registry.url,
    get asked() {
      return registry.requests.map((r) => `${r.path}?${new URLSearchParams(r.query)}`);
    },
    publish,
    close: () => registry.close(),
  };
}
