// The registry stand-in (test/helpers/registry-stand-in.ts) against the MCP Registry's
// published OpenAPI document (test/fixtures/registry/openapi.yaml): every answer it gives
// here is checked against the schema the document names for that route and status, and
// every entry it serves against the registry's server.json schema.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultRegistryEntries, hostileEntry, hugeHostileEntry, registryFixture } from '../helpers/registry-entries.js';
import { startRegistryStandIn, type Official, type RegistryStandIn, type ServerJson } from '../helpers/registry-stand-in.js';

interface Item { server: ServerJson; _meta: { 'io.modelcontextprotocol.registry/official': Official } }
interface ServerList { servers: Item[]; metadata?: { nextCursor?: string; count?: number } }

const withFormats = addFormats as unknown as <T extends Ajv>(ajv: T) => T;

// The OpenAPI document, whole, as one schema: its own words beside JSON Schema's
// (`example` among them) are annotations that check nothing.
const doc = parse(registryFixture('openapi.yaml')) as { $id: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
const openapi = withFormats(new Ajv2020({ allErrors: true }));
openapi.addVocabulary(['openapi', 'jsonSchemaDialect', 'info', 'tags', 'paths', 'components', 'example']);
openapi.addSchema(doc);

/** The schema the document names for an answer of `method route` with this status. */
function documented(route: string, status: number, method = 'get'): ValidateFunction {
  if (!doc.paths[route]?.[method]?.responses[status]) throw new Error(`the document has no ${status} for ${method.toUpperCase()} ${route}`);
  const pointer = ['paths', route, method, 'responses', String(status), 'content', 'application/json', 'schema']
    .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
  return openapi.getSchema(`${doc.$id}#/${pointer}`)!;
}

/** The document's route (`/v0.1/servers/{serverName}/versions`) that a request path falls under. */
function routeOf(path: string): string {
  const route = Object.keys(doc.paths).find((r) => new RegExp(`^${r.replaceAll('.', '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  if (!route) throw new Error(`no route of the document serves ${path}`);
  return route;
}

// The document gives its GET routes no 401 (they are open on the official registry); a
// private registry's refusal is held to the 401 it gives the bearer-secured routes.
const UNAUTHORIZED = documented('/v0.1/publish', 401, 'post');

// server.json's schema is draft-07; OpenAPI's `discriminator` only names which branch of
// its oneOf applies, and the oneOf checks that on its own.
const draft7 = withFormats(new Ajv({ allErrors: true }));
draft7.addVocabulary(['example', 'discriminator']);
const validServerJson = draft7.compile(JSON.parse(registryFixture('server.schema.json')));

const errorsOf = (validate: ValidateFunction) => (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);

/** GETs from the stand-in, expects the status, and holds the body to the document. */
async function get<T = ServerList>(registry: RegistryStandIn, path: string, status = 200, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(registry.url + path, { headers });
  expect(response.status, path).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  const body: unknown = await response.json();
  const validate = status === 401 ? UNAUTHORIZED : documented(routeOf(new URL(path, registry.url).pathname), status);
  expect(validate(body), `${path}: ${openapi.errorsText(validate.errors)}`).toBe(true);
  return body as T;
}

const official = (item: Item) => item._meta['io.modelcontextprotocol.registry/official'];
const keys = (list: ServerList) => list.servers.map((item) => `${item.server.name}@${item.server.version}`);
const AIRTABLE = 'io.github.domdomegg/airtable-mcp-server';
const encoded = (name: string) => encodeURIComponent(name);

describe('the registry stand-in, read', () => {
  let registry: RegistryStandIn;
  beforeAll(async () => { registry = await startRegistryStandIn(); });
  afterAll(() => registry.close());

  it('lists every version of every server by name, one of each name the latest', async () => {
    const all = await get(registry, '/v0.1/servers');
    expect(keys(all)).toEqual([...keys(all)].sort());
    expect(keys(all)).toEqual(expect.arrayContaining([`${AIRTABLE}@1.7.2`, `${AIRTABLE}@1.7.3`, 'io.github.hostile/server@1.0.0']));
    expect(all.servers).toHaveLength(defaultRegistryEntries().length);
    expect(all.metadata).toEqual({ count: all.servers.length });
    const names = all.servers.map((item) => item.server.name);
    const latest = all.servers.filter((item) => official(item).isLatest).map((item) => item.server.name);
    expect(latest).toEqual([...new Set(names)]);
  });

  it('searches names only, whatever the case', async () => {
    expect(keys(await get(registry, '/v0.1/servers?search=AirTable'))).toEqual([`${AIRTABLE}@1.7.2`, `${AIRTABLE}@1.7.3`]);
    expect(keys(await get(registry, '/v0.1/servers?search=UTC'))).toEqual([]); // in two descriptions
  });

  it('pages with an opaque cursor, each version once, no cursor on the last page', async () => {
    const everything = keys(await get(registry, '/v0.1/servers'));
    const seen: string[] = [];
    let page = await get(registry, '/v0.1/servers?limit=2');
    for (;;) {
      expect(page.metadata?.count).toBe(page.servers.length);
      expect(page.servers.length).toBeLessThanOrEqual(2);
      seen.push(...keys(page));
      if (!page.metadata?.nextCursor) break;
      page = await get(registry, `/v0.1/servers?limit=2&cursor=${encodeURIComponent(page.metadata.nextCursor)}`);
    }
    expect(seen).toEqual(everything);
    expect(registry.requests.filter((r) => r.query.limit === '2')).toHaveLength(Math.ceil(everything.length / 2));
  });

  it('filters to the latest versions, or one exact version', async () => {
    const latest = await get(registry, '/v0.1/servers?version=latest');
    expect(latest.servers.every((item) => official(item).isLatest)).toBe(true);
    expect(new Set(latest.servers.map((item) => item.server.name)).size).toBe(latest.servers.length);
    expect(keys(latest)).toContain(`${AIRTABLE}@1.7.3`);
    expect(keys(await get(registry, '/v0.1/servers?version=1.7.2'))).toEqual([`${AIRTABLE}@1.7.2`]);
  });

  it('lists what changed after updated_since, strictly after', async () => {
    const pypi = (await get(registry, '/v0.1/servers?search=time-mcp-pypi')).servers[0]!;
    const since = official(pypi).updatedAt;
    const changed = await get(registry, `/v0.1/servers?updated_since=${since}`);
    expect(changed.servers.map((item) => item.server.name).sort())
      .toEqual(['io.github.hostile/server', 'io.github.user/remote-weather', 'io.modelcontextprotocol/everything']);
  });

  it('lists the versions of one server newest first, and gets one version or the latest', async () => {
    const versions = await get(registry, `/v0.1/servers/${encoded(AIRTABLE)}/versions`);
    expect(keys(versions)).toEqual([`${AIRTABLE}@1.7.3`, `${AIRTABLE}@1.7.2`]);
    const older = await get<Item>(registry, `/v0.1/servers/${encoded(AIRTABLE)}/versions/1.7.2`);
    expect([older.server.version, official(older).isLatest]).toEqual(['1.7.2', false]);
    const latest = await get<Item>(registry, `/v0.1/servers/${encoded(AIRTABLE)}/versions/latest`);
    expect([latest.server.version, official(latest).isLatest, official(latest).status]).toEqual(['1.7.3', true, 'active']);
  });

  it('answers 404 with an error for an unknown server or version, and for a name not URL-encoded', async () => {
    for (const path of [
      '/v0.1/servers/io.github.nobody%2Fnothing/versions',
      '/v0.1/servers/io.github.nobody%2Fnothing/versions/latest',
      `/v0.1/servers/${encoded(AIRTABLE)}/versions/9.9.9`,
    ]) expect((await get<{ error: string }>(registry, path, 404)).error).toBe('Server not found');
    const bare = await fetch(`${registry.url}/v0.1/servers/${AIRTABLE}/versions`);
    expect(bare.status).toBe(404);
  });

  it('answers what the document leaves open (a bad cursor, limit or timestamp) with 400 and an error', async () => {
    for (const query of ['cursor=%%%', 'cursor=bm90IGEgY3Vyc29y', 'limit=0', 'limit=ten', 'updated_since=yesterday']) {
      const response = await fetch(`${registry.url}/v0.1/servers?${query}`);
      expect([query, response.status]).toEqual([query, 400]);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('serves the hostile entry as it was given, escapes and all', async () => {
    const item = await get<Item>(registry, '/v0.1/servers/io.github.hostile%2Fserver/versions/latest');
    expect(item.server).toEqual(hostileEntry());
    expect(item.server.description).toContain('\x1b]52;c;');
  });

  it('serves server-everything so that it runs: the installed package, its bin, the arguments listed', async () => {
    const { server } = await get<Item>(registry, '/v0.1/servers/io.modelcontextprotocol%2Feverything/versions/latest');
    const [npm] = server.packages as { identifier: string; version: string; packageArguments: { value: string }[] }[];
    const manifestPath = createRequire(import.meta.url).resolve(`${npm!.identifier}/package.json`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string; bin: Record<string, string> };
    expect([server.version, npm!.version]).toEqual([manifest.version, manifest.version]);
    const bin = join(dirname(manifestPath), Object.values(manifest.bin)[0]!);
    const client = new Client({ name: 'registry-contract', version: '0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, ...npm!.packageArguments.map((a) => a.value)], stderr: 'ignore' }));
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});

describe('the registry stand-in, changed', () => {
  let registry: RegistryStandIn;
  beforeAll(async () => { registry = await startRegistryStandIn(); });
  afterAll(() => registry.close());
  const airtable = (version: string) => ({ ...defaultRegistryEntries()[1]!, version });

  it('moves the latest to a newly published version', async () => {
    registry.publish(airtable('1.7.4'));
    const versions = await get(registry, `/v0.1/servers/${encoded(AIRTABLE)}/versions`);
    expect(versions.servers.map((item) => [item.server.version, official(item).isLatest]))
      .toEqual([['1.7.4', true], ['1.7.3', false], ['1.7.2', false]]);
  });

  it('decodes a version with build metadata in the path', async () => {
    registry.publish({ ...defaultRegistryEntries()[4]!, version: '2.1.0+20130313144700' });
    const item = await get<Item>(registry, '/v0.1/servers/io.github.user%2Fremote-weather/versions/2.1.0%2B20130313144700');
    expect(item.server.version).toBe('2.1.0+20130313144700');
  });

  it('shows a deprecated version, and hides a deleted one unless asked or syncing', async () => {
    const before = official((await get(registry, `/v0.1/servers?search=airtable&version=1.7.4`)).servers[0]!).updatedAt;
    registry.setStatus(AIRTABLE, '1.7.2', 'deprecated');
    registry.setStatus(AIRTABLE, '1.7.4', 'deleted');
    const item = await get<Item>(registry, `/v0.1/servers/${encoded(AIRTABLE)}/versions/1.7.2`);
    expect(official(item).status).toBe('deprecated');
    expect(keys(await get(registry, '/v0.1/servers?search=airtable'))).toEqual([`${AIRTABLE}@1.7.2`, `${AIRTABLE}@1.7.3`]);
    // As on the official registry, the latest stays the deleted version: there is no latest to get.
    await get(registry, `/v0.1/servers/${encoded(AIRTABLE)}/versions/latest`, 404);
    await get(registry, `/v0.1/servers/${encoded(AIRTABLE)}/versions/1.7.4`, 404);
    const asked = await get<Item>(registry, `/v0.1/servers/${encoded(AIRTABLE)}/versions/1.7.4?include_deleted=true`);
    expect(official(asked).status).toBe('deleted');
    const synced = await get(registry, `/v0.1/servers?search=airtable&updated_since=${before}`);
    expect(synced.servers.map((i) => [i.server.version, official(i).status])).toEqual([['1.7.2', 'deprecated'], ['1.7.4', 'deleted']]);
  });

  it('pages 30 at a time unless told, and never more than 100', async () => {
    const many = await startRegistryStandIn({ entries: Array.from({ length: 120 }, (_, i) => ({ name: `io.example/s${1000 + i}`, version: '1.0.0', description: 'One of many' })) });
    try {
      expect((await get(many, '/v0.1/servers')).servers).toHaveLength(30);
      const page = await get(many, '/v0.1/servers?limit=500');
      expect([page.servers.length, page.metadata?.count, typeof page.metadata?.nextCursor]).toEqual([100, 100, 'string']);
    } finally {
      await many.close();
    }
  });
});

describe('a private registry stand-in', () => {
  let registry: RegistryStandIn;
  beforeAll(async () => { registry = await startRegistryStandIn({ token: 's3cret' }); });
  afterAll(() => registry.close());

  it('refuses a request without the bearer token with 401, and answers one with it', async () => {
    await get(registry, '/v0.1/servers', 401);
    await get(registry, `/v0.1/servers/${encoded(AIRTABLE)}/versions/latest`, 401, { authorization: 'Bearer wrong' });
    expect((await get(registry, '/v0.1/servers', 200, { authorization: 'Bearer s3cret' })).servers.length).toBeGreaterThan(0);
    expect(registry.requests.map((r) => r.authorization)).toEqual([undefined, 'Bearer wrong', 'Bearer s3cret']);
  });
});

describe('the entries and the validators', () => {
  it.each(defaultRegistryEntries().map((entry) => [`${entry.name}@${entry.version}`, entry] as const))('%s passes server.schema.json', (_, entry) => {
    expect(validServerJson(entry), draft7.errorsText(validServerJson.errors)).toBe(true);
  });

  it('serves the 10 MiB hostile version, which breaks only the 100-character limit on descriptions', async () => {
    const huge = hugeHostileEntry();
    expect(huge.description.length).toBe(10 * 1024 * 1024);
    expect(validServerJson(huge)).toBe(false);
    expect(errorsOf(validServerJson)).toEqual(['/description maxLength']);
    const registry = await startRegistryStandIn({ entries: [hostileEntry()] });
    try {
      registry.publish(huge);
      const response = await fetch(`${registry.url}/v0.1/servers/io.github.hostile%2Fserver/versions/latest`);
      const item = await response.json() as Item;
      expect(item.server).toEqual(huge);
      const validate = documented('/v0.1/servers/{serverName}/versions/{version}', 200);
      expect(validate(item)).toBe(false);
      expect(errorsOf(validate)).toEqual(['/server/description maxLength']);
    } finally {
      await registry.close();
    }
  });

  it('bites: a list without `servers`, or with an unknown status, fails the document', async () => {
    const registry = await startRegistryStandIn();
    try {
      const list = await get(registry, '/v0.1/servers');
      const validate = documented('/v0.1/servers', 200);
      expect(validate({ metadata: list.metadata })).toBe(false);
      expect(errorsOf(validate)).toEqual([' required']);
      const retired = structuredClone(list);
      official(retired.servers[0]!).status = 'retired' as Official['status'];
      expect(validate(retired)).toBe(false);
    } finally {
      await registry.close();
    }
  });
});
