import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { everythingStdio, fixtureServer } from '../helpers/servers.js';

const everything = everythingStdio();

/** Opens a server from the dashboard, filters its tools down to one and opens its form. */
async function openTool(term: Terminal, server: string, tool: string): Promise<void> {
  await term.keys('/');
  await term.type(server);
  await term.keys('Enter', 'Enter');
  await term.waitFor(/1 Tools \(\d+\)/);
  await term.keys('/');
  await term.type(tool);
  await term.keys('Enter');
  await term.waitFor(new RegExp(`› .*${tool.replace(/[-_]/g, '.')}`, 'i'));
  await term.keys('Enter');
}

describe('the TUI in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('shows every server with its badge and a failing server\'s reason', async () => {
    // With CI set, as in a CI job's shell: a terminal still gets the whole deck, in colour.
    term = openTerminal({ everything, broken: fixtureServer('exit-at-once.mjs') }, { env: { CI: 'true' } });
    const screen = await term.waitFor((s) => s.includes('✓ connected') && s.includes('✗ failed'));
    expect(screen).toMatch(/everything\s+✓ connected\s+stdio\s+\d+/);
    expect(screen).toContain('1 connected · 1 failed');
    // Colours on a colour terminal (the NO_COLOR test below shows they can be turned off).
    expect(term.screen(true)).toMatch(/\x1b\[[0-9;]*(3[0-7]|38;[25])[;m]/);
    await term.keys('Down');
    await term.waitFor(/exit/i);
  });

  it('gives the terminal back as it was on quit and on SIGTERM: the primary screen, the cursor shown', async () => {
    for (const end of ['quit', 'SIGTERM'] as const) {
      term = openTerminal({ everything });
      await term.waitFor('✓ connected');
      expect(term.tmux('display', '-p', '-t', 'main', '#{alternate_on}').trim()).toBe('1');
      if (end === 'quit') await term.keys('q');
      else {
        // The deck: the process that runs node on this terminal's config file (`env` has become
        // node by now). Found by its command line: tmux's and the shell's name the file too, and
        // how a shell starts a command (a child or itself) is the machine's.
        const config = join(term.dir, 'servers.json');
        const deck = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n')
          .map((line) => line.trim().match(/^(\d+) (.*)$/))
          .filter((m) => m !== null && m[2].startsWith(`${process.execPath} `) && m[2].includes(config));
        expect(deck).toHaveLength(1);
        process.kill(Number(deck[0]![1]), 'SIGTERM');
      }
      await term.waitFor((s) => !s.includes('mcpdeck › servers'));
      expect(term.tmux('display', '-p', '-t', 'main', '#{alternate_on} #{cursor_flag}').trim(), end).toBe('0 1');
      term.stop();
    }
  });

  it('calls get-sum from its form: a=2, b=3 gives 5', async () => {
    term = openTerminal({ everything });
    await term.waitFor('✓ connected');
    await openTool(term, 'everything', 'get-sum');
    await term.waitFor('[ call ]');
    await term.type('2');
    await term.keys('Tab');
    await term.type('3');
    await term.keys('C-s');
    const screen = await term.waitFor('The sum of 2 and 3 is 5');
    expect(screen).toMatch(/mcpdeck call everything get-sum/);
  });

  it('shows progress of a long operation and cancels it with Esc', async () => {
    term = openTerminal({ everything });
    await term.waitFor('✓ connected');
    await openTool(term, 'everything', 'trigger-long-running-operation');
    await term.waitFor('[ call ]');
    await term.keys('C-s');
    await term.waitFor(/[1-4]\s*\/\s*5/);
    await term.keys('Escape');
    await term.waitFor(/cancel/i);
  });

  it('asks before calling a destructive tool, and sends nothing on n', async () => {
    term = openTerminal({}, { args: ['--demo'] });
    await term.waitFor('✓ connected');
    await openTool(term, 'demo', 'delete_all_notes');
    await term.waitFor('[ call ]');
    await term.keys('C-s');
    await term.waitFor(/destructive/i);
    await term.keys('n');
    await term.waitFor('[ call ]');
  });

  it('lets no control sequence from a server reach the terminal', async () => {
    term = openTerminal({ hostile: fixtureServer('hostile-text.mjs') }, { env: { NO_COLOR: '1' } });
    await term.waitFor('✓ connected');
    await term.keys('Enter');
    const screen = await term.waitFor(/evil.*tool/);
    expect(screen.split('\n')[0]).toContain('mcpdeck › servers › hostile');
    const raw = term.screen(true);
    // With NO_COLOR the app draws no colour: any colour on screen came from the server.
    expect(raw).not.toMatch(/\x1b\[[0-9;]*(3[0-7]|38;[25])[;m]/);
    expect(raw).not.toMatch(/\x1b\]/);
    const socketBuffers = term.screen().includes('ZXZpbA==') ? 'leaked' : '';
    expect(socketBuffers).toBe('');
  });
});

describe('tmux itself', () => {
  it('is installed (the suite fails rather than skips without it)', () => {
    expect(execFileSync('tmux', ['-V'], { encoding: 'utf8' })).toMatch(/tmux \d/);
  });
});
