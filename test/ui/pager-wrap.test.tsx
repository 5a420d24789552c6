import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'ink-testing-library';
import { KeysProvider } from '../../src/ui/keys/KeysProvider.js';
import { Pager } from '../../src/ui/widgets/pager/Pager.js';
import { ThemeContext } from '../../src/ui/theme/ThemeContext.js';
import { createTheme } from '../../src/ui/theme/theme.js';
import { keyRead } from './helpers/key-read.js';
import { KEY } from './helpers/render.js';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function showPager(text: string, width = 80, height = 8) {
  const app = render(
    <ThemeContext.Provider value={createTheme({ NO_COLOR: '1' })}>
      <KeysProvider><Pager text={text} width={width} height={height} /></KeysProvider>
    </ThemeContext.Provider>,
  );
  unmount = app.unmount;
  const frame = () => app.lastFrame() ?? '';
  return {
    frame,
    press: async (...keys: string[]) => {
      for (const key of keys) {
        app.stdin.write(key);
        await keyRead(key);
      }
    },
    waitFor: (ok: (f: string) => boolean) => vi.waitFor(() => {
      if (!ok(frame())) throw new Error(`the pager shows:\n${frame()}`);
    }, { timeout: 5000, interval: 10 }),
  };
}

const SENTENCE = 'mcpdeck is a terminal deck for MCP servers, where tools, prompts, and resources are listed side by side, '
  + 'each one a key away; a word longer than the row such as ' + 'z'.repeat(100) + ' is still cut to fit.';

describe('the pager at 80 columns', () => {
  it('wraps a long line at word boundaries (a word longer than the row is cut), with line and row counts and search intact', async () => {
    const pager = showPager(`${SENTENCE}\nsecond line\nthird\nfourth`, 80, 5);
    expect(pager.frame().split('\n')).toEqual([
      'mcpdeck is a terminal deck for MCP servers, where tools, prompts, and resources',
      'are listed side by side, each one a key away; a word longer than the row such as',
      'z'.repeat(80),
      'line 1 of 4 (row 1 of 4)',
    ]);
    // Scrolling goes by rows.
    await pager.press(KEY.down, KEY.down);
    await pager.waitFor((f) => f.includes('(row 3 of 4)'));
    expect(pager.frame().split('\n').slice(0, 3)).toEqual(['z'.repeat(80), `${'z'.repeat(20)} is still cut to fit.`, 'second line']);
    await pager.press('g');
    await pager.waitFor((f) => f.includes('(row 1 of 4)'));
    await pager.press('/', ...'second', KEY.enter);
    await pager.waitFor((f) => f.includes('match 1/1 for "second"'));
    expect(pager.frame().split('\n').slice(0, 3)).toEqual(['second line', 'third', 'fourth']);
    expect(pager.frame()).toContain('line 2 of 4');
  });

  it('search finds every occurrence: the count says all of them, n/N step through each (its wrapped row in view), each is marked (pager-model.test)', async () => {
    const long = `NEEDLE at the start, ${'filler words that wrap '.repeat(12)}and a second needle near the end.`;
    const pager = showPager(`${long}\nshort\nNeedle and needle again\nlast`, 80, 4);
    await pager.press('/', ...'NEEDLE', KEY.enter);
    await pager.waitFor((f) => f.includes('match 1/4 for "NEEDLE"'));
    await pager.press('n', 'n');
    await pager.waitFor((f) => f.includes('match 3/4'));
    expect(pager.frame().split('\n')[0]).toBe('Needle and needle again');
    await pager.press('N');
    await pager.waitFor((f) => f.includes('match 2/4'));
    const second = pager.frame();
    // The second occurrence is on the long line's last row, at the top of the view.
    expect(second.split('\n')[0]).toMatch(/needle near the end\.$/);
    expect(second).toContain('line 1 of 4 (row 5 of 5)');
    await pager.press('n', 'n');
    await pager.waitFor((f) => f.includes('match 4/4'));
    await pager.press('n');
    await pager.waitFor((f) => f.includes('match 1/4'));
    expect(pager.frame()).toContain('(row 1 of 5)');
  });

  it('esc clears a kept search before anything else, and the next search starts empty', async () => {
    const pager = showPager('alpha beta\ngamma alpha', 80, 6);
    await pager.press('/', ...'alpha', KEY.enter);
    await pager.waitFor((f) => f.includes('match 1/2 for "alpha"'));
    await pager.press(KEY.esc);
    await pager.waitFor((f) => !f.includes('for "alpha"'));
    await pager.press('/');
    await pager.waitFor((f) => /^search: *$/m.test(f));
  });
});
