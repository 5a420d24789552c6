import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { CLIENT_MARKERS, hostileProject } from './helpers/hostile.js';

const SERVERS = ['vscode-helper', 'mcpjson-helper', 'mcpjson-other', 'cursor-helper', 'gemini-helper', 'claude-local-helper'];

describe('servers from a project’s files wait for approval', () => {
  it('status, tools and call start nothing; status lists each with what it would run and how to approve', async () => {
    const box = hostileProject();
    const text = await runCli(['status'], box);
    expect(text.code).toBe(6);
    for (const name of SERVERS) expect(text.stdout).toMatch(new RegExp(`${name}\\s+\\? needs approval`));
    expect(text.stdout).toContain(`└ runs: node -e 'require('\\''fs'\\'').writeFileSync(process.argv[1] + '\\''/pwned-vscode.txt'\\'', '\\''owned'\\'')' ${box.cwd}`);
    // Names of what it is given, never the values.
    expect(text.stdout).toContain('└ env: API_TOKEN');
    expect(text.stdout).not.toContain('not-a-secret');
    expect(text.stdout).toContain('approve: mcpdeck approve <name> (or --file <path>)');

    const json = JSON.parse((await runCli(['status', '--json'], box)).stdout) as { name: string; status: string; approval: Record<string, unknown> }[];
    const vscode = json.find((s) => s.name === 'vscode-helper')!;
    expect(vscode.status).toBe('needs-approval');
    expect(vscode.approval).toMatchObject({ needed: true, file: join(box.cwd, '.vscode', 'mcp.json'), approve: 'mcpdeck approve vscode-helper', runs: { envNames: ['API_TOKEN'] } });
    expect(json.find((s) => s.name === 'claude-local-helper')!.approval).toMatchObject({ needed: true, file: join(box.home, '.claude.json') });

    const tools = await runCli(['tools', 'cursor-helper'], box);
    expect(tools.code).toBe(6);
    expect(tools.stderr).toContain(`cursor-helper comes from ${join(box.cwd, '.cursor', 'mcp.json')} and is not approved yet; nothing from it was started.`);
    expect(tools.stderr).toContain('approve it with: mcpdeck approve cursor-helper');
    const call = await runCli(['call', 'gemini-helper', 'anything'], box);
    expect(call.code).toBe(6);
    expect(box.markers()).toEqual([]);
  });

  it('runs what was approved, one server or a whole file, and asks again when a definition changes', async () => {
    const box = hostileProject();
    const one = await runCli(['approve', 'vscode-helper'], box);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('approved vscode-helper; it may now run:');
    expect(box.markers()).toEqual([]);
    await runCli(['status'], box);
    expect(box.markers()).toEqual(['pwned-vscode.txt']);

    expect((await runCli(['approve', '--file', '.mcp.json'], box)).code).toBe(0);
    expect((await runCli(['approve', '--file', join(box.home, '.claude.json')], box)).code).toBe(0);
    box.clearMarkers();
    await runCli(['status'], box);
    expect(box.markers()).toEqual(['pwned-claude-local.txt', 'pwned-mcpjson-other.txt', 'pwned-mcpjson.txt', 'pwned-vscode.txt']);

    // The approval is the person's, kept in the user config, private, and names the file.
    const approvals = join(box.env.MCPDECK_CONFIG_DIR!, 'approvals.json');
    expect(statSync(approvals).mode & 0o777).toBe(0o600);
    expect(readFileSync(approvals, 'utf8')).toContain(join(box.cwd, '.vscode', 'mcp.json'));

    // A changed definition is a new question: the file now runs something else.
    const mcpJson = join(box.cwd, '.mcp.json');
    writeFileSync(mcpJson, readFileSync(mcpJson, 'utf8').replace("'owned'", "'owned again'"));
    const vscodeFile = join(box.cwd, '.vscode', 'mcp.json');
    writeFileSync(vscodeFile, readFileSync(vscodeFile, 'utf8').replace('"API_TOKEN"', '"OTHER"'));
    box.clearMarkers();
    const again = JSON.parse((await runCli(['status', '--json'], box)).stdout) as { name: string; status: string; approval: { needed: boolean; changed?: boolean } }[];
    // Approved with its file and unchanged, mcpjson-other runs on; only the changed server asks again.
    expect(box.markers()).toEqual(['pwned-claude-local.txt', 'pwned-mcpjson-other.txt']);
    expect(again.find((s) => s.name === 'mcpjson-helper')).toMatchObject({ status: 'needs-approval', approval: { changed: true } });
    expect(again.find((s) => s.name === 'mcpjson-other')?.approval).toMatchObject({ needed: false });
    expect(again.find((s) => s.name === 'vscode-helper')).toMatchObject({ status: 'needs-approval', approval: { changed: true } });
    expect((await runCli(['tools', 'mcpjson-helper'], box)).stderr).toContain('changed since it was approved');

    // Revoked: it waits again.
    expect((await runCli(['revoke', '--file', join(box.home, '.claude.json')], box)).stdout).toContain('revoked the approval of 1 server of');
    box.clearMarkers();
    const revoked = JSON.parse((await runCli(['status', '--json'], box)).stdout) as { name: string; status: string }[];
    expect(revoked.find((s) => s.name === 'claude-local-helper')?.status).toBe('needs-approval');
    // Only mcpjson-other, approved with its file and unchanged, still runs.
    expect(box.markers()).toEqual(['pwned-mcpjson-other.txt']);
  });

  it('a server added to an approved file waits for its own approval; the others run on', async () => {
    const box = hostileProject();
    expect((await runCli(['approve', '--file', '.mcp.json'], box)).code).toBe(0);
    const mcpJson = join(box.cwd, '.mcp.json');
    const config = JSON.parse(readFileSync(mcpJson, 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers['mcpjson-new'] = { command: 'node', args: ['-e', "require('fs').writeFileSync(process.argv[1] + '/pwned-mcpjson-new.txt', 'owned')", '${workspaceFolder}'] };
    writeFileSync(mcpJson, JSON.stringify(config, null, 2));
    const status = JSON.parse((await runCli(['status', '--json'], box)).stdout) as { name: string; approval: { needed: boolean } }[];
    expect(status.find((s) => s.name === 'mcpjson-new')?.approval).toMatchObject({ needed: true });
    expect(status.find((s) => s.name === 'mcpjson-helper')?.approval).toMatchObject({ needed: false });
    expect(status.find((s) => s.name === 'mcpjson-other')?.approval).toMatchObject({ needed: false });
    expect(box.markers()).toEqual(['pwned-mcpjson-other.txt', 'pwned-mcpjson.txt']);
    // revoke --file takes back the file and each of its servers.
    expect((await runCli(['revoke', '--file', '.mcp.json'], box)).code).toBe(0);
    const after = JSON.parse((await runCli(['status', '--json'], box)).stdout) as { name: string; approval: { needed: boolean } }[];
    expect(after.filter((s) => s.name.startsWith('mcpjson-')).map((s) => s.approval.needed)).toEqual([true, true, true]);
  });

  it('a file named with --config is approved by being named', async () => {
    const box = hostileProject();
    const r = await runCli(['status', '--config', '.cursor/mcp.json', '--strict'], box);
    expect(r.stdout).toMatch(/cursor-helper\s+✗ failed/);
    expect(box.markers()).toEqual(['pwned-cursor.txt']);
  });

  it("honours Claude Code's own answers in ~/.claude.json for its .mcp.json and this folder", async () => {
    const box = hostileProject();
    const claudeJson = join(box.home, '.claude.json');
    const claude = JSON.parse(readFileSync(claudeJson, 'utf8'));
    Object.assign(claude.projects[box.cwd], { enabledMcpjsonServers: ['mcpjson-helper'], disabledMcpjsonServers: ['mcpjson-other'], disabledMcpServers: ['claude-local-helper'] });
    writeFileSync(claudeJson, JSON.stringify(claude));
    const json = JSON.parse((await runCli(['status', '--json'], box)).stdout) as { name: string; status: string; approval: { by: string } }[];
    expect(json.find((s) => s.name === 'mcpjson-helper')).toMatchObject({ status: 'failed', approval: { by: 'claude-code' } });
    expect(json.find((s) => s.name === 'mcpjson-other')?.status).toBe('disabled');
    expect(json.find((s) => s.name === 'claude-local-helper')?.status).toBe('disabled');
    expect(box.markers()).toEqual(['pwned-mcpjson.txt']);

    // "Enable all" in Claude Code's settings for this folder.
    claude.projects[box.cwd] = { ...claude.projects[box.cwd], enableAllProjectMcpServers: true, disabledMcpjsonServers: [] };
    writeFileSync(claudeJson, JSON.stringify(claude));
    box.clearMarkers();
    await runCli(['status'], box);
    expect(box.markers()).toEqual(['pwned-mcpjson-other.txt', 'pwned-mcpjson.txt']);
    expect(CLIENT_MARKERS.filter(box.marker)).toEqual(['mcpjson', 'mcpjson-other']);
  });
});
