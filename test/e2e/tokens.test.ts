// Token counts in the deck, in a real terminal: the dashboard's TOKENS column says what the
// CLI says, the Tools tab gives each tool's, and the counter's process (the tokenizer takes
// 56 MiB) ends once idle while the deck goes on.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, sandbox } from '../integration/helpers/cli.js';
import { everythingStdio } from '../helpers/servers.js';
import { shortCount } from '../../src/core/tokens/meter.js';
import { openTerminal, type Terminal } from './helpers/tmux.js';

/** The command lines of every process under `pid`. */
function descendants(pid: number): string[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const under = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of table) if (under.has(p.ppid) && !under.has(p.pid)) (under.add(p.pid), (grew = true));
  }
  return table.filter((p) => p.pid !== pid && under.has(p.pid)).map((p) => p.args);
}

describe('token counts in the deck', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it("shows each server's and each tool's, as the CLI counts them, from a counter that ends when idle", async () => {
    const box = sandbox();
    const config = join(box.cwd, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { everything: everythingStdio() } }));
    const status = await runCli(['status', '--json', '--tokens', '--strict', '--config', config], box);
    const { tokens } = (JSON.parse(status.stdout) as { tokens: number }[])[0]!;
    const tools = JSON.parse((await runCli(['tools', '--json', '--tokens', '--strict', '--config', config, 'everything'], box)).stdout) as { name: string; tokens: number }[];

    term = openTerminal({ everything: everythingStdio() }, { columns: 120, rows: 36 });
    await term.waitFor(new RegExp(`everything\\s+✓ connected\\s+stdio\\s+${tools.length}\\s+${shortCount(tokens).replace('.', '\\.')}\\s`));
    const deck = Number(term.tmux('display', '-p', '-t', 'main', '#{pane_pid}').trim());
    const counting = () => descendants(deck).filter((args) => args.includes('token-counter'));
    // The count came from the counter's process, which waits 2 s for more before it ends.
    expect(counting()).toHaveLength(1);
    // Idle, the counter ends; the deck and its server go on.
    const end = Date.now() + 10_000;
    while (counting().length) {
      if (Date.now() > end) throw new Error(`the token counter is still running: ${counting().join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(descendants(deck).some((args) => args.includes('server-everything'))).toBe(true);

    await term.keys('Enter');
    await term.waitFor(`Tools (${tools.length})`);
    const first = tools.toSorted((a, b) => a.name.localeCompare(b.name))[0]!;
    // Counted before, kept: the first tool's count is in its row and its detail.
    const screen = await term.waitFor(`${first.tokens.toLocaleString('en-US')} token`);
    expect(screen).toMatch(new RegExp(`${first.name}.*\\s${shortCount(first.tokens)}\\s`));
  });
});
