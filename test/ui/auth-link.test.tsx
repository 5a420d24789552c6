import { render } from 'ink-testing-library';
import { Box } from 'ink';
import { describe, expect, it } from 'vitest';
import { UrlLines } from '../../src/ui/requests/lines/UrlLines.js';
import { hyperlink, terminalLink } from '../../src/util/hyperlink.js';
import { around } from '../../src/ui/signin/progress/PasteLine.js';
import { traceRows } from '../../src/ui/signin/progress/trace-rows.js';

const URL_ = 'https://auth.example.com/authorize?response_type=code&client_id=abcdefghijklmnopqrstuvwxyz0123456789&state=s0m3-st4te-v4lue&code_challenge=0123456789abcdef0123456789abcdef&scope=mcp%3Atools';
const visible = (frame: string) => frame.replace(/\x1b\]8;[^\x07\x1b]*(\x07|\x1b\\)/g, '');

/** The link rows in a bordered box, as the sign-in overlay draws them. */
function drawn(link: (row: string) => string) {
  const app = render(
    <Box borderStyle="round" width={60} flexDirection="column">
      <UrlLines request={{ url: URL_, domain: 'auth.example.com' }} width={56} rows={8} link={link} />
    </Box>,
  );
  const frame = app.lastFrame() ?? '';
  app.unmount();
  return frame;
}

describe('the sign-in link as a terminal hyperlink', () => {
  it('ends its OSC 8 with BEL, which Ink measures as zero-width: every row keeps the border in place', () => {
    const frame = drawn((row) => terminalLink(URL_, row));
    expect(frame).toContain(`\x1b]8;;${URL_}\x07`);
    expect(hyperlink(URL_, true)).toBe(terminalLink(URL_, URL_));
    const rows = visible(frame).split('\n');
    expect(rows.every((r) => [...r].length === 60 && r.endsWith(r.startsWith('╭') ? '╮' : r.startsWith('╰') ? '╯' : '│'))).toBe(true);
    const joined = rows.filter((r) => /^│(url {7}| {10})\S/.test(r)).map((r) => r.slice(11, -1).trim()).join('');
    expect(joined).toBe(URL_);
  });
});

describe('sign-in rows', () => {
  it('a long paste shows the end around the cursor, cut with …', () => {
    expect(around('short', 5, 10)).toEqual({ value: 'short', cursor: 5 });
    const long = 'http://127.0.0.1:1/callback?code=abc&state=xyz';
    const shown = around(long, long.length, 20);
    expect(shown.value.startsWith('…')).toBe(true);
    expect([...shown.value].length).toBe(19);
    expect(long.endsWith(shown.value.slice(1))).toBe(true);
    expect(shown.cursor).toBe(19);
  });

  it('keeps failures and their fixes; earlier steps that went through fold into one row', () => {
    const steps = [
      ...Array.from({ length: 6 }, (_, i) => ({ step: `Step ${i}`, status: 'ok' as const, detail: 'fine' })),
      { step: 'Sign-in', status: 'failed' as const, detail: 'it broke \x1b[31mred\x1b[0m', fix: 'do this' },
    ];
    const rows = traceRows(steps, 60, 5);
    expect(rows.map((r) => r.text)).toEqual(['… 4 earlier steps, none failed', '✓ Step 4: fine', '✓ Step 5: fine', '✗ Sign-in: it broke red', '  fix: do this']);
    expect(traceRows(steps, 60, 20)).toHaveLength(8);
  });
});
