import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { openTool } from './helpers/tools.js';
import { runCli, sandbox } from '../integration/helpers/cli.js';
import { everythingStdio } from '../helpers/servers.js';

const everything = everythingStdio();

describe('saving a call as a test from the deck', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('t on a result picks the expectations and the file, saves the test, and mcpdeck test runs it', async () => {
    const project = mkdtempSync(join(tmpdir(), 'mcpdeck-project-'));
    // One person's user config for the deck and the CLI: the tests file the deck makes stays approved there.
    const userConfig = join(project, '.user-config');
    term = openTerminal({ everything }, { cwd: project, columns: 110, rows: 32, env: { MCPDECK_CONFIG_DIR: userConfig } });
    await openTool(term, 'get-sum', 'Get Sum Tool');
    await term.type('2');
    await term.keys('Tab');
    await term.type('3');
    await term.keys('C-s');
    await term.waitFor('The sum of 2 and 3 is 5');
    await term.keys('t');
    const panel = await term.waitFor('Save get-sum as a test');
    // Checked as `call --save-test` would pick: isError and the whole text; the duration is offered, not checked.
    expect(panel).toMatch(/\[x\] text equals "The sum of 2 and 3 is 5\."/);
    expect(panel).toMatch(/\[x\] isError is false/);
    expect(panel).toMatch(/\[ \] takes at most \d+ ms/);
    expect(panel).toContain('file: mcpdeck.tests.json');
    // The duration bound too, and the file renamed in place.
    await term.keys('Down', 'Down', 'Down');
    await term.waitFor(/› \[ \] takes at most/);
    await term.keys('Space');
    await term.waitFor(/› \[x\] takes at most/);
    await term.keys('Down');
    await term.waitFor(/› file: /);
    for (let i = 0; i < 'mcpdeck.tests.json'.length; i++) await term.keys('BSpace');
    await term.type('checks.json');
    await term.waitFor('file: checks.json');
    await term.keys('Enter');
    const saved = await term.waitFor('saved the test "get-sum a=2 b=3"');
    expect(saved).toContain(join(project, 'checks.json'));
    const file = JSON.parse(readFileSync(join(project, 'checks.json'), 'utf8').replace(/^\/\/.*\n/, ''));
    expect(file.tests).toEqual([
      { name: 'get-sum a=2 b=3', server: 'everything', tool: 'get-sum', arguments: { a: 2, b: 3 }, expect: { text: { equals: 'The sum of 2 and 3 is 5.' }, isError: false, maxDurationMs: expect.any(Number) } },
    ]);
    // The same servers, from the command line: the saved test passes.
    const config = join(project, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { everything } }));
    const box = sandbox();
    const r = await runCli(['test', '--strict', '-c', config, 'checks.json'], { cwd: project, env: { ...box.env, MCPDECK_CONFIG_DIR: userConfig } });
    expect(r.stdout).toContain('✓ get-sum a=2 b=3');
    expect([r.code, r.stdout.trim().split('\n').at(-1)]).toEqual([0, '1 passed, 0 failed']);
  });
});
