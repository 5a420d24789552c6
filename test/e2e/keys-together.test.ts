import { afterEach, describe, it } from 'vitest';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { everythingStdio } from '../helpers/servers.js';

const everything = everythingStdio();

/** Several keys in one tmux send-keys: the app reads them in one go, as over SSH or from a fast typist. */
const together = (term: Terminal, ...keys: string[]) => term.tmux('send-keys', '-t', 'main', ...keys);

describe('keys that arrive together, in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('a filter and its Enter in one send filter what was typed; j and Enter open the tool below', async () => {
    term = openTerminal({ everything });
    await term.waitFor('✓ connected');
    await term.keys('/');
    await term.waitFor('type to filter');
    together(term, 'e', 'v', 'e', 'r', 'y', 'Enter');
    await term.waitFor((s) => /› everything/.test(s) && /1 of 1/.test(s) && !s.includes('enter keep'));
    together(term, 'Enter');
    await term.waitFor(/1 Tools \(\d+\)/);
    together(term, 'j', 'Enter');
    await term.waitFor((s) => /› get-annotated-message\s*$/m.test(s.split('\n')[0]!) && s.includes('ctrl+s send'));
  });

  it('a bracketed paste goes into the filter whole: its line end is not an Enter', async () => {
    term = openTerminal({ everything });
    await term.waitFor('✓ connected');
    await term.keys('/');
    await term.waitFor('type to filter');
    term.tmux('set-buffer', 'every\n');
    term.tmux('paste-buffer', '-p', '-t', 'main');
    await term.waitFor(/\/ every\s+1 of 1/);
    together(term, 't', 'h', 'i', 'n', 'g', 'Enter');
    await term.waitFor((s) => /\/ everything\s+1 of 1/.test(s) && !s.includes('enter keep'));
  });
});
