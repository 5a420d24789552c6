import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("mcpdeck's own files", () => {
  for (const [label, indent] of [['2 spaces', '  '], ['tabs', '\t']] as const) {
    it(`the user catalog keeps comments, trailing commas, ${label} and mode 0600 through add, disable, enable, remove and import`, async () => {
      const box = sandbox();
      const dir = box.env.MCPDECK_CONFIG_DIR!;
      const path = join(dir, 'servers.json');
      mkdirSync(dir, { recursive: true });
      const i = indent;
      const original = `{\n${i}// my servers, by hand\n${i}"mcpServers": {\n${i}${i}/* the one I use most */\n${i}${i}"notes": { "command": "notes-server", "args": ["--dir", "~/notes"], },\n${i}},\n}\n`;
      writeFileSync(path, original, { mode: 0o600 });

      const add = await runCli(['add', 'tok', 'https://api.example.test/mcp', '--header', 'Authorization: Bearer s3cret'], box);
      expect(add.stderr).toBe('');
      expect(add.code).toBe(0);
      expect((await runCli(['disable', 'notes'], box)).code).toBe(0);
      expect((await runCli(['enable', 'notes'], box)).code).toBe(0);
      expect((await runCli(['disable', 'tok'], box)).code).toBe(0);
      // Another client's file to import from, where Cursor keeps it.
      mkdirSync(join(box.env.HOME!, '.cursor'), { recursive: true });
      writeFileSync(join(box.env.HOME!, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { fetched: { command: 'fetch-server' } } }));
      expect((await runCli(['import', '--from', 'cursor'], box)).code).toBe(0);
      expect((await runCli(['add', 'gone', '--', 'true'], box)).code).toBe(0);
      expect((await runCli(['remove', 'gone'], box)).code).toBe(0);

      const text = readFileSync(path, 'utf8');
      expect(text).toContain(`${i}// my servers, by hand\n`);
      expect(text).toContain(`${i}${i}/* the one I use most */\n`);
      expect(text).toContain(`"notes": { "command": "notes-server", "args": ["--dir", "~/notes"], },`);
      // What mcpdeck inserted is in the file's own indentation, and the file still ends with a newline.
      expect(text).toContain(`\n${i}${i}"tok": {\n${i}${i}${i}"url": "https://api.example.test/mcp",`);
      expect(text).toContain(`\n${i}${i}"fetched": {\n${i}${i}${i}"command": "fetch-server"\n${i}${i}}`);
      expect(text).not.toContain('gone');
      expect(text.endsWith('}\n')).toBe(true);
      expect(modeOf(path)).toBe(0o600);
      const status = JSON.parse((await runCli(['status', '--json'], box)).stdout) as { name: string; status: string }[];
      expect(status.find((s) => s.name === 'tok')?.status).toBe('disabled');
      expect(status.map((s) => s.name).sort()).toEqual(['fetched', 'notes', 'tok']);
    });
  }

  it('a catalog made by `add` is 0600 (it may hold a header), 2-space JSON ending in a newline', async () => {
    const box = sandbox();
    const path = join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json');
    expect((await runCli(['add', 'tok', 'https://api.example.test/mcp', '--header', 'Authorization: Bearer s3cret'], box)).code).toBe(0);
    expect(modeOf(path)).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('{\n  "mcpServers": {\n    "tok": {\n      "url": "https://api.example.test/mcp",\n      "headers": {\n        "Authorization": "Bearer s3cret"\n      }\n    }\n  }\n}\n');
    // A file the person opened up on purpose keeps its mode.
    chmodSync(path, 0o640);
    expect(modeOf(path)).toBe(0o640);
    expect((await runCli(['disable', 'tok'], box)).code).toBe(0);
    expect(modeOf(path)).toBe(0o640);
  });

  it('a broken catalog is named with line and column, and never overwritten', async () => {
    const box = sandbox();
    const path = join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json');
    mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
    writeFileSync(path, '{ "mcpServers": { "a": { "command": "x" } ');
    const r = await runCli(['add', 'b', '--', 'true'], box);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/servers\.json:1:\d+: JSON syntax error/);
    expect(readFileSync(path, 'utf8')).toBe('{ "mcpServers": { "a": { "command": "x" } ');
  });
});
