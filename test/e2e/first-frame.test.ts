// The deck's first frames, one by one, as a terminal receives them (script(1) gives the
// bundle a pseudo-terminal of 120x40; Ink wraps each frame in synchronized output).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANSI, untilText } from '../bench/first-frame.mjs';

const BIN = fileURLToPath(new URL('../../bin/mcpdeck.js', import.meta.url));
const FRAME_START = '\x1b[?2026h';

describe('the first frames', () => {
  it('open with the breadcrumb, then the server list comes whole: its first frame has the footer, with CI set too', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mcpdeck-first-frame-'));
    const { output } = await untilText([BIN, '--strict', '--demo'], /✓ connected[\s\S]*q quit/, {
      cwd: home,
      // As in a CI job's shell: Ink would draw nothing until exit if it believed it.
      env: { ...process.env, CI: 'true', HOME: home, MCPDECK_CONFIG_DIR: join(home, 'config') },
    });
    const frames = output.split(FRAME_START).map((f) => f.replace(ANSI, '')).filter((f) => f.trim());
    expect(frames[0]).toContain('mcpdeck › servers');
    const firstList = frames.find((f) => f.includes('NAME'));
    expect(firstList).toMatch(/demo\s+\S+ (pending|connecting|connected)/);
    expect(firstList).toContain('q quit');
  });
});
