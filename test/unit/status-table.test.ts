import { describe, expect, it } from 'vitest';
import { badgeText, STATUS, worstExit, type ServerStatus } from '../../src/core/servers/status.js';
import { createTheme } from '../../src/ui/theme/theme.js';
import { statusStyle } from '../../src/cli/style.js';
import { Exit } from '../../src/cli/exit-codes.js';
import { readDoc } from './helpers/readme-section.js';

const statuses = Object.keys(STATUS) as ServerStatus[];

describe('the status table: one source for what each status shows', () => {
  it('gives the deck and the CLI the same colour for each status', () => {
    const theme = createTheme({});
    for (const status of statuses) {
      expect(theme.status[status]).toBe(STATUS[status].colour);
      expect(statusStyle(status)).toBe(STATUS[status].colour);
    }
    // NO_COLOR turns the table's colours off, not its glyphs and words.
    expect(Object.values(createTheme({ NO_COLOR: '1' }).status).every((c) => c === undefined)).toBe(true);
  });

  it('ends a command with the exit code of the worst status, in table order', () => {
    expect(worstExit(['connected', 'disabled', 'pending'])).toBeUndefined();
    expect(worstExit(['needs-approval', 'needs-auth', 'connected'])).toBe('needsAuth');
    expect(worstExit(['needs-approval', 'failed', 'needs-auth'])).toBe('connection');
    expect(Exit[worstExit(['needs-approval'])!]).toBe(6);
    for (const status of statuses) {
      const exit = STATUS[status].exit as string | undefined;
      if (exit) expect(Object.keys(Exit)).toContain(exit);
    }
  });

  it('is what the command reference lists as the badges', () => {
    const readme = readDoc('docs/cli.md');
    const list = readme.slice(readme.indexOf('- `status` connects every server'), readme.indexOf('the reason\n  for a failure'));
    expect(list.match(/`[^`]+`/g)?.slice(1)).toEqual(statuses.map((s) => `\`${badgeText(s)}\``));
  });
});
