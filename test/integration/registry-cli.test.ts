import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { runCli, sandbox } from './helpers/cli.js';
import { startRegistryStandIn, type RegistryStandIn } from '../helpers/registry-stand-in.js';
import { hugeHostileEntry, registryFixture } from '../helpers/registry-entries.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const AIRTABLE = 'io.github.domdomegg/airtable-mcp-server';
const SECRET = 'pat-SECRET-value-4417';
/** A terminal escape, a bell or a C1 control: none may reach a person's terminal. */
const RAW_CONTROL = /[\x07\x1b\x9b]/;

/** Every file under a folder, with its text. */
function filesUnder(dir: string): { path: string; text: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => join(dir, p)).filter((p) => statSync(p).isFile()).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

describe('the MCP Registry from the command line, against a stand-in of the registry API', () => {
  let registry: RegistryStandIn;
  beforeAll(async () => {
    registry = await startRegistryStandIn();
  });
  afterAll(() => registry.close());
  const cli = (args: string[], box = sandbox()) => runCli([...args, '--registry', registry.url], box);

  it('searches by name, a page at a time, every server once across the pages', async () => {
    const box = sandbox();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const run = await cli(['search', '--limit', '2', '--json', ...(cursor ? ['--cursor', cursor] : [])], box);
      expect(run.code, run.stderr).toBe(0);
      const page = JSON.parse(run.stdout) as { servers: { name: string; kinds: string[] }[]; nextCursor?: string };
      expect(page.servers.length).toBeLessThanOrEqual(2);
      seen.push(...page.servers.map((s) => s.name));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    // Latest versions only: the airtable server is listed once, though two versions are published.
    expect(seen.filter((n) => n === AIRTABLE)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([AIRTABLE, 'io.modelcontextprotocol/everything', 'io.github.domdomegg/time-mcp-pypi']));

    const words = await cli(['search', 'time-mcp'], box);
    expect(words.stdout).toMatch(/time-mcp-nuget\s+1\.0\.8\s+nuget/);
    expect(words.stdout).toMatch(/time-mcp-pypi\s+1\.0\.6\s+pypi/);
    expect(words.stdout).not.toContain('airtable');
    const paged = await cli(['search', '--limit', '1'], box);
    expect(paged.stdout).toMatch(/more: mcpdeck search +--cursor \S+/);
  });

  it('shows a server: its versions, each package with what it needs, and the exact command line', async () => {
    const run = await cli(['show', AIRTABLE]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/versions: 1\.7\.3, 1\.7\.2|versions: 1\.7\.2, 1\.7\.3/);
    expect(run.stdout).toContain('AIRTABLE_API_KEY  required, secret');
    expect(run.stdout).toContain("runs: AIRTABLE_API_KEY='<AIRTABLE_API_KEY>' npx -y airtable-mcp-server@1.7.3");
    expect(run.stdout).toContain('docker run -i --rm -e AIRTABLE_API_KEY docker.io/domdomegg/airtable-mcp-server:1.7.3');
    expect(run.stdout).toMatch(/MCP Bundle .*\n\s+cannot run: .*does not install bundles/);
    const remote = await cli(['show', 'io.github.user/remote-weather']);
    expect(remote.stdout).toMatch(/runs: http https:\/\/api\.example\.com\/mcp -H 'Authorization: /);
  });

  it('installs an npm entry into four clients, each file in its own format, the secret in none of them', async () => {
    const box = sandbox();
    const targets = ['claude', 'cursor', 'vscode', 'codex'];
    for (const to of targets) {
      const run = await cli(['install', `${AIRTABLE}@1.7.2`, '--to', to, '--no-runtime-check'], box);
      expect(run.code, `${to}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toContain(`added to`);
    }
    // mcpdeck's own catalog takes the secret, typed once, into its secret store.
    const own = await cli(['install', `${AIRTABLE}@1.7.2`, '--set', `AIRTABLE_API_KEY=${SECRET}`, '--no-runtime-check'], box);
    expect(own.code, own.stderr).toBe(0);

    const home = box.env.HOME!;
    const claude = JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8'));
    expect(claude.mcpServers['airtable-mcp-server']).toEqual({ type: 'stdio', command: 'npx', args: ['-y', 'airtable-mcp-server@1.7.2'], env: { AIRTABLE_API_KEY: '${AIRTABLE_API_KEY}' } });
    const cursor = JSON.parse(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8'));
    expect(cursor.mcpServers['airtable-mcp-server'].env).toEqual({ AIRTABLE_API_KEY: '${env:AIRTABLE_API_KEY}' });
    const vscode = JSON.parse(readFileSync(join(box.cwd, '.vscode', 'mcp.json'), 'utf8'));
    expect(vscode.servers['airtable-mcp-server']).toMatchObject({ type: 'stdio', command: 'npx', env: { AIRTABLE_API_KEY: '${input:airtable-mcp-server-AIRTABLE_API_KEY}' } });
    expect(vscode.inputs).toEqual([expect.objectContaining({ type: 'promptString', id: 'airtable-mcp-server-AIRTABLE_API_KEY', password: true })]);
    const codex = parseToml(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')) as { mcp_servers: Record<string, Record<string, unknown>> };
    expect(codex.mcp_servers['airtable-mcp-server']).toEqual({ command: 'npx', args: ['-y', 'airtable-mcp-server@1.7.2'], env_vars: ['AIRTABLE_API_KEY'] });

    // mcpdeck reads each back as a server of that client.
    const sources = JSON.parse((await runCli(['sources', '--json'], box)).stdout) as { sources: { id: string; status: string; servers: string[] }[] };
    for (const id of ['claude-code', 'cursor', 'vscode:project', 'codex', 'user']) {
      expect(sources.sources.find((s) => s.id === id), id).toMatchObject({ status: 'read', servers: expect.arrayContaining(['airtable-mcp-server']) });
    }
    // No written file holds the secret; only mcpdeck's secret store does.
    const written = [...filesUnder(home), ...filesUnder(box.cwd).filter((f) => !f.path.startsWith(home)), ...filesUnder(box.env.MCPDECK_CONFIG_DIR!)];
    const holding = written.filter((f) => f.text.includes(SECRET)).map((f) => f.path);
    expect(holding.every((p) => /secrets/.test(p)), holding.join(', ')).toBe(true);
    const catalog = readFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json'), 'utf8');
    expect(catalog).toContain('${input:airtable-mcp-server-AIRTABLE_API_KEY}');
  });

  it('says when a newer version is published, rewrites the pin on update, and flags a deprecated one', async () => {
    const box = sandbox();
    expect((await cli(['install', `${AIRTABLE}@1.7.2`, '--to', 'claude-project', '--no-runtime-check'], box)).code).toBe(0);
    const waiting = async () => (await runCli(['approve'], box)).stdout;
    expect(await waiting()).toContain('airtable-mcp-server');
    expect((await runCli(['approve', 'airtable-mcp-server'], box)).code).toBe(0);
    expect(await waiting()).not.toContain('airtable-mcp-server');
    const before = await cli(['outdated'], box);
    expect(before.stdout).toMatch(/airtable-mcp-server {2}1\.7\.2 {2}1\.7\.3 available/);

    const next = JSON.parse(registryFixture('seed.json'))[1];
    registry.publish({ ...next, version: '1.7.4', packages: next.packages.map((p: Record<string, unknown>) => ({ ...p, ...(p.version ? { version: '1.7.4' } : {}) })) });
    registry.setStatus(AIRTABLE, '1.7.2', 'deprecated');
    const after = JSON.parse((await cli(['outdated', '--json'], box)).stdout) as { installed: string; latest: string; newer: boolean; installedStatus?: string }[];
    expect(after).toEqual([expect.objectContaining({ installed: '1.7.2', latest: '1.7.4', newer: true, installedStatus: 'deprecated' })]);

    const update = await cli(['update', 'airtable-mcp-server'], box);
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toContain('1.7.2 → 1.7.4');
    expect(update.stdout).toContain('asks for approval again');
    const file = JSON.parse(readFileSync(join(box.cwd, '.mcp.json'), 'utf8'));
    expect(file.mcpServers['airtable-mcp-server'].args).toEqual(['-y', 'airtable-mcp-server@1.7.4']);
    // Approval bound to what ran: the new pin waits for it again.
    expect(await waiting()).toContain('airtable-mcp-server');
    expect((await cli(['outdated'], box)).stdout).toMatch(/1\.7\.4 {2}up to date/);
  });

  it('keeps every other install when one is updated, and forgets one removed from its file', async () => {
    const box = sandbox();
    expect((await cli(['install', `${AIRTABLE}@1.7.2`, '--to', 'cursor', '--no-runtime-check'], box)).code).toBe(0);
    expect((await cli(['install', 'io.github.domdomegg/time-mcp-pypi', '--to', 'gemini', '--no-runtime-check'], box)).code).toBe(0);
    expect((await cli(['update', 'airtable-mcp-server'], box)).code).toBe(0);
    const names = async () => (JSON.parse((await cli(['outdated', '--json'], box)).stdout) as { name: string }[]).map((r) => r.name).sort();
    expect(await names()).toEqual(['airtable-mcp-server', 'time-mcp-pypi']);
    const cursorFile = join(box.env.HOME!, '.cursor', 'mcp.json');
    writeFileSync(cursorFile, JSON.stringify({ mcpServers: {} }));
    expect(await names()).toEqual(['time-mcp-pypi']);
  });

  it('tries server-everything from its registry entry, sandboxed, and lists its tools', async () => {
    // In the repository, where npx finds the installed package (no download).
    const box = { ...sandbox(), cwd: ROOT };
    const run = await cli(['try', 'io.modelcontextprotocol/everything', '--json'], box);
    expect(run.code, run.stderr).toBe(0);
    const [server] = JSON.parse(run.stdout) as { status: string; tools: number; runs: { commandLine: string; sandbox: string } }[];
    expect(server).toMatchObject({ status: 'connected', runs: { commandLine: expect.stringMatching(/^npx -y @modelcontextprotocol\/server-everything@[\d.]+ stdio$/), sandbox: expect.stringContaining('network registry.npmjs.org') } });
    expect(server!.tools).toBeGreaterThan(5);
    const tools = await cli(['tools', '--json', '--', 'npx', '-y', `@modelcontextprotocol/server-everything@${server!.runs.commandLine.match(/@([\d.]+) /)![1]}`, 'stdio'], box);
    expect(tools.stdout).toContain('"echo"');
  });

  it('shows a hostile entry safely: no escape reaches the terminal, a 10 MB description is cut, its command is refused', async () => {
    registry.publish(hugeHostileEntry());
    const search = await cli(['search', 'hostile']);
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('io.github.hostile/server');
    expect(search.stdout).not.toMatch(RAW_CONTROL);
    expect(search.stdout.length).toBeLessThan(5_000);
    const show = await cli(['show', 'io.github.hostile/server']);
    expect(show.code).toBe(0);
    expect(show.stdout).not.toMatch(RAW_CONTROL);
    expect(show.stdout.length).toBeLessThan(20_000);
    // Its npm package sets LD_PRELOAD; its image name holds a shell command: neither is run.
    expect(show.stdout).toMatch(/cannot run: .*sets LD_PRELOAD, which changes what programs load or run/);
    expect(show.stdout).toMatch(/cannot run: .*"docker\.io\/evil\/image:1\.0\.0; rm -rf ~" is not a valid oci package name/);
    const box = sandbox();
    const install = await cli(['install', 'io.github.hostile/server', '--no-runtime-check', '--set', 'HOSTILE\x1b[2J=x'], box);
    expect(install.code).toBe(2);
    expect(install.stderr).not.toMatch(RAW_CONTROL);
    expect(existsSync(join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json'))).toBe(false);
    expect(existsSync('/tmp/pwned')).toBe(false);
  });

  it('reads a private registry with its token from the setting, and says what to fix without it', async () => {
    const vault = await startRegistryStandIn({ token: 'tok-123' });
    try {
      const box = sandbox();
      const denied = await runCli(['search', '--registry', vault.url], box);
      expect(denied.code).toBe(4);
      expect(denied.stderr).toContain('it needs a token (MCPDECK_REGISTRY_TOKEN, or "token" in the registry setting)');
      mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
      writeFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'settings.json'), JSON.stringify({ registry: { url: vault.url, token: '${VAULT_TOKEN}' } }));
      const found = await runCli(['search', 'airtable'], { ...box, env: { ...box.env, VAULT_TOKEN: 'tok-123' } });
      expect(found.code, found.stderr).toBe(0);
      expect(found.stdout).toContain(AIRTABLE);
      expect(vault.requests.at(-1)?.authorization).toBe('Bearer tok-123');
    } finally {
      await vault.close();
    }
  });
});
