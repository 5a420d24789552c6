// Skills (SEP-2640) in a real terminal: the Skills tab of a server with the extension lists
// its skills, loads a good one verified into the pager and refuses a tampered one with the
// reason; the server's colour codes in a description never reach the terminal.
import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openTerminal, type Terminal } from './helpers/tmux.js';

const SKILLS_SERVER = fileURLToPath(new URL('../fixtures/servers/skills-server.mjs', import.meta.url));

describe('skills in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('6 opens Skills: listed, enter loads one verified, a wrong digest is refused with the reason', async () => {
    term = openTerminal({ skills: { command: process.execPath, args: [SKILLS_SERVER] } }, { columns: 120, rows: 32 });
    await term.waitFor('✓ connected');
    await term.keys('Enter');
    await term.waitFor(/6 Skills/);
    await term.keys('6');
    // The footer's keys follow the selection a frame after the list (Ink draws at most one
    // frame per 32 ms), so the wait is for both.
    const list = await term.waitFor((s) => s.includes('wrong-size') && s.includes('enter load · f refresh'));
    expect(list).toMatch(/pdf-processing\s+3 files, 229 B/);
    expect(list).toMatch(/daily\s+dynamic: unverifiable/);
    await term.keys('Enter');
    const pager = await term.waitFor('✓ verified: 3 files matched their sha256 digests and sizes');
    expect(pager).toContain('# PDF processing');
    await term.keys('Escape');
    await term.waitFor('wrong-size');
    await term.keys('Down', 'Enter');
    await term.waitFor(/refused skill:\/\/wrong-digest\/SKILL\.md: SKILL\.md does not match its digest/);
    // too-big's description carries a colour code: drawn as text, never as a colour.
    await term.keys('Down');
    await term.waitFor('Far too big');
    expect(term.screen(true)).not.toMatch(/Far too big\x1b\[31m/);
  });
});
