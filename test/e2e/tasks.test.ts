// Tasks in a real terminal: a call that becomes a task shows its status changing live
// (server-everything's research tool, then the 2026-07-28 fixture, which asks a question
// while it runs), and the Tasks tab lists it and fetches its result again.
import { describe, expect, it, type TestContext } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { openTool } from './helpers/tools.js';
import { everythingStdio } from '../helpers/servers.js';

const TASKS_SERVER = fileURLToPath(new URL('../fixtures/servers/tasks-server.mjs', import.meta.url));

/** A terminal of the test's own, stopped when the test ends. */
function terminal(onTestFinished: TestContext['onTestFinished'], ...args: Parameters<typeof openTerminal>): Terminal {
  const term = openTerminal(...args);
  onTestFinished(() => term.stop());
  return term;
}

// Most of each test is the server's simulated work, stage by stage: the two run side by
// side, each in a terminal of its own, so those waits overlap.
describe.concurrent('tasks in a real terminal', () => {
  it('shows a 2025 task working stage by stage, then completed, with its TTL; the Tasks tab lists it', async ({ onTestFinished }) => {
    const term = terminal(onTestFinished, { everything: everythingStdio() }, { columns: 110, rows: 30 });
    const form = await openTool(term, 'simulate-research-query', 'Simulate Research Query');
    expect(form).toContain('[task required]');
    expect(form).toContain('runs as a task (the tool requires it)');
    await term.type('tides');
    await term.keys('C-s');
    // Status lines from the server, one after another, while the call runs.
    const first = await term.waitFor(/task \S+ · working · Gathering sources\.\.\. · ttl 5 min/);
    expect(first).toContain('esc cancels the task (tasks/cancel)');
    await term.waitFor(/task \S+ · working · (Analyzing content|Synthesizing findings)\.\.\./);
    const done = await term.waitFor('Research Report: tides', 20_000);
    expect(done).toMatch(/✓ ok · .* · task \S+/);
    // Back to the server: its Tasks tab (6) lists the task as completed.
    await term.keys('Escape', 'Escape');
    await term.waitFor(/1 Tools \(\d+\)/);
    await term.keys('6');
    const tab = await term.waitFor(/simulate-research-query · completed/);
    expect(tab).toContain('kept: ttl 5 min');
    await term.keys('Enter');
    await term.waitFor('Research Report: tides');
  });

  it('answers a 2026-07-28 task\'s question in the usual overlay; the status goes input required → working → completed', async ({ onTestFinished }) => {
    const term = terminal(onTestFinished, { tasks: { command: process.execPath, args: [TASKS_SERVER, 'stdio'], env: { STEP_MS: '1200' } } }, { columns: 110, rows: 30 });
    await openTool(term, 'research', 'Researches a topic');
    await term.type('python');
    await term.keys('Tab');
    // ambiguous: a checkbox.
    await term.keys('Space');
    await term.keys('C-s');
    await term.waitFor('Send this call?');
    await term.keys('y');
    await term.waitFor(/task \S+ · working · step 1 of 4/);
    const asked = await term.waitFor('tasks asks you to fill in a form');
    expect(asked).toContain('has two meanings');
    expect(asked).toMatch(/task \S+ · input required · which meaning\? · ttl 1 min/);
    // The choice: its first value, sent.
    await term.keys('Right');
    await term.waitFor('‹ animal ›');
    await term.keys('C-s');
    // After the answer the task works on (each step holds 1.2 s, so a loaded machine still sees one).
    await term.waitFor(/task \S+ · working · step [34] of 4/);
    await term.waitFor('report on python (animal)');
  });
});
