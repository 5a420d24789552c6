// The findings of a server author's hour with the deck (issue 16), each in a real terminal.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { everythingStdio, fixture, fixtureServer } from '../helpers/servers.js';

const everything = everythingStdio();
const notes = fixtureServer('annotated-tools.mjs');
const footer = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';
const selected = (screen: string) => screen.split('\n').find((l) => l.startsWith('›')) ?? '';
// Shorter than a row: a JSON string is never broken over rows (only one wider than a row is cut).
const MESSAGE = 'with "quotes", commas, colons: {braces}, it\'s here';

/** What a shell reads from rows copied off the screen: ` \` continues a line. */
const asTyped = (rows: string[]) => rows.map((r) => r.replace(/^\$ /, '').trimEnd()).reduce((text, row) => (text.endsWith(' \\') ? text.slice(0, -1) + row.trimStart() : `${text}\n${row}`));

describe('the deck for people who build servers, in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it("the Tools tab's detail grows into the free rows, and s shows the whole tool in the pager", async () => {
    term = openTerminal({ notes }, { columns: 120, rows: 40 });
    await term.waitFor('✓ connected');
    await term.keys('Enter');
    await term.waitFor('Tools (2)');
    await term.keys('j');
    const detail = await term.waitFor('mcp__notes__write_note');
    // All 20 lines of the description are in view at 120x40, not 9 rows and "… 11 more".
    expect(detail).toContain('Line 1 of what write_note does.');
    expect(detail).toContain('Line 20 of what write_note does.');
    expect(detail).not.toMatch(/… \d+ more/);
    await term.keys('s');
    const whole = await term.waitFor('line 1 of');
    expect(whole).toContain('annotations: {"title":"Write a note","readOnlyHint":false,"destructiveHint":false}');
    expect(whole).toContain('Line 20 of what write_note does.');
    await term.keys('/');
    await term.type('inputSchema');
    await term.keys('Enter');
    await term.waitFor(/match 1\/1 for "inputSchema"/);
    // The first esc clears the kept search, the next closes the pager.
    await term.keys('Escape');
    await term.waitFor((s) => /line [\d,]+ of/.test(s) && !s.includes('for "inputSchema"'));
    await term.keys('Escape');
    await term.waitFor((s) => !/line [\d,]+ of/.test(s) && s.includes('Tools (2)'));
  });

  it('the repeat command is whole, on as many rows as it needs, and c copies it (OSC 52) in one line', async () => {
    term = openTerminal({ everything }, { columns: 80, rows: 30 });
    // tmux takes what an application copies with OSC 52 into its paste buffer.
    term.tmux('set-option', '-s', 'set-clipboard', 'on');
    await term.waitFor('✓ connected');
    await term.keys('Enter');
    await term.waitFor(/Tools \(\d+\)/);
    await term.keys('/');
    await term.type('echo');
    await term.keys('Enter');
    await term.waitFor((s) => /1 of \d+/.test(s) && !s.includes('enter keep'));
    await term.keys('Enter');
    await term.waitFor('[ call ]');
    await term.type(MESSAGE);
    await term.keys('C-s');
    const screen = await term.waitFor((s) => s.includes('✓ ok') && s.includes('$ mcpdeck call'));
    const lines = screen.split('\n');
    const start = lines.findIndex((l) => l.startsWith('$ mcpdeck call'));
    const end = lines.findIndex((l, i) => i >= start && /servers\.json\s*$/.test(l));
    expect(end, screen).toBeGreaterThan(start);
    const rows = lines.slice(start, end + 1);
    expect(screen).not.toContain('c copies the whole command');
    // Copied off the screen, the rows are still the call: the arguments parse as JSON.
    const quoted = /--args '((?:[^']|'\\'')*)'/.exec(asTyped(rows))![1]!.replaceAll("'\\''", "'");
    expect(JSON.parse(quoted)).toEqual({ message: MESSAGE });
    await term.keys('c');
    await term.waitFor('copied the command to the clipboard');
    const copied = term.tmux('show-buffer');
    expect(copied).toMatch(/^mcpdeck call everything echo --args '/);
    expect(copied).not.toContain('\n');
    expect(copied).toContain(JSON.stringify({ message: MESSAGE }).replaceAll("'", "'\\''"));
  });

  it('the selection stays on the item picked when the list changes under it: Enter opens that tool', async () => {
    const grow = join(mkdtempSync(join(tmpdir(), 'mcpdeck-grow-')), 'grow');
    term = openTerminal({ growing: { command: process.execPath, args: [fixture('growing-tools.mjs')], env: { GROW_WHEN: grow } } });
    await term.waitFor('✓ connected');
    await term.keys('Enter');
    await term.waitFor('Tools (2)');
    await term.keys('j');
    await term.waitFor((s) => selected(s).includes('zzz-second'));
    // A tool appears before it (notifications/tools/list_changed).
    writeFileSync(grow, '');
    const grown = await term.waitFor('Tools (3)');
    expect(selected(grown)).toContain('zzz-second');
    await term.keys('Enter');
    const form = await term.waitFor('[ call ]');
    expect(form.split('\n')[0]).toMatch(/› zzz-second\s*$/);
  });

  it('the server list too: hiding a source before the selected server leaves the selection, and e, on it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mcpdeck-sources-'));
    const home = join(root, 'home');
    const work = join(root, 'work');
    mkdirSync(work);
    mkdirSync(join(home, '.cursor'), { recursive: true });
    mkdirSync(join(home, '.codeium', 'windsurf'), { recursive: true });
    const healthy = { command: process.execPath, args: [fixture('healthy.mjs')], disabled: true };
    writeFileSync(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { one: { command: 'x', disabled: true } } }));
    writeFileSync(join(home, '.codeium', 'windsurf', 'mcp_config.json'), JSON.stringify({ mcpServers: { two: healthy, three: { command: 'y', disabled: true } } }));
    // The person's own files (in the home), run from an empty folder: nothing to approve.
    term = openTerminal({}, { config: false, cwd: work, env: { HOME: home } });
    const listed = await term.waitFor((s) => s.includes('one') && s.includes('three'));
    const names = listed.split('\n').map((l) => /^[ ›] (one|two|three)\s/.exec(l)?.[1]).filter(Boolean);
    expect(names).toEqual(['one', 'two', 'three']);
    await term.keys('Down');
    await term.waitFor((s) => selected(s).includes('two'));
    await term.keys('s');
    await term.waitFor('Sources, lowest precedence first');
    // Down to the source of "one" and hide it: the row above the selection goes.
    while (!/› ● cursor/.test(term.screen())) {
      await term.keys('Down');
      await term.waitFor(/› ●/);
    }
    await term.keys('Space');
    await term.waitFor(/○ cursor\s+hidden/);
    await term.keys('Escape');
    const changed = await term.waitFor((s) => !/^[ ›] one\s/m.test(s) && !s.includes('Sources, lowest'));
    expect(selected(changed)).toMatch(/^› two\s/);
    // e enables the server the person picked, not the one now on its old row.
    await term.keys('e');
    const enabled = await term.waitFor(/two\s+✓ connected/);
    expect(enabled).toMatch(/three\s+⊘ disabled/);
  });

  it('esc clears a kept filter before it leaves, and the footer at 80 columns keeps esc back, ? help and q quit', async () => {
    term = openTerminal({ everything }, { columns: 80, rows: 24 });
    const dashboard = await term.waitFor('✓ connected');
    expect(footer(dashboard)).toMatch(/\? help · q quit\s*$/);
    await term.keys('Enter');
    const tools = await term.waitFor(/Tools \(\d+\)/);
    expect(footer(tools)).toMatch(/esc back · \? help · q quit\s*$/);
    await term.keys('/');
    await term.type('echo');
    await term.keys('Enter');
    const kept = await term.waitFor((s) => /1 of \d+/.test(s) && !s.includes('enter keep'));
    expect(footer(kept)).toMatch(/esc clear · \? help · q quit\s*$/);
    await term.keys('Escape');
    // The footer is drawn with the list: read them together.
    const cleared = await term.waitFor((s) => !/\d+ of \d+/.test(s) && s.includes('get-annotated-message') && !footer(s).includes('esc clear'));
    // Still on the server: the first Esc only cleared the filter.
    expect(cleared.split('\n')[0]).toContain('everything');
    expect(footer(cleared)).toMatch(/esc back · \? help · q quit\s*$/);
    await term.keys('Escape');
    await term.waitFor((s) => s.split('\n')[0]!.trimEnd() === 'mcpdeck › servers');
  });
});
