import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { everythingStdio, fixture, fixtureServer } from '../helpers/servers.js';

const LONG_NAME = 'search_every_repository_issue_and_pull_request_by_label_author_and_dat';

function project() {
  const box = sandbox();
  const config = join(box.cwd, 'servers.json');
  writeFileSync(config, JSON.stringify({
    mcpServers: {
      incompatible: fixtureServer('incompatible-tools.mjs'),
      clean: fixtureServer('incompatible-tools.mjs', '--clean'),
      everything: everythingStdio(),
    },
  }));
  return { box, lint: (...args: string[]) => runCli(['lint', '--strict', '-c', config, ...args], box) };
}

interface Report {
  server: string;
  as: string;
  tools: number;
  clients: string[];
  rules: number;
  counts: { error: number; warning: number; info: number };
  findings: { rule: string; severity: string; tool: string | null; message: string; detail: string; clients: string[]; source: string; evidence: string[] }[];
}

const parse = (stdout: string) => JSON.parse(stdout) as Report;

describe('mcpdeck lint', () => {
  it('names each problem of the incompatible server and the clients it affects (--json), and exits 1', async () => {
    const { lint } = project();
    const r = await lint('incompatible', '--json');
    expect(r.code, r.stderr).toBe(1);
    const report = parse(r.stdout);
    expect(report).toMatchObject({ server: 'incompatible', as: 'incompatible', tools: 130, rules: 20 });
    expect(report.clients).toEqual(['openai', 'anthropic', 'gemini', 'claude-code', 'claude-desktop', 'cursor', 'vscode', 'gemini-cli', 'copilot-cli']);
    const find = (rule: string, tool: string | null) => report.findings.find((f) => f.rule === rule && f.tool === tool);
    // The dotted name: refused by OpenAI, Anthropic, Claude Desktop; Claude Code's prefixed name fails too.
    expect(find('name-pattern', 'files.read')).toMatchObject({ severity: 'error', clients: ['openai', 'anthropic', 'claude-desktop'], detail: '"files.read" has "."' });
    expect(find('claude-code-name', 'files.read')!.detail).toBe('Claude Code calls it "mcp__incompatible__files.read", which has "."');
    // The 70-character name: too long for the APIs and for Cursor, renamed by Gemini CLI.
    expect(find('name-pattern', LONG_NAME)!.detail).toBe(`"${LONG_NAME}" is 70 characters (at most 64)`);
    expect(find('gemini-function-name', LONG_NAME)).toMatchObject({ severity: 'error', clients: ['gemini'] });
    expect(find('cursor-name-length', LONG_NAME)).toMatchObject({ severity: 'error', clients: ['cursor'] });
    expect(find('gemini-cli-name', LONG_NAME)).toMatchObject({ severity: 'warning', clients: ['gemini-cli'] });
    // The root oneOf: OpenAI, and Anthropic with the clients on its API.
    expect(find('openai-root-schema', 'pick_one')!.message).toContain("not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level");
    expect(find('anthropic-root-schema', 'pick_one')!.clients).toEqual(['anthropic', 'claude-code', 'claude-desktop']);
    // 130 tools: over OpenAI's and VS Code's 128, said once for the server.
    expect(find('openai-tool-count', null)).toMatchObject({ severity: 'error', detail: '130 tools, 2 more than 128' });
    expect(find('vscode-tool-count', null)).toMatchObject({ severity: 'warning', clients: ['vscode'] });
    expect(find('openai-description-length', 'explain')).toBeDefined();
    expect(find('output-schema-root', 'list_items')).toMatchObject({ clients: ['gemini-cli'] });
    // The plain tools raise nothing but notes.
    expect(report.findings.filter((f) => f.tool?.startsWith('tool_') && f.severity !== 'info')).toEqual([]);
    for (const f of report.findings) {
      expect(f.source, f.rule).toMatch(/^https:\/\//);
      expect(Object.keys(f)).toEqual(['rule', 'severity', 'tool', 'message', 'detail', 'clients', 'source', 'evidence']);
    }
    expect(report.counts).toEqual({
      error: report.findings.filter((f) => f.severity === 'error').length,
      warning: report.findings.filter((f) => f.severity === 'warning').length,
      info: report.findings.filter((f) => f.severity === 'info').length,
    });
  });

  it('reads as a table by tool, then by rule, each rule with its source', async () => {
    const { lint } = project();
    const byTool = await lint('incompatible');
    expect(byTool.code).toBe(1);
    expect(byTool.stdout).toMatch(/^incompatible: 130 tools checked against 9 clients and model APIs$/m);
    expect(byTool.stdout).toMatch(/^✗ \d+ errors {2}! \d+ warnings {2}· \d+ notes$/m);
    expect(byTool.stdout).toMatch(/^files\.read\n {2}✗ name-pattern · OpenAI API, Anthropic API, Claude Desktop \/ claude\.ai\n {4}"files\.read" has "\." — OpenAI and Anthropic refuse/m);
    expect(byTool.stdout).toMatch(/^pick_one\n {2}✗ openai-root-schema · OpenAI API\n/m);
    expect(byTool.stdout).toMatch(/^the server\n {2}✗ openai-tool-count · OpenAI API\n {4}130 tools, 2 more than 128 — /m);
    // Notes are counted, not listed tool by tool, unless --all.
    expect(byTool.stdout).toMatch(/^ {2}· read-only-hint · VS Code, Gemini CLI: 62 tools \(tool_002, tool_004/m);
    expect(byTool.stdout).not.toMatch(/^tool_002$/m);
    expect(byTool.stdout).toMatch(/^Sources:\n {2}name-pattern +https:\/\/platform\.openai\.com\/docs\/api-reference\/chat\/create$/m);
    const byRule = await lint('incompatible', '--by', 'rule', '--all');
    expect(byRule.stdout).toMatch(/^✗ anthropic-root-schema · error · Anthropic API, Claude Code, Claude Desktop \/ claude\.ai\n {2}oneOf, anyOf or allOf at the root of the input schema: /m);
    expect(byRule.stdout).toContain('  - pick_one: its input schema has oneOf at the root');
    expect(byRule.stdout).toContain('  - tool_124: "tool_124" declares no readOnlyHint');
  });

  it('--client keeps those clients only; --as names the server as its clients do; an unknown client is a mistake', async () => {
    const { lint } = project();
    const cursor = parse((await lint('incompatible', '--client', 'cursor', '--json')).stdout);
    expect([...new Set(cursor.findings.map((f) => f.rule))]).toEqual(['cursor-name-length', 'cursor-tool-count']);
    expect(cursor.findings.every((f) => f.clients.join() === 'cursor')).toBe(true);
    const vscode = await lint('incompatible', '--client', 'vscode,gemini-cli', '--client', 'vscode', '--json', '--fail-on', 'warning');
    expect(parse(vscode.stdout).clients).toEqual(['vscode', 'gemini-cli']);
    expect(vscode.code).toBe(1);
    const named = parse((await lint('incompatible', '--client', 'claude-code', '--as', 'x', '--json')).stdout);
    expect(named.as).toBe('x');
    expect(named.findings.find((f) => f.rule === 'claude-code-name' && f.tool === 'files.read')!.detail).toContain('"mcp__x__files.read"');
    const unknown = await lint('incompatible', '--client', 'claude,emacs');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^mcpdeck: --client: unknown "claude", "emacs"; known: openai, anthropic, gemini, claude-code/m);
    expect(unknown.stderr).not.toContain('    at ');
  });

  it('a clean server exits 0 (with its notes); --fail-on info makes the notes count', async () => {
    const { lint } = project();
    const clean = await lint('clean', '--json');
    expect(clean.code, clean.stderr).toBe(0);
    expect(parse(clean.stdout).counts).toMatchObject({ error: 0, warning: 0 });
    expect((await lint('clean', '--fail-on', 'info')).code).toBe(1);
  });

  it('server-everything: warnings only (Gemini\'s schema subset), exit 0', async () => {
    const { lint } = project();
    const r = await lint('everything', '--json');
    expect(r.code, r.stderr).toBe(0);
    const report = parse(r.stdout);
    expect(report.counts.error).toBe(0);
    expect(report.findings.some((f) => f.rule === 'gemini-schema-subset' && f.tool === 'echo')).toBe(true);
  });

  it('an ad hoc server with hostile names: its text reaches the terminal as markers, never raw', async () => {
    const { box } = project();
    const r = await runCli(['lint', '--all', '--', process.execPath, fixture('hostile-text.mjs')], box);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^evil⟦ESC\[2J⟧tool$/m);
    expect(r.stdout).not.toMatch(/[\u0007\u001b\u009b\u009d\u202e]/);
    const json = await runCli(['lint', '--json', '--', process.execPath, fixture('hostile-text.mjs')], box);
    expect(json.stdout).not.toMatch(/[\u0007\u001b\u009b\u009d\u202e]/);
    expect(parse(json.stdout).findings.some((f) => f.tool === 'evil\u001b[2Jtool')).toBe(true);
  });
});
