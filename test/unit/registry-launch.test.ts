import { describe, expect, it } from 'vitest';
import { isNewer } from '../../src/core/mcp-registry/installed.js';
import { PlanError, pickChoice, planLaunch, questionsFor } from '../../src/core/mcp-registry/launch.js';
import { parseEntry, type RegistryServer } from '../../src/core/mcp-registry/server-json.js';
import { tryEntry } from '../../src/core/mcp-registry/try.js';
import { RegistryDesk } from '../../src/core/mcp-registry/desk.js';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A server.json as the registry sends it, read as mcpdeck reads it. */
function server(raw: Record<string, unknown>): RegistryServer {
  const entry = parseEntry({ server: { name: 'io.github.example/weather', description: 'Weather', version: '1.2.0', ...raw } });
  if (!entry) throw new Error('not a server');
  return entry.server;
}

const stdio = { type: 'stdio' };
const key = { name: 'API_KEY', isRequired: true, isSecret: true, description: 'the key' };

describe('launch plans from server.json', () => {
  it('maps each package kind to its runtime, the version pinned, as VS Code does', () => {
    const s = server({
      packages: [
        { registryType: 'npm', identifier: '@example/weather', version: '1.2.0', transport: stdio, packageArguments: [{ type: 'positional', value: 'stdio' }] },
        { registryType: 'pypi', identifier: 'weather-mcp', version: '1.2.0', transport: stdio },
        { registryType: 'oci', identifier: 'docker.io/example/weather:1.2.0', transport: stdio, environmentVariables: [{ name: 'REGION', value: 'eu' }] },
        { registryType: 'nuget', identifier: 'Example.Weather', version: '1.2.0', transport: stdio, packageArguments: [{ type: 'named', name: '--units', value: 'metric' }] },
      ],
    });
    const plan = (index: number) => planLaunch(s, { kind: 'package', index }, {}, 'env');
    expect(plan(0).entry).toEqual({ command: 'npx', args: ['-y', '@example/weather@1.2.0', 'stdio'] });
    expect(plan(0).pin).toBe('@example/weather@1.2.0');
    expect(plan(1).entry).toEqual({ command: 'uvx', args: ['weather-mcp==1.2.0'] });
    // The container gets the variable by name; its value stays in env, never on the command line.
    expect(plan(2).entry).toEqual({ command: 'docker', args: ['run', '-i', '--rm', '-e', 'REGION', 'docker.io/example/weather:1.2.0'], env: { REGION: 'eu' } });
    expect(plan(3).entry).toEqual({ command: 'dnx', args: ['Example.Weather@1.2.0', '--yes', '--', '--units', 'metric'] });
  });

  it('writes a secret as a reference the client fills, never its value; a try keeps the value in memory', () => {
    const s = server({ packages: [{ registryType: 'npm', identifier: 'w', version: '1.0.0', transport: stdio, environmentVariables: [key] }] });
    const choice = pickChoice(s);
    expect(questionsFor(s, choice)).toEqual([expect.objectContaining({ key: 'API_KEY', secret: true, required: true })]);
    const answers = { API_KEY: 'sk-live-123' };
    const env = planLaunch(s, choice, answers, 'env');
    expect(env.entry.env).toEqual({ API_KEY: '${API_KEY}' });
    expect(env.envRefs).toEqual(['API_KEY']);
    const input = planLaunch(s, choice, answers, 'input');
    expect(input.entry.env).toEqual({ API_KEY: '${input:weather-API_KEY}' });
    expect(input.inputs).toEqual([{ id: 'weather-API_KEY', description: 'the key', key: 'API_KEY' }]);
    expect(JSON.stringify([env, input])).not.toContain('sk-live-123');
    expect(planLaunch(s, choice, answers, 'value').entry.env).toEqual({ API_KEY: 'sk-live-123' });
    // Not typed: a reference still (the client asks), but a try cannot run without it.
    expect(planLaunch(s, choice, {}, 'env').entry.env).toEqual({ API_KEY: '${API_KEY}' });
    expect(() => planLaunch(s, choice, {}, 'value')).toThrow(/needs a value for API_KEY/);
  });

  it('fills a remote URL template and header variables; a secret inside a header stays a reference', () => {
    const s = server({
      remotes: [{
        type: 'streamable-http', url: 'https://{tenant}.example.com/mcp',
        variables: { tenant: { isRequired: true } },
        headers: [{ name: 'Authorization', value: 'Bearer {token}', variables: { token: { isRequired: true, isSecret: true } } }],
      }],
    });
    const choice = pickChoice(s, 'remote');
    expect(questionsFor(s, choice).map((q) => q.key)).toEqual(['url:tenant', 'header:Authorization.token']);
    const plan = planLaunch(s, choice, { 'url:tenant': 'acme corp' }, 'env');
    expect(plan.entry).toEqual({ type: 'http', url: 'https://acme%20corp.example.com/mcp', headers: { Authorization: 'Bearer ${WEATHER_HEADER_AUTHORIZATION_TOKEN}' } });
  });

  it('keeps hostile arguments as single arguments, and refuses registry text a client would fill from the environment', () => {
    const hostile = '; rm -rf ~ && $(touch /tmp/pwned) `id`\nx';
    const s = server({ packages: [{ registryType: 'npm', identifier: 'w', version: '1.0.0', transport: stdio, packageArguments: [{ type: 'positional', value: hostile }] }] });
    expect(planLaunch(s, pickChoice(s), {}, 'env').entry.args).toEqual(['-y', 'w@1.0.0', hostile]);
    for (const leak of ['${AWS_SECRET_ACCESS_KEY}', '$HOME/.ssh/id_rsa']) {
      const bad = server({ packages: [{ registryType: 'npm', identifier: 'w', version: '1.0.0', transport: stdio, packageArguments: [{ type: 'positional', value: leak }] }] });
      expect(() => planLaunch(bad, pickChoice(bad), {}, 'env')).toThrow(PlanError);
    }
  });

  it('refuses a package name, version or variable that is not one, and variables that hijack what runs', () => {
    const pkg = (fields: Record<string, unknown>) => server({ packages: [{ registryType: 'npm', identifier: 'w', version: '1.0.0', transport: stdio, ...fields }] });
    const refused = (fields: Record<string, unknown>) => () => planLaunch(pkg(fields), { kind: 'package', index: 0 }, {}, 'env');
    expect(refused({ identifier: 'left-pad; rm -rf ~' })).toThrow(/is not a valid npm package name/);
    expect(refused({ version: '1.0.0 && touch /tmp/pwned' })).toThrow(/is not a valid package version/);
    expect(refused({ environmentVariables: [{ name: 'X\u001b[2J', value: '1' }] })).toThrow(/is not a valid environment variable name/);
    for (const name of ['LD_PRELOAD', 'NODE_OPTIONS', 'PATH', 'DYLD_INSERT_LIBRARIES']) expect(refused({ environmentVariables: [{ name, value: '/tmp/x' }] })).toThrow(/changes what programs load or run/);
  });

  it('says why a bundle or an HTTP package cannot run, and names the kinds there are', () => {
    const s = server({ packages: [{ registryType: 'mcpb', identifier: 'https://github.com/x/y.mcpb', fileSha256: 'a'.repeat(64), transport: stdio }] });
    expect(() => planLaunch(s, { kind: 'package', index: 0 }, {}, 'env')).toThrow(/does not install bundles/);
    expect(() => pickChoice(s, 'pypi')).toThrow(/has no pypi package; it has: mcpb/);
  });

  it('tries a package sandboxed, reaching only its package registry', () => {
    const s = server({ packages: [{ registryType: 'npm', identifier: 'w', version: '1.0.0', transport: stdio }, { registryType: 'oci', identifier: 'x/y:1', transport: stdio }] });
    expect(tryEntry(s, { kind: 'package', index: 0 }, {})).toMatchObject({ sandbox: { network: ['registry.npmjs.org'], write: ['~/.npm'], required: true } });
    expect(() => tryEntry(s, { kind: 'package', index: 1 }, {})).toThrow(/--no-sandbox/);
    expect(tryEntry(s, { kind: 'package', index: 1 }, {}, false)).not.toHaveProperty('sandbox');
  });
});

