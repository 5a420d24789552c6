import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { editScope, readScope } from '../../src/core/config/write.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdeck-catalog-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('openUserCatalog', () => {
  it('keeps its file in MCPDECK_CONFIG_DIR', () => {
    const catalog = openUserCatalog({ MCPDECK_CONFIG_DIR: dir });
    expect(dirname(catalog.path)).toBe(dir);
  });

  it('starts empty', () => {
    expect(openUserCatalog({ MCPDECK_CONFIG_DIR: dir }).read()).toEqual({});
  });

  it('writes servers that a fresh catalog reads back from disk', () => {
    const servers = { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] }, 'docs.v2': { type: 'http', url: 'https://x.test/mcp' } };
    const catalog = openUserCatalog({ MCPDECK_CONFIG_DIR: dir });
    catalog.write(servers);
    expect(existsSync(catalog.path)).toBe(true);
    expect(JSON.parse(readFileSync(catalog.path, 'utf8')).mcpServers).toEqual(servers);
    expect(openUserCatalog({ MCPDECK_CONFIG_DIR: dir }).read()).toEqual(servers);
  });

  it('is edited one field at a time through editScope', async () => {
    const catalog = openUserCatalog({ MCPDECK_CONFIG_DIR: dir });
    catalog.write({ a: { command: 'node', args: ['a.js'] }, b: { command: 'b' } });
    const scope = { kind: 'user', catalog } as const;
    await editScope(scope, ['a', 'disabled'], true);
    await editScope(scope, ['b'], undefined);
    expect(readScope(scope)).toEqual({ a: { command: 'node', args: ['a.js'], disabled: true } });
    expect(openUserCatalog({ MCPDECK_CONFIG_DIR: dir }).read()).toEqual({ a: { command: 'node', args: ['a.js'], disabled: true } });
  });

  it('names the file when the catalog on disk is broken', () => {
    const path = openUserCatalog({ MCPDECK_CONFIG_DIR: dir }).path;
    writeFileSync(path, '{ "mcpServers": {');
    expect(() => openUserCatalog({ MCPDECK_CONFIG_DIR: dir }).read()).toThrow(path);
  });
});
