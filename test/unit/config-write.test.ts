import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigWriteError, editScope, readScope, type WritableScope } from '../../src/core/config/write.js';

let dir: string;
let path: string;
let scope: WritableScope;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdeck-write-'));
  path = join(dir, '.mcp.json');
  scope = { kind: 'file', path };
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ORIGINAL = `// Team servers: ask #infra before changing.
{
  "$schema": "https://example.com/mcp.schema.json",
  "mcpServers": {
    /* the search box */
    "search": {
      "command": "node",
      "args": ["search.js"], // keep the flag order
      "timeout": 5000
    },
    "docs": {
      "type": "http",
      "url": "https://docs.example.com/mcp",
      "headers": { "X-Team": "core" }
    }
  },
  "editor": { "tabSize": 4 }
}
`;

describe('editScope on a JSON file', () => {
  it('changes one field and keeps every other byte, comments included', async () => {
    writeFileSync(path, ORIGINAL);
    await editScope(scope, ['search', 'timeout'], 9000);
    const after = readFileSync(path, 'utf8');
    expect(after).toBe(ORIGINAL.replace('"timeout": 5000', '"timeout": 9000'));
  });

  it('adds a field after a one-line object without reformatting that object', async () => {
    writeFileSync(path, ORIGINAL);
    await editScope(scope, ['docs', 'disabled'], true);
    const after = readFileSync(path, 'utf8');
    const anchor = '"headers": { "X-Team": "core" }';
    const [head, tail] = ORIGINAL.split(anchor) as [string, string];
    // Everything up to and including the last old field, and everything after, is unchanged.
    expect(after.slice(0, head.length + anchor.length)).toBe(head + anchor);
    expect(after.slice(after.length - tail.length)).toBe(tail);
    // Only the new field was inserted between the two unchanged parts.
    const middle = after.slice(head.length + anchor.length, after.length - tail.length);
    expect(middle.replace(/\s/g, '')).toBe(',"disabled":true');
  });

  it('keeps the file mode (a config with secrets may be 0600)', async () => {
    writeFileSync(path, ORIGINAL);
    chmodSync(path, 0o600);
    await editScope(scope, ['search', 'timeout'], 1);
    expect((statSync(path).mode & 0o777).toString(8)).toBe('600');
  });

  it('writes through a symlinked config instead of replacing the link', async () => {
    const real = join(dir, 'dotfiles.json');
    writeFileSync(real, ORIGINAL);
    rmSync(path, { force: true });
    symlinkSync(real, path);
    await editScope(scope, ['search', 'timeout'], 1);
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe(ORIGINAL.replace('"timeout": 5000', '"timeout": 1'));
  });

  it('removes a server when given undefined, and keeps the rest', async () => {
    writeFileSync(path, ORIGINAL);
    await editScope(scope, ['docs'], undefined);
    const docs = ORIGINAL.slice(ORIGINAL.indexOf(',\n    "docs"'), ORIGINAL.indexOf('\n  },\n  "editor"'));
    expect(readFileSync(path, 'utf8')).toBe(ORIGINAL.replace(docs, ''));
    expect(Object.keys(readScope(scope))).toEqual(['search']);
  });

  it('adds a server to a missing file by creating it', async () => {
    expect(existsSync(path)).toBe(false);
    expect(readScope(scope)).toEqual({});
    await editScope(scope, ['new'], { command: 'node', args: ['x.js'] });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ mcpServers: { new: { command: 'node', args: ['x.js'] } } });
    expect(readFileSync(path, 'utf8').endsWith('\n')).toBe(true);
  });

  it('leaves no temp file behind', async () => {
    writeFileSync(path, ORIGINAL);
    await editScope(scope, ['search', 'timeout'], 1);
    // The lock's folder goes with it.
    expect(readdirSync(dir)).toEqual(['.mcp.json']);
  });

  it('refuses to edit a broken file, says to fix it, and leaves it alone', async () => {
    const broken = '{ "mcpServers": { "a": { "command": "node" }\n';
    writeFileSync(path, broken);
    await expect(editScope(scope, ['b'], { command: 'x' })).rejects.toThrow(ConfigWriteError);
    await expect(editScope(scope, ['b'], { command: 'x' })).rejects.toThrow(
      new RegExp(`^${path.replace(/[.]/g, '\\.')}:2:1: JSON syntax error: .*; fix it before changing servers there$`),
    );
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });

  it('readScope refuses a broken file too', async () => {
    writeFileSync(path, '[1, 2]');
    expect(() => readScope(scope)).toThrow(`${path}: expected a JSON object with an "mcpServers" object; fix it before changing servers there`);
  });
});