describe('the deck\'s registry', () => {
  it('installs and tries nothing whose runtime is not on PATH, and says where to get it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mcpdeck-runtime-'));
    const env = { PATH: join(home, 'bin'), HOME: home, MCPDECK_CONFIG_DIR: join(home, 'config') };
    let tried = false;
    const desk = new RegistryDesk({ env, cwd: home, catalogPath: join(home, 'config', 'servers.json'), secrets: () => Promise.reject(new Error('no store')), tryServer: async () => ((tried = true), 'x') });
    const s = server({ packages: [{ registryType: 'pypi', identifier: 'weather-mcp', version: '1.2.0', transport: stdio }] });
    await expect(desk.install(s, pickChoice(s), {}, 'claude')).rejects.toThrow(/uvx is not on your PATH, and this server runs with it: it comes with uv .*nothing was written/);
    await expect(desk.try(s, pickChoice(s), {})).rejects.toThrow(/uvx is not on your PATH/);
    expect(tried).toBe(false);
    expect(existsSync(join(home, '.claude.json'))).toBe(false);
  });
});

describe('reading registry data', () => {
  it('bounds what it keeps: a 10 MB description, a long name, a thousand packages', () => {
    const entry = parseEntry({
      server: { name: `io.x/${'n'.repeat(5_000)}`, description: 'd'.repeat(10 * 1024 * 1024), version: '1', packages: Array.from({ length: 1_000 }, () => ({ registryType: 'npm', identifier: 'p', transport: stdio })) },
    })!;
    expect(entry.server.description.length).toBeLessThanOrEqual(2_000);
    expect(entry.server.name.length).toBeLessThanOrEqual(200);
    expect(entry.server.packages.length).toBeLessThanOrEqual(64);
  });

  it('orders versions as people expect', () => {
    expect(isNewer('1.10.0', '1.9.9')).toBe(true);
    expect(isNewer('1.2.0', '1.2.0-beta.1')).toBe(true);
    expect(isNewer('1.2.0-beta.1', '1.2.0')).toBe(false);
    expect(isNewer('1.2.0', '1.2.0')).toBe(false);
    expect(isNewer('2026.8.31', '2026.10.1')).toBe(false);
  });
});
