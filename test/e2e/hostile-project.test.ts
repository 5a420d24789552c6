// A cloned repository whose project files (VS Code, .mcp.json, Cursor, Gemini, Claude
// Code's entry for the folder) each name a command that writes a marker: mcpdeck, started
// in that folder in a real terminal, runs none of them until the person approves one.
// And a server whose schema patterns would freeze a backtracking regex engine.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { hostileProject } from '../integration/helpers/hostile.js';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { openTool } from './helpers/tools.js';

describe('mcpdeck started inside a hostile project', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('lists every project server as needing approval and runs none; A then y runs only the one approved', async () => {
    const box = hostileProject();
    term = openTerminal({}, { cwd: box.cwd, config: false, columns: 160, rows: 30, env: { HOME: box.home, MCPDECK_CONFIG_DIR: box.env.MCPDECK_CONFIG_DIR! } });
    const dashboard = await term.waitFor(/claude-local-helper\s+\? needs approval/);
    for (const name of ['vscode-helper', 'mcpjson-helper', 'cursor-helper', 'gemini-helper']) expect(dashboard).toMatch(new RegExp(`${name}\\s+\\? needs approval`));
    expect(box.markers()).toEqual([]);

    // Pick the Cursor server, look at what it would run, and approve it.
    await term.keys('/');
    await term.type('cursor');
    await term.keys('Enter');
    // The filter is applied (the list's own keys are back), not still being typed.
    await term.waitFor((screen) => /^› cursor-helper/m.test(screen) && screen.includes('A approve'));
    await term.keys('A');
    const review = await term.waitFor('Approve cursor-helper?');
    expect(review).toContain('pwned-cursor.txt');
    expect(box.markers()).toEqual([]);
    await term.keys('y');
    await term.waitFor(/cursor-helper\s+✗ failed/);
    expect(box.markers()).toEqual(['pwned-cursor.txt']);
    // The other five still wait.
    expect(term.screen()).toContain('5 needs approval · 1 failed');
  });
});

describe('a server whose schema patterns would freeze a backtracking engine, in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('checks the form at once, and q still quits the app', async () => {
    const patterns = { command: process.execPath, args: [fileURLToPath(new URL('../fixtures/servers/backtracking-pattern.mjs', import.meta.url))] };
    term = openTerminal({ patterns }, { columns: 120, rows: 30 });
    await openTool(term, 'sentence', 'sentence');
    await term.keys('C-s');
    expect(await term.waitFor('must match pattern')).toContain('^(\\w+\\s?)*$');
    // Out of the form (esc), out of the server (esc), and q: the process is gone.
    await term.keys('Escape');
    await term.waitFor((screen) => screen.includes('enter call') && !screen.includes('must match pattern'));
    await term.keys('Escape');
    await term.waitFor(/patterns\s+✓ connected/);
    await term.keys('q');
    await term.waitFor((s) => !s.includes('mcpdeck ›'));
    // The pane runs the sleep after mcpdeck once its process has ended, a moment after the last frame.
    const command = () => term!.tmux('list-panes', '-F', '#{pane_current_command}').trim();
    for (const deadline = Date.now() + 5000; command() !== 'sleep' && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(command()).toBe('sleep');
  });
});
