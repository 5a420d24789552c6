// What commands print, as a terminal or a pipe meets it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsOf } from '../../src/util/columns.js';
import { runCli, sandbox } from './helpers/cli.js';

describe('tables on a terminal', () => {
  it('line up names with wide characters: a CJK character or an emoji takes two columns', async () => {
    const box = sandbox();
    const config = join(box.cwd, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { 'café-→中文👍': { command: 'mcpdeck-no-such-command' }, plain: { command: 'mcpdeck-no-such-command' } } }));
    const r = await runCli(['status', '--strict', '--config', config], box);
    const rows = r.stdout.split('\n').filter((line) => /^(NAME|café|plain)/.test(line));
    expect(rows).toHaveLength(3);
    // STATUS, "✗ failed" and "✗ failed" start at the same column on the screen.
    const statusColumn = (line: string) => columnsOf(line.slice(0, line.search(/STATUS|✗/)));
    expect(rows.map(statusColumn)).toEqual([14, 14, 14]);
  });
});

describe('a reader that stops early', () => {
  it('ends quietly when stdout closes mid-result (`| head`)', async () => {
    const box = sandbox();
    const module = new URL('../bench/big-server.mjs', import.meta.url).pathname;
    const config = join(box.cwd, 'big.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { big: { type: 'inprocess', module } } }));
    const r = await runCli(['call', '--strict', '-c', config, 'big', 'big'], { ...box, env: { ...box.env, BENCH_RESULT_BYTES: '2000000' } }, (child) => {
      child.stdout!.once('data', () => child.stdout!.destroy());
    });
    expect(r.stdout).toContain('FIRST-LINE');
    expect(r.stderr).not.toMatch(/Unhandled|EPIPE|node:events/);
    expect(r.code).toBe(0);
  });
});
