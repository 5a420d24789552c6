import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { fixture, PLACES } from '../unit/helpers/clients.js';
import { runCli, sandbox } from './helpers/cli.js';

/** A sandbox with these client fixtures where their clients keep them (its own home and project). */
function withClients(names: string[]) {
  const box = sandbox();
  const home = box.env.HOME!;
  const at = (name: string) => (PLACES[name]!.startsWith('~/') ? join(home, PLACES[name]!.slice(2)) : join(box.cwd, PLACES[name]!.slice(2)));
  for (const name of names) {
    mkdirSync(dirname(at(name)), { recursive: true });
    writeFileSync(at(name), fixture(name).replaceAll('__PROJECT__', box.cwd));
  }
  return { ...box, home, at };
}

describe('mcpdeck sources', () => {
  it('lists what was read, skipped and why, and which definition won', async () => {
    const box = withClients(['cursor.mcp.json', 'windsurf.mcp_config.json', 'codex.config.toml']);
    writeFileSync(box.at('windsurf.mcp_config.json'), '{ "mcpServers": { "x": 1 ');
    writeFileSync(join(box.cwd, '.mcp.json'), JSON.stringify({ mcpServers: { notes: { command: 'mine' } } }));
    const r = await runCli(['sources', '--json'], box);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const byId = Object.fromEntries(out.sources.map((s: { id: string }) => [s.id, s]));
    expect(byId.cursor).toMatchObject({ status: 'read', servers: ['context7', 'browser', 'notes', 'oauth-app'], path: box.at('cursor.mcp.json') });
    expect(byId.windsurf).toMatchObject({ status: 'error', reason: expect.stringMatching(/mcp_config\.json:1:\d+: JSON syntax error/) });
    expect(byId.vscode).toMatchObject({ status: 'missing' });
    expect(byId.codex).toMatchObject({ status: 'read', servers: ['docs', 'figma', 'old'] });
    expect(out.conflicts).toEqual([{ name: 'notes', winner: 'project', overridden: ['cursor'] }]);
    expect(out.servers).toContainEqual({ name: 'notes', source: 'project' });
    expect(out.servers).toContainEqual({ name: 'figma', source: 'codex' });

    const text = await runCli(['sources'], box);
    expect(text.stdout).toMatch(/cursor\s+read: context7, browser, notes, oauth-app\s+\S*\.cursor\/mcp\.json/);
    expect(text.stdout).toMatch(/windsurf\s+error/);
    expect(text.stdout).toContain('notes: project wins over cursor');
  });

  it('--hide stops reading a source (its servers are gone), --show brings it back', async () => {
    const box = withClients(['cursor.mcp.json', 'windsurf.mcp_config.json']);
    const hide = await runCli(['sources', '--hide', 'windsurf'], box);
    expect(hide.stderr).toContain('hid windsurf');
    const gone = await runCli(['get', 'git'], box);
    expect(gone.stderr).toContain('no server named "git"');
    expect(JSON.parse((await runCli(['sources', '--json'], box)).stdout).sources.find((s: { id: string }) => s.id === 'windsurf').status).toBe('hidden');
    await runCli(['sources', '--show', 'windsurf'], box);
    expect(JSON.parse((await runCli(['sources', '--json'], box)).stdout).sources.find((s: { id: string }) => s.id === 'windsurf').status).toBe('read');
    const wrong = await runCli(['sources', '--hide', 'nope'], box);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('no source "nope"; sources: claude-desktop, claude-code, cursor');
  });
});

