import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecretLine, terminalInputAsker } from '../../src/cli/ask-input.js';
import type { InputRef } from '../../src/core/config/inputs.js';

/** A terminal-like input: raw mode is recorded, keys are written to it. */
function tty() {
  const input = Object.assign(new PassThrough(), { isTTY: true, isRaw: false, modes: [] as boolean[] });
  (input as unknown as { setRawMode: (raw: boolean) => void }).setRawMode = (raw) => {
    input.modes.push(raw);
    input.isRaw = raw;
  };
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d: Buffer) => (shown += d));
  return { input, output, shown: () => shown };
}

const REF: InputRef = { id: 'key', description: 'API key', password: true, account: 'input:/p/mcp.json:key', file: '/p/mcp.json', servers: ['github'] };

describe('asking for an input on the terminal', () => {
  it('reads a line in raw mode behind bullets, with backspace and arrow keys ignored, and restores the mode', async () => {
    const t = tty();
    const answer = readSecretLine(t.input, t.output, 'key: ');
    t.input.write('s3x\x7fc\x1b[Dr3t\r');
    expect(await answer).toBe('s3cr3t');
    expect(t.shown()).toBe('key: •••\b \b••••\n');
    expect(t.input.modes).toEqual([true, false]);
  });

  it('Ctrl-U clears what was typed; the end of input gives up', async () => {
    const t = tty();
    const cleared = readSecretLine(t.input, t.output, '> ');
    t.input.write('wrong\x15right\n');
    expect(await cleared).toBe('right');
    const ended = readSecretLine(t.input, t.output, '> ');
    t.input.end('par');
    expect(await ended).toBeUndefined();
  });

  it('names the input, its servers and file in the prompt, on stderr', async () => {
    const t = tty();
    const answer = terminalInputAsker(t.input, t.output)(REF);
    t.input.write('v\r');
    expect(await answer).toBe('v');
    expect(t.shown()).toContain('mcpdeck: API key (${input:key} for github): •');
  });

  it('without a terminal says why and answers nothing', async () => {
    const output = new PassThrough();
    let said = '';
    output.on('data', (d: Buffer) => (said += d));
    const input = Object.assign(new PassThrough(), { isTTY: false });
    expect(await terminalInputAsker(input, output)(REF)).toBeUndefined();
    expect(said).toBe('mcpdeck: github needs ${input:key} (from /p/mcp.json), and stdin is not a terminal to ask on; run mcpdeck on a terminal once to enter it\n');
  });
});
