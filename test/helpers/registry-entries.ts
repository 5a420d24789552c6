// The server.json entries the registry stand-in serves: the registry's own seed data and
// its remote example (vendored in test/fixtures/registry, see SOURCES.md there), a
// runnable server-everything, and a hostile server.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * One `server.json` (the registry's ServerDetail). Only what the stand-in reads is typed;
 * the rest is passed through as it is.
 */
export interface ServerJson {
  name: string;
  version: string;
  description: string;
  [field: string]: unknown;
}

/** The folder of the vendored registry documents and the entries. */
const REGISTRY_FIXTURES = fileURLToPath(new URL('../fixtures/registry/', import.meta.url));

/** A file of that folder, read as text. */
export const registryFixture = (name: string) => readFileSync(REGISTRY_FIXTURES + name, 'utf8');

const json = <T>(name: string): T => JSON.parse(registryFixture(name)) as T;

/** The registry's seed entries: airtable 1.7.2 and 1.7.3, time-mcp-nuget, time-mcp-pypi. */
const seedEntries = () => json<ServerJson[]>('seed.json');

/** The schema's example of a remote with a URL template and a secret header. */
const remoteEntry = () => json<ServerJson>('remote-with-headers.json');

/** Terminal escapes, shell metacharacters and odd URLs in every field that takes text. */
export const hostileEntry = () => json<ServerJson>('hostile.json');

/**
 * The hostile server's next version, 1.0.1, whose description is 10 MiB of text sown with
 * escapes. Too big for git, and over the schema's 100-character limit on purpose.
 */
export function hugeHostileEntry(): ServerJson {
  const description = '\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\x9b31m hostile '.repeat(300_000).slice(0, 10 * 1024 * 1024);
  return { ...hostileEntry(), version: '1.0.1', description };
}

const EVERYTHING_PACKAGE = '@modelcontextprotocol/server-everything';

/** The version of server-everything installed in node_modules. */
function everythingVersion(): string {
  const require = createRequire(import.meta.url);
  return (require(`${EVERYTHING_PACKAGE}/package.json`) as { version: string }).version;
}

/**
 * server-everything as the registry would list it, at the installed version so that
 * `npx -y @modelcontextprotocol/server-everything@<version> stdio` starts what the tests
 * know. Its one environment variable is optional, with the default the server uses.
 */
function everythingEntry(): ServerJson {
  const version = everythingVersion();
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: 'io.modelcontextprotocol/everything',
    title: 'Everything',
    description: 'MCP server that exercises all the features of the MCP protocol',
    version,
    repository: { url: 'https://github.com/modelcontextprotocol/servers', source: 'github', subfolder: 'src/everything' },
    packages: [{
      registryType: 'npm',
      registryBaseUrl: 'https://registry.npmjs.org',
      identifier: EVERYTHING_PACKAGE,
      version,
      runtimeHint: 'npx',
      transport: { type: 'stdio' },
      packageArguments: [{ type: 'positional', valueHint: 'transport', value: 'stdio' }],
      environmentVariables: [{
        name: 'GZIP_MAX_FETCH_SIZE',
        description: 'Largest file, in bytes, the gzip-file-as-resource tool fetches',
        format: 'number',
        isRequired: false,
        default: String(10 * 1024 * 1024),
      }],
    }],
  };
}

/** What a stand-in serves unless told otherwise, in publishing order (the huge one aside). */
export const defaultRegistryEntries = (): ServerJson[] => [...seedEntries(), remoteEntry(), everythingEntry(), hostileEntry()];
