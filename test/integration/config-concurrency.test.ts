import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';

const ADD_MANY = fileURLToPath(new URL('../fixtures/add-many.mjs', import.meta.url));

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ADD_MANY, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

const names = (path: string) => Object.keys(JSON.parse(readFileSync(path, 'utf8').replace(/^\s*\/\/.*$/gm, '')).mcpServers).sort();
const expected = (prefixes: string[], count: number) => prefixes.flatMap((p) => Array.from({ length: count }, (_, i) => `${p}-${i}`)).sort();

describe('two mcpdeck processes writing one file at once', () => {
  it('each adding 100 servers to a project file: all 200 are there, and the file keeps its comment', async () => {
    const { cwd } = sandbox();
    const path = join(cwd, '.mcp.json');
    writeFileSync(path, '// shared with the team\n{\n    "mcpServers": {}\n}\n');
    const results = await Promise.all([run(['file', path, 'a', '100']), run(['file', path, 'b', '100'])]);
    expect(results).toEqual([{ code: 0, stderr: '' }, { code: 0, stderr: '' }]);
    expect(names(path)).toEqual(expected(['a', 'b'], 100));
    expect(readFileSync(path, 'utf8').startsWith('// shared with the team\n{\n    "mcpServers": {\n        "')).toBe(true);
  }, 60_000);

  it('each adding 100 servers to the user catalog: all 200 are there', async () => {
    const { env } = sandbox();
    const dir = env.MCPDECK_CONFIG_DIR!;
    const results = await Promise.all([run(['user', dir, 'a', '100']), run(['user', dir, 'b', '100'])]);
    expect(results.map((r) => r.code)).toEqual([0, 0]);
    expect(names(join(dir, 'servers.json'))).toEqual(expected(['a', 'b'], 100));
  }, 60_000);

  it('two loops of real `mcpdeck add` commands lose nothing', async () => {
    const box = sandbox();
    const loop = async (prefix: string) => {
      for (let i = 0; i < 15; i++) {
        const r = await runCli(['add', `${prefix}-${i}`, '--scope', 'project', '--', 'node', `${prefix}.js`], box);
        if (r.code !== 0) throw new Error(r.stderr);
      }
    };
    await Promise.all([loop('a'), loop('b')]);
    expect(names(join(box.cwd, '.mcp.json'))).toEqual(expected(['a', 'b'], 15));
  }, 120_000);
});