describe('mcpdeck import and export', () => {
  it('imports from a client into the user catalog, then exports to another in its format', async () => {
    const box = withClients(['windsurf.mcp_config.json', 'codex.config.toml']);
    const imported = await runCli(['import', '--from', 'windsurf', '--only', 'userjot,ollama'], box);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('added to the user catalog');
    const catalog = JSON.parse(readFileSync(join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json'), 'utf8')).mcpServers;
    expect(catalog.userjot).toEqual({ headers: { Authorization: 'Bearer ${env:USERJOT_API_TOKEN}' }, url: 'https://api.userjot.com/v1/mcp' });
    expect((await runCli(['import', '--from', 'windsurf', '--only', 'userjot'], box)).stdout).toContain('already there: userjot');
    const missing = await runCli(['import', '--from', 'windsurf', '--only', 'nope'], box);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('"nope" not found in Windsurf\'s files; there: userjot, git, ollama');

    const toCursor = await runCli(['export', '--to', 'cursor'], box);
    expect(toCursor.code).toBe(0);
    const cursor = JSON.parse(readFileSync(join(box.home, '.cursor', 'mcp.json'), 'utf8'));
    expect(cursor.mcpServers.userjot).toEqual({ url: 'https://api.userjot.com/v1/mcp', headers: { Authorization: 'Bearer ${env:USERJOT_API_TOKEN}' } });
    expect(cursor.mcpServers.ollama).toEqual({ command: 'py', args: ['-m', 'mcp_ollama_python'] });

    const before = readFileSync(box.at('codex.config.toml'), 'utf8');
    const toCodex = await runCli(['export', '--to', 'codex', '--only', 'userjot', '--json'], box);
    expect(JSON.parse(toCodex.stdout)).toMatchObject({ added: ['userjot'], notes: [] });
    const after = readFileSync(box.at('codex.config.toml'), 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect((parse(after) as { mcp_servers: Record<string, unknown> }).mcp_servers.userjot).toEqual({
      url: 'https://api.userjot.com/v1/mcp', bearer_token_env_var: 'USERJOT_API_TOKEN',
    });
  });

  it('never writes over a file it cannot parse; the error names file, line and column', async () => {
    const box = withClients([]);
    await runCli(['add', 'a', '--', 'node'], box);
    const cursor = join(box.home, '.cursor', 'mcp.json');
    mkdirSync(dirname(cursor), { recursive: true });
    const broken = '{\n  "mcpServers": {\n    "x": {}\n    "y": {}\n';
    writeFileSync(cursor, broken);
    const r = await runCli(['export', '--to', 'cursor'], box);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${cursor}:4:5: JSON syntax error: expected ','; fix it before changing servers there`);
    expect(readFileSync(cursor, 'utf8')).toBe(broken);

    const project = join(box.cwd, '.mcp.json');
    writeFileSync(project, broken);
    const add = await runCli(['add', 'b', '--scope', 'project', '--', 'node'], box);
    expect(add.code).toBe(2);
    expect(add.stderr).toContain(`${project}:4:5: JSON syntax error`);
    expect(readFileSync(project, 'utf8')).toBe(broken);
  });

  it('points at import when asked to change a server another client defines', async () => {
    const box = withClients(['cursor.mcp.json']);
    const r = await runCli(['disable', 'browser'], box);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`"browser" comes from cursor (${box.at('cursor.mcp.json')}); mcpdeck changes only its own files: copy it with \`mcpdeck import --from cursor --only browser\``);
  });
});

describe('secrets in views', () => {
  it('get masks env and credential headers, also as JSON; --show-secrets is the one way to see them', async () => {
    const box = withClients(['claude_desktop_config.json', 'cursor.mcp.json']);
    const env = { ...box.env, CONTEXT7_KEY: 'c7-secret' };
    const masked = await runCli(['get', 'github'], { ...box, env });
    expect(masked.stdout).not.toContain('ghp_fixture');
    expect(masked.stdout).toContain('"GITHUB_PERSONAL_ACCESS_TOKEN": "••••••"');
    const json = JSON.parse((await runCli(['get', 'github', '--json'], { ...box, env })).stdout);
    expect(json.config.env.GITHUB_PERSONAL_ACCESS_TOKEN).toBe('••••••');
    expect(json).not.toHaveProperty('resolved');
    const shown = JSON.parse((await runCli(['get', 'github', '--json', '--show-secrets'], { ...box, env })).stdout);
    expect(shown.config.env.GITHUB_PERSONAL_ACCESS_TOKEN).toBe('ghp_fixture000000000000000000000000000000');
    const context7 = JSON.parse((await runCli(['get', 'context7', '--json', '--show-secrets'], { ...box, env })).stdout);
    expect(context7.config.headers).toEqual({ CONTEXT7_API_KEY: '${env:CONTEXT7_KEY}' });
    expect(context7.resolved.headers).toEqual({ CONTEXT7_API_KEY: 'c7-secret' });
    const hidden = JSON.parse((await runCli(['get', 'context7', '--json'], { ...box, env })).stdout);
    expect(JSON.stringify(hidden)).not.toContain('c7-secret');
  });

  it('without a terminal, a server that needs an ${input:id} says so and the others still run', async () => {
    const box = withClients(['vscode.user.mcp.json']);
    const r = await runCli(['status', '--json', '--only', 'github'], box);
    expect(r.stderr).toContain('github needs ${input:github-token}');
    expect(r.stderr).toContain('stdin is not a terminal to ask on');
    const github = JSON.parse(r.stdout).find((s: { name: string }) => s.name === 'github');
    expect(github).toMatchObject({ status: 'failed', error: expect.stringContaining('${input:github-token} has no value yet') });
  });
});
