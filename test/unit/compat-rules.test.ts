import { describe, expect, it } from 'vitest';
import { countBySeverity, groupByRule, lintServer, rulesFor } from '../../src/core/compat/lint.js';
import { claudeCodeName, geminiCliName } from '../../src/core/compat/names.js';
import { RULES } from '../../src/core/compat/rules.js';
import { walkSchema } from '../../src/core/compat/schema-walk.js';
import type { LintTool } from '../../src/core/compat/types.js';

const object = (properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
/** A tool every rule accepts: a portable name, a strict schema, declared read-only. */
const clean = (name: string, extra: Partial<LintTool> = {}): LintTool => ({
  name,
  description: 'Does one thing.',
  inputSchema: object({ q: { type: 'string' } }, { required: ['q'], additionalProperties: false }),
  annotations: { readOnlyHint: true },
  ...extra,
});
const lint = (tools: LintTool[], server = 'srv', instructions?: string) => lintServer({ server, tools, instructions });
/** What one schema cannot satisfy both of: strict mode wants additionalProperties: false, Gemini's subset has no such field. */
const DIALECTS = new Set(['openai-strict', 'gemini-schema-subset']);
const rulesOf = (tools: LintTool[], server = 'srv') => [...new Set(lint(tools, server).map((f) => f.rule))].filter((r) => !DIALECTS.has(r));
const only = (rule: string, tools: LintTool[], server = 'srv') => lint(tools, server).filter((f) => f.rule === rule);

describe('compatibility rules', () => {
  it('a clean tool on a short-named server finds nothing but what no schema can satisfy for both OpenAI strict and Gemini', () => {
    const found = lint([clean('read_file'), clean('write-file', { annotations: { readOnlyHint: false } })]);
    expect(found.map((f) => [f.rule, f.detail])).toEqual([
      ['gemini-schema-subset', 'its input schema uses additionalProperties (the root)'],
      ['gemini-schema-subset', 'its input schema uses additionalProperties (the root)'],
    ]);
  });

  it('every rule names its clients, a source URL and what it costs', () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const rule of RULES) {
      expect(rule.clients.length, rule.id).toBeGreaterThan(0);
      expect(rule.source, rule.id).toMatch(/^https:\/\//);
      for (const url of rule.evidence ?? []) expect(url, rule.id).toMatch(/^https:\/\//);
      expect(rule.effect.length, rule.id).toBeGreaterThan(20);
    }
  });

  it('a dotted name: OpenAI, Anthropic and Claude Desktop refuse it, Claude Code and Copilot CLI fail, Gemini takes it', () => {
    const found = lint([clean('files.read')]);
    const pattern = found.find((f) => f.rule === 'name-pattern')!;
    expect(pattern).toMatchObject({ severity: 'error', tool: 'files.read', clients: ['openai', 'anthropic', 'claude-desktop'] });
    expect(pattern.detail).toBe('"files.read" has "."');
    expect(pattern.message).toContain('OpenAI and Anthropic refuse the whole request');
    expect(found.find((f) => f.rule === 'claude-code-name')!.detail).toBe('Claude Code calls it "mcp__srv__files.read", which has "."');
    expect(found.map((f) => f.rule)).toContain('copilot-cli-name');
    expect(found.map((f) => f.rule)).not.toContain('gemini-function-name');
    expect(found.map((f) => f.rule)).not.toContain('gemini-cli-name');
  });

  it('a 70-character name: too long for every API, renamed by Gemini CLI, filtered by Cursor', () => {
    const name = `get_${'x'.repeat(66)}`;
    const rules = rulesOf([clean(name)]);
    expect(rules).toEqual(expect.arrayContaining(['name-pattern', 'claude-code-name', 'gemini-function-name', 'cursor-name-length', 'gemini-cli-name']));
    expect(rules).not.toContain('copilot-cli-name');
    expect(only('name-pattern', [clean(name)])[0]!.detail).toContain('is 70 characters (at most 64)');
    expect(only('gemini-cli-name', [clean(name)])[0]!.detail).toContain(`"${geminiCliName('srv', name)}"`);
  });

  it("Claude Code's prefix counts: a name that fits alone is too long as mcp__<server>__<tool>", () => {
    const name = 'x'.repeat(50);
    expect(rulesOf([clean(name)], 'a')).not.toContain('claude-code-name');
    const found = only('claude-code-name', [clean(name)], 'my-long-server-name');
    expect(found[0]!.detail).toContain('which is 76 characters (at most 64)');
    // The server's name is made valid the way Claude Code makes it (its characters outside the set become _).
    expect(claudeCodeName('my server.v2', 'go')).toBe('mcp__my_server_v2__go');
  });

  it("Cursor: the server's and the tool's names together, 60 characters or more", () => {
    expect(only('cursor-name-length', [clean('t'.repeat(49))], 'ten-chars!')).toHaveLength(0);
    expect(only('cursor-name-length', [clean('t'.repeat(50))], 'ten-chars!')[0]!.detail).toBe(`"ten-chars!" and "${'t'.repeat(50)}" together are 60 characters`);
  });

  it("Gemini's rule: a letter or _ first; dots and colons allowed", () => {
    expect(rulesOf([clean('ns:files.read')])).not.toContain('gemini-function-name');
    expect(only('gemini-function-name', [clean('1st-tool')])[0]!.detail).toBe('"1st-tool" starts with "1"');
  });

  it('Gemini CLI: names it makes the same are a clash, the later tool lost', () => {
    expect(geminiCliName('srv', 'read file')).toBe('mcp_srv_read_file');
    const clash = only('gemini-cli-name-clash', [clean('read_file'), clean('read file')]);
    expect(clash).toHaveLength(1);
    expect(clash[0]).toMatchObject({ tool: 'read file', severity: 'error' });
    expect(clash[0]!.detail).toBe('"read file" and "read_file" both become "mcp_srv_read_file"');
    // Cut to their first and last 30 characters, two long names that differ in the middle meet.
    const long = (middle: string) => `${'a'.repeat(40)}${middle}${'z'.repeat(40)}`;
    expect(only('gemini-cli-name-clash', [clean(long('one')), clean(long('two'))])).toHaveLength(1);
    expect(geminiCliName('srv', long('one'))).toHaveLength(63);
  });

  it('root oneOf: OpenAI and Anthropic (Claude Code, claude.ai) refuse it; root enum only OpenAI', () => {
    const pick = clean('pick', { inputSchema: object({ a: { type: 'string' } }, { oneOf: [{ required: ['a'] }, { required: ['b'] }] }) });
    const found = lint([pick]);
    expect(found.find((f) => f.rule === 'openai-root-schema')!.detail).toBe('its input schema has oneOf at the root');
    expect(found.find((f) => f.rule === 'anthropic-root-schema')!.clients).toEqual(['anthropic', 'claude-code', 'claude-desktop']);
    const enumRoot = clean('e', { inputSchema: object({}, { enum: [{}] }) });
    expect(rulesOf([enumRoot])).toContain('openai-root-schema');
    expect(rulesOf([enumRoot])).not.toContain('anthropic-root-schema');
  });

  it("OpenAI's strict mode: open objects, optional properties, unsupported keywords and formats", () => {
    const tool = clean('s', {
      inputSchema: object({ url: { type: 'string', format: 'uri' }, opts: object({ deep: { type: 'boolean' } }), when: { type: 'string', format: 'date-time' }, both: { allOf: [{}] } }, { required: ['url'] }),
    });
    const [found] = only('openai-strict', [tool]);
    expect(found!.severity).toBe('info');
    expect(found!.detail).toContain('no additionalProperties: false at the root, /properties/opts');
    expect(found!.detail).toContain('"opts", "when", "both" and 1 more not required');
    expect(found!.detail).toContain('allOf at /properties/both');
    expect(found!.detail).toContain('format "uri" at /properties/url');
    expect(found!.detail).not.toContain('date-time');
  });

  it("Gemini's schema subset: keywords outside OpenAPI 3.0's subset, and type lists", () => {
    const tool = clean('g', { inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', ...object({ mode: { const: 'a' }, n: { type: ['string', 'null'] } }, { additionalProperties: false }) } });
    const [found] = only('gemini-schema-subset', [tool]);
    expect(found!.detail).toBe('its input schema uses $schema (the root), additionalProperties (the root), const (/properties/mode), type as a list (/properties/n)');
  });

  it('tool counts: over 128 for OpenAI and VS Code, over 40 for Cursor, once for the server', () => {
    const tools = (n: number) => Array.from({ length: n }, (_, i) => clean(`tool_${i}`));
    expect(rulesOf(tools(40))).toEqual([]);
    expect(rulesOf(tools(41))).toEqual(['cursor-tool-count']);
    const found = lint(tools(130));
    expect(found.filter((f) => f.rule.endsWith('tool-count')).map((f) => [f.rule, f.severity, f.tool])).toEqual([
      ['openai-tool-count', 'error', null],
      ['vscode-tool-count', 'warning', null],
      ['cursor-tool-count', 'warning', null],
    ]);
    expect(found.find((f) => f.rule === 'openai-tool-count')!.detail).toBe('130 tools, 2 more than 128');
  });

  it('descriptions: over 1,024 characters for OpenAI, over 2 KB of UTF-8 for Claude Code; instructions too', () => {
    expect(rulesOf([clean('d', { description: 'x'.repeat(1024) })])).toEqual([]);
    expect(rulesOf([clean('d', { description: 'x'.repeat(1025) })])).toEqual(['openai-description-length']);
    // 700 three-byte characters: under OpenAI's count, over Claude Code's 2 KB.
    expect(rulesOf([clean('d', { description: '語'.repeat(700) })])).toEqual(['claude-code-description-length']);
    const instructions = only('claude-code-instructions-length', [clean('t')].slice(0, 0), 'srv');
    expect(instructions).toEqual([]);
    expect(lint([], 'srv', 'i'.repeat(2049)).map((f) => [f.rule, f.tool])).toEqual([['claude-code-instructions-length', null]]);
  });

  it('annotations: no readOnlyHint is a note; a declared false is an answer', () => {
    const found = only('read-only-hint', [clean('a', { annotations: undefined }), clean('b', { annotations: { readOnlyHint: false } }), clean('c', { annotations: 'junk' as never })]);
    expect(found.map((f) => [f.tool, f.severity, f.clients])).toEqual([
      ['a', 'info', ['vscode', 'gemini-cli']],
      ['c', 'info', ['vscode', 'gemini-cli']],
    ]);
  });

  it('output schemas: a non-object root is refused by SDK clients; any output schema is a note for Gemini CLI', () => {
    const found = lint([clean('list', { outputSchema: { type: 'array', items: {} } }), clean('stats', { outputSchema: object({ mean: { type: 'number' } }) })]);
    expect(found.filter((f) => f.rule === 'output-schema-root').map((f) => [f.tool, f.detail])).toEqual([['list', 'its output schema has type "array" at the root, not "object"']]);
    expect(found.filter((f) => f.rule === 'structured-content').map((f) => f.tool)).toEqual(['list', 'stats']);
  });

  it('--client narrows the rules and the clients each finding names', () => {
    const found = lintServer({ server: 'srv', tools: [clean('files.read')] }, { clients: ['anthropic'] });
    expect(found.map((f) => [f.rule, f.clients])).toEqual([['name-pattern', ['anthropic']]]);
    expect(rulesFor(['cursor']).map((r) => r.id)).toEqual(['cursor-name-length', 'cursor-tool-count']);
  });

  it('orders findings most severe first, and counts and groups them', () => {
    const found = lint([clean('files.read', { annotations: undefined })]);
    expect(found[0]!.severity).toBe('error');
    expect(found.at(-1)!.severity).toBe('info');
    expect(countBySeverity(found)).toEqual({ error: 3, warning: 1, info: 1 });
    expect(groupByRule(found).map((g) => [g.rule.id, g.findings.length])).toEqual([['name-pattern', 1], ['claude-code-name', 1], ['copilot-cli-name', 1], ['gemini-schema-subset', 1], ['read-only-hint', 1]]);
  });

  it('hostile input: control characters escaped in messages, a name cut, a deep schema read within bounds', () => {
    const [found] = only('name-pattern', [clean(`evil\u001b[2J${'n'.repeat(200)}`)]);
    expect(found!.detail).not.toContain('\u001b');
    expect(found!.detail).toContain('\\u001b');
    expect(found!.detail.length).toBeLessThan(200);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { x: deep } };
    expect(walkSchema(deep, () => {})).toBe(false);
    expect(() => lint([clean('deep', { inputSchema: deep })])).not.toThrow();
  });
});
