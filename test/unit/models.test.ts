import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveModel } from '../../src/core/models/endpoints.js';
import { modelErrorText } from '../../src/core/models/language-model.js';
import { modelTools, needsApproval, resultForModel } from '../../src/core/models/toolset.js';
import type { Tool } from '../../src/core/mcp/types.js';

const tool = (name: string, annotations?: Tool['annotations']): Tool => ({ name, inputSchema: { type: 'object' }, ...(annotations && { annotations }) });

function envWith(settings?: unknown): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-models-'));
  if (settings !== undefined) writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings));
  return { MCPDECK_CONFIG_DIR: dir };
}

describe('the tools a model sees', () => {
  it('keeps names with one server, prefixes server__tool with several, and changes only what model APIs refuse', () => {
    expect(modelTools([{ name: 'files', tools: [tool('read_file'), tool('files.write')] }]).map((t) => t.name)).toEqual(['read_file', 'files_write']);
    const two = modelTools([{ name: 'a', tools: [tool('x')] }, { name: 'b.c', tools: [tool('x')] }]);
    expect(two.map((t) => [t.name, t.server, t.tool.name])).toEqual([['a__x', 'a', 'x'], ['b_c__x', 'b.c', 'x']]);
  });

  it('cuts a name past 64 characters with a tag, and keeps two that clash apart', () => {
    const long = 'a'.repeat(70);
    const [cut] = modelTools([{ name: 's', tools: [tool(long)] }]);
    expect(cut!.name).toMatch(/^a{57}_[0-9a-f]{6}$/);
    const clash = modelTools([{ name: 's', tools: [tool('get.item'), tool('get_item')] }]).map((t) => t.name);
    expect(clash[0]).toBe('get_item');
    expect(clash[1]).toMatch(/^get_item_[0-9a-f]{6}$/);
    for (const name of clash) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('runs at once only a tool declared read-only and closed-world', () => {
    expect(needsApproval(tool('x', { readOnlyHint: true, openWorldHint: false }))).toBe(false);
    expect(needsApproval(tool('x', { readOnlyHint: true }))).toBe(true);
    expect(needsApproval(tool('x', { readOnlyHint: false, destructiveHint: false, openWorldHint: false }))).toBe(true);
    expect(needsApproval(tool('x', { destructiveHint: true }))).toBe(true);
    expect(needsApproval(tool('x'))).toBe(true);
  });

  it('gives the model a result as text: other blocks in words, an error as an error, cut when huge', () => {
    expect(resultForModel({ content: [{ type: 'text', text: 'hi' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }] })).toEqual({ type: 'text', value: 'hi\n[image image/png]' });
    expect(resultForModel({ content: [{ type: 'text', text: 'bad' }], isError: true })).toEqual({ type: 'error-text', value: 'bad' });
    expect(resultForModel({ content: [], structuredContent: { n: 1 } }).value).toBe('{"n":1}');
    expect(resultForModel({ content: [{ type: 'text', text: 'x'.repeat(60_000) }] }).value).toMatch(/\[cut: 10000 more characters\]$/);
  });
});

describe('choosing a model', () => {
  it('resolves provider:name against the presets, moved by their environment variables', () => {
    const env = { ...envWith(), OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };
    expect(resolveModel('openai:gpt-4.1', env)).toMatchObject({ api: 'openai', provider: 'openai', model: 'gpt-4.1', baseURL: 'http://127.0.0.1:9/v1', keyEnv: 'OPENAI_API_KEY' });
    expect(resolveModel('ollama:qwen3:8b', env)).toMatchObject({ api: 'openai', model: 'qwen3:8b', keyOptional: true, baseURL: 'http://127.0.0.1:11434/v1' });
    expect(resolveModel(undefined, { ...env, MCPDECK_MODEL: 'anthropic:claude-x' })).toMatchObject({ api: 'anthropic', spec: 'anthropic:claude-x' });
  });

  it('says what to fix: no model, an unknown provider, no model name, Azure without its endpoint', () => {
    const env = envWith();
    expect(() => resolveModel(undefined, env)).toThrow('no model chosen: pass --model provider:name');
    expect(() => resolveModel('gpt-4.1', env)).toThrow('"gpt-4.1" names no known provider: write provider:model with one of openai, anthropic');
    expect(() => resolveModel('openai:', env)).toThrow('"openai:" names no model: write openai:<model>');
    expect(() => resolveModel('azure:gpt', env)).toThrow('set AZURE_OPENAI_BASE_URL');
  });

  it('reads providers of ones own and the default from settings.json, and refuses a key written in it', () => {
    const env = envWith({ models: { default: 'mine:m1', providers: { mine: { api: 'anthropic', baseURL: 'http://127.0.0.1:9', apiKey: '${MINE_KEY}', headers: { 'x-team': '${TEAM}' } } } } });
    expect(resolveModel(undefined, { ...env, TEAM: 'tools' })).toMatchObject({ provider: 'mine', api: 'anthropic', keyEnv: 'MINE_KEY', headers: { 'x-team': 'tools' } });
    expect(() => resolveModel('x:y', envWith({ models: { providers: { mine: { api: 'openai', baseURL: 'http://h/v1', apiKey: 'sk-plain' } } } }))).toThrow('apiKey must name an environment variable, as "${MY_KEY}": a key is not written in the file');
    expect(() => resolveModel('x:y', envWith({ models: { providers: { Bad: { api: 'openai', baseURL: 'http://h' } } } }))).toThrow("a provider's name is lower-case");
    expect(() => resolveModel('x:y', envWith({ models: { providers: { p: { api: 'gemini', baseURL: 'http://h' } } } }))).toThrow('.api must be "openai"');
    expect(() => resolveModel('x:y', envWith({ models: 'openai' }))).toThrow('"models" must be an object');
  });

  it('never lets a key into an error message', () => {
    const endpoint = resolveModel('openai:m', envWith());
    const text = modelErrorText(Object.assign(new Error('Incorrect API key provided: sk-secret-123'), { statusCode: 401 }), endpoint, 'sk-secret-123');
    expect(text).toBe('openai:m refused the key (401): check OPENAI_API_KEY or `mcpdeck models key openai` (Incorrect API key provided: <key>)');
  });
});
