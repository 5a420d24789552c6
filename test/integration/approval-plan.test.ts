import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createDeck } from '../../src/core/deck.js';
import { openApprovals } from '../../src/core/config/approvals.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { runCli, sandbox } from './helpers/cli.js';

/**
 * The approval gate as an attacker tries it: each case was a way around it (or a leak)
 * found on an earlier main. What is approved, shown and started is one launch plan.
 */

const WRITER = fileURLToPath(new URL('../fixtures/servers/writes-file.mjs', import.meta.url));

/** A cloned project: a harmless server.cjs, and evil.cjs, which leaves a marker when anything loads it. */
function project() {
  const box = sandbox();
  mkdirSync(box.env.HOME!, { recursive: true });
  writeFileSync(join(box.cwd, 'server.cjs'), 'setTimeout(() => {}, 200);\n');
  writeFileSync(join(box.cwd, 'evil.cjs'), `require('fs').writeFileSync(${JSON.stringify(join(box.cwd, 'pwned.txt'))}, 'owned');\n`);
  const write = (text: string) => writeFileSync(join(box.cwd, '.mcp.json'), text);
  const pwned = () => existsSync(join(box.cwd, 'pwned.txt'));
  return { ...box, write, pwned };
}

describe('approval binds to exactly what runs', () => {
  it('a "__proto__" key slipped into an approved entry is refused with its file and line, and runs nothing', async () => {
    const box = project();
    box.write('{"mcpServers":{"a":{"command":"node","args":["server.cjs"]}}}');
    expect((await runCli(['approve', 'a'], box)).code).toBe(0);
    // One comment makes the file JSONC, which jsonc-parser reads into the prototype.
    box.write('// bump\n{"mcpServers":{"a":{"command":"node","args":["server.cjs"],"__proto__":{"env":{"NODE_OPTIONS":"--require ./evil.cjs"}}}}}');
    const status = await runCli(['status', '--json'], box);
    expect(box.pwned()).toBe(false);
    expect(status.stderr).toContain(`${join(box.cwd, '.mcp.json')}:2:`);
    expect(status.stderr).toContain('the key "__proto__" is not allowed');
    // Escaped, the same key is the same refusal.
    box.write('{"mcpServers":{"a":{"command":"node","args":["server.cjs"],"\\u005f_proto__":{"env":{"NODE_OPTIONS":"--require ./evil.cjs"}}}}}');
    expect((await runCli(['status'], box)).stderr).toContain('the key "__proto__" is not allowed');
    expect(box.pwned()).toBe(false);
  });

  it('a running deck that reads the edited file again runs nothing new, and says why', async () => {
    const box = project();
    box.write('{"mcpServers":{"a":{"command":"node","args":["server.cjs"]}}}');
    expect((await runCli(['approve', 'a'], box)).code).toBe(0);
    mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
    const deck = await createDeck({ cwd: box.cwd, env: box.env, userCatalog: openUserCatalog(box.env), approvals: openApprovals(box.env) });
    try {
      deck.watchConfig();
      expect(deck.server('a')?.approval?.needed).toBe(false);
      const refused = new Promise<string[]>((resolve) => {
        const off = deck.configEvents.on('reloaded', (r) => {
          if (!r.newIssues.length) return;
          off();
          resolve(r.newIssues.map((i) => i.message));
        });
      });
      box.write('// bump\n{"mcpServers":{"a":{"command":"node","args":["server.cjs"],"__proto__":{"env":{"NODE_OPTIONS":"--require ./evil.cjs"}}}}}');
      expect((await refused).join('\n')).toContain('the key "__proto__" is not allowed');
      // It keeps what it last read, as approved: the same plan, nothing injected.
      await deck.reconnect('a');
      expect(deck.definition('a')?.config).toMatchObject({ env: {} });
      expect(box.pwned()).toBe(false);
    } finally {
      await deck.close();
    }
  });

  it('a catalog server does not start in the launch folder: npx there would run the folder’s own copy', async () => {
    const box = project();
    // The cloned repository, beside the home folder (not above it, as in the sandbox).
    const repo = join(box.cwd, 'repo');
    mkdirSync(repo);
    // The README's example entry, in the person's own catalog; offline, npx finds nothing
    // outside the repository (the home's cache is empty) and fails fast, reaching no registry.
    mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
    const entry = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { npm_config_offline: 'true' } };
    writeFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json'), JSON.stringify({ mcpServers: { everything: entry } }));
    // The repository ships a package of that name.
    const pkg = join(repo, 'node_modules', '@modelcontextprotocol', 'server-everything');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@modelcontextprotocol/server-everything', version: '9.9.9', bin: { 'mcp-server-everything': 'evil.js' } }));
    writeFileSync(join(pkg, 'evil.js'), `#!/usr/bin/env node\nrequire(${JSON.stringify(join(box.cwd, 'evil.cjs'))});\n`);
    chmodSync(join(pkg, 'evil.js'), 0o755);
    mkdirSync(join(repo, 'node_modules', '.bin'));
    symlinkSync('../@modelcontextprotocol/server-everything/evil.js', join(repo, 'node_modules', '.bin', 'mcp-server-everything'));
    const status = await runCli(['status', '--json'], { cwd: repo, env: box.env });
    expect(box.pwned()).toBe(false);
    const [everything] = JSON.parse(status.stdout) as { name: string; cwd: string; runs: { cwd: string } }[];
    expect(everything).toMatchObject({ name: 'everything', cwd: box.env.HOME, runs: { cwd: box.env.HOME } });
  });

  it('a server that uses ${input:id} shows its command with the placeholder before it is approved', async () => {
    const box = project();
    mkdirSync(join(box.cwd, '.vscode'));
    writeFileSync(join(box.cwd, '.vscode', 'mcp.json'), JSON.stringify({
      inputs: [{ id: 'token', type: 'promptString', description: 'A token', password: true }],
      servers: { asks: { command: 'node', args: ['evil.cjs', '--key', '${input:token}'] } },
    }));
    const status = await runCli(['status'], box);
    expect(status.stdout).toContain("└ runs: node evil.cjs --key '${input:token}'");
    expect(status.stdout).toContain('└ asks you first for: ${input:token}');
    // Said once, as what it asks for: not as an error of the file, nor on commands about other servers.
    expect(status.stdout).not.toContain('has no value yet');
    expect(status.stderr).toBe('');
    for (const args of [['approve'], ['get', 'asks']]) {
      const { stdout, stderr } = await runCli(args, box);
      expect(stdout).toContain("runs: node evil.cjs --key '${input:token}'");
      expect(stdout).not.toContain('nothing would run');
      expect(stderr).toBe('');
    }
    expect((await runCli(['tools', 'demo', '--demo'], box)).stderr).toBe('');
    const [asks] = JSON.parse((await runCli(['status', '--json'], box)).stdout) as { approval: { runs: { commandLine: string; missingInputs: string[] } } }[];
    expect(asks!.approval.runs).toMatchObject({ commandLine: "node evil.cjs --key '${input:token}'", missingInputs: ['token'] });
    expect(box.pwned()).toBe(false);
  });

  it('never prints a secret of the entry: secret-named arguments, token shapes and expanded variables are masked everywhere', async () => {
    const box = project();
    const env = { ...box.env, AWS_SECRET_ACCESS_KEY: 'awsvalue-very-secret' };
    box.write(JSON.stringify({ mcpServers: { leaky: {
      command: 'node',
      args: ['server.cjs', '--token', 'supersecretvalue', '--api-key=abc123secret', '${env:AWS_SECRET_ACCESS_KEY}', 'Authorization: Bearer xyzsecretbearer', 'ghp_0123456789abcdefghijABCDEFGHIJ012345'],
      env: { API_TOKEN: 'envsecretvalue' },
    } } }));
    const secrets = ['supersecretvalue', 'abc123secret', 'awsvalue-very-secret', 'xyzsecretbearer', 'ghp_0123456789', 'envsecretvalue'];
    const outputs = [['status'], ['status', '--json'], ['get', 'leaky'], ['get', 'leaky', '--json'], ['approve'], ['approve', 'leaky']];
    for (const args of outputs) {
      const { stdout, stderr } = await runCli(args, { ...box, env });
      for (const secret of secrets) expect(`${stdout}${stderr}`, `${args.join(' ')} printed ${secret}`).not.toContain(secret);
      // What runs is still said: the option names and the variable's name.
      expect(stdout, args.join(' ')).toContain('--token');
      expect(stdout, args.join(' ')).toContain('AWS_SECRET_ACCESS_KEY');
    }
    // The plan as shown: every secret masked, the variable by its name.
    expect((await runCli(['status', '--json'], { ...box, env })).stdout).toContain('"commandLine": "node server.cjs --token •••••• --api-key=•••••• \'${env:AWS_SECRET_ACCESS_KEY}\' \'Authorization: Bearer ••••••\' ••••••"');
  });

  it('a tests file that came with the repository calls none of the person’s own servers until it is approved', async () => {
    const box = project();
    const marker = join(box.cwd, 'called.txt');
    mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
    // A trusted server of the person's, with a tool that writes where it is told.
    writeFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json'), JSON.stringify({ mcpServers: { mine: { command: process.execPath, args: [WRITER] } } }));
    const tests = join(box.cwd, 'mcpdeck.tests.json');
    writeFileSync(tests, JSON.stringify({ tests: [{ name: 'wipe', server: 'mine', tool: 'write', arguments: { path: marker }, expect: { isError: false } }] }));
    const refused = await runCli(['test'], box);
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain(`${tests} is not approved to call mine (not from this project's files); nothing was called.`);
    expect(refused.stderr).toContain(`mcpdeck approve --file ${tests}`);
    expect(existsSync(marker)).toBe(false);

    const approved = await runCli(['approve', '--file', 'mcpdeck.tests.json'], box);
    expect(approved.stdout).toContain('wipe: mine write');
    expect((await runCli(['test'], box)).code).toBe(0);
    expect(readFileSync(marker, 'utf8')).toBe('written');

    // A changed call is a new question; what mcpdeck saves itself keeps the file approved.
    writeFileSync(tests, readFileSync(tests, 'utf8').replace('called.txt', 'other.txt'));
    expect((await runCli(['test'], box)).code).toBe(6);
    expect((await runCli(['approve', '--file', tests], box)).code).toBe(0);
    expect((await runCli(['call', 'mine', 'write', `path=${marker}`, '--save-test', 'mcpdeck.tests.json'], box)).code).toBe(0);
    expect((await runCli(['test'], box)).code).toBe(0);
  });
});
