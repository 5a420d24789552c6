import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTerminal, type Terminal } from './helpers/tmux.js';

const HOSTILE = fileURLToPath(new URL('../fixtures/servers/hostile-text.mjs', import.meta.url));

describe('a hostile server in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('lets no escape sequence reach the terminal, and shows each as a visible marker', async () => {
    term = openTerminal({ hostile: { command: process.execPath, args: [HOSTILE] } }, { columns: 160, rows: 40 });
    // Every byte the app writes to the pane, from before its first frame.
    const stream = join(term.dir, 'stream');
    term.tmux('pipe-pane', '-o', '-t', 'main', `cat >> ${stream}`);
    const title = () => term!.tmux('display', '-p', '-t', 'main', '#{pane_title}').trim();
    const titleBefore = title();
    const seen: string[] = [];
    const see = async (what: string) => void seen.push(await term!.waitFor(what));

    // Dashboard: serverInfo and stderr.
    await see('stderr says ⟦ESC[2J⟧⟦ESC[H⟧⟦OSC 52 clipboard⟧⟦link https://evil.example/⟧click⟦/link⟧');
    await see('hostile 1.0⟦ESC[2J⟧');
    // Tools: names, titles, descriptions; look-alike names look different.
    await term.keys('Enter');
    await see('read⟦ZWSP⟧_file');
    const tools = seen.at(-1)!;
    expect(tools).toMatch(/^. {1,2}read_file /m);
    expect(tools).toContain('Title red⟦OSC 0 title⟧');
    expect(tools).toContain('evil⟦ESC[2J⟧tool');
    // Carriage return and backspaces shown, so nothing is overwritten; the override shown, so nothing runs backwards.
    expect(tools).toContain('⟦RLO⟧gnp.exe safe-command␍EVIL secret␈␈␈␈␈␈SECRET');
    expect(tools).toContain('⟦link https://evil.example/⟧click⟦/link⟧␇⟦OSC 52 clipboard⟧ quietly');
    // Info: serverInfo title and instructions.
    await term.keys('5');
    await see('Use me ⟦OSC 52 clipboard⟧␇⟦OSC 0 title⟧safe-command␍EVIL ⟦RLO⟧gnp.exe');
    expect(seen.at(-1)).toContain('Hostile ⟦link https://evil.example/⟧click⟦/link⟧⟦OSC 0 title⟧');
    // A result.
    await term.keys('1', 'Enter');
    await term.waitFor('[ call ]');
    await term.keys('C-s');
    await term.waitFor(/destructive/i);
    await term.keys('y');
    await see('✓ ok');
    expect(seen.at(-1)).toMatch(/result ⟦ESC\[2J⟧⟦OSC 52 clipboard⟧⟦link https:\/\/evil\.example\/⟧click⟦\/link⟧␇⟦OSC 52 clipboard⟧⟦OSC 0 title⟧ safe-command␍EVIL/);
    // An error: the last tool answers with a JSON-RPC error.
    await term.keys('Escape');
    await term.waitFor('read⟦ZWSP⟧_file');
    for (let i = 0; i < 4; i++) await term.keys('Down');
    await term.waitFor(/^› fails/m);
    await term.keys('Enter');
    await term.waitFor('no arguments to fill in');
    await term.keys('C-s');
    await term.waitFor(/destructive/i);
    await term.keys('y');
    await see('failed ⟦ESC[2J⟧⟦ESC[H⟧⟦OSC 52 clipboard⟧');
    // A log message (both calls sent one).
    await term.keys('Escape');
    await term.waitFor('read⟦ZWSP⟧_file');
    await term.keys('4', 't');
    await see('logged ⟦ESC[2J⟧⟦ESC[H⟧⟦OSC 52 clipboard⟧');

    // The clipboard payload only ever shows escaped inside JSON (structured content), never as a write.
    const unjson = (text: string) => text.replaceAll('\\u001b]52;c;ZXZpbA==', '');
    for (const screen of seen) expect(unjson(screen)).not.toMatch(/PWNED|ZXZpbA==|EVIL-command/);
    // What the terminal itself shows, escapes included: tmux's own colours, nothing from the server.
    const drawn = term.screen(true);
    expect(drawn).not.toMatch(/\x1b\]|\x07|[\u0080-\u009f]|\u202e|\u200b/);
    // The pane title (OSC 0) never changed.
    expect(title()).toBe(titleBefore);
    expect(title()).not.toContain('PWNED');
    // And the raw stream the app wrote: captured from the start (it entered the alternate screen)...
    await term.waitFor(() => existsSync(stream) && readFileSync(stream, 'latin1').includes('\x1b[?1049h'));
    const written = readFileSync(stream, 'utf8');
    // ...with no OSC of any kind (clipboard, hyperlink, title), no 8-bit control, no BEL...
    expect(written).not.toMatch(/\x1b\]|[\u0080-\u009f]|\x07|\x08|\u202e|\u200b/);
    expect(unjson(written)).not.toContain('ZXZpbA==');
    expect(written).not.toContain('PWNED-TITLE');
    // ...and none of the server's cursor moves, clears or carriage returns next to its text.
    expect(written).not.toMatch(/(?:1\.0|says |evil|failed |logged |result )\x1b\[/);
    expect(written).not.toContain('safe-command\rEVIL');
  });
});
