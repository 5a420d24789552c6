import type { Readable, Writable } from 'node:stream';
import { inputPrompt } from '../core/config/input-question.js';
import type { InputAsker } from '../core/config/session.js';
import { sanitizeLine } from '../util/sanitize.js';

type Input = Readable & { isTTY?: boolean; isRaw?: boolean; setRawMode?: (raw: boolean) => unknown };

/**
 * Asks for `${input:id}` values on the terminal (questions on stderr), typed behind
 * bullets. Without a terminal it says why and answers nothing: the server waits.
 */
export function terminalInputAsker(input: Input = process.stdin, output: Writable = process.stderr): InputAsker {
  return async (ref) => {
    if (!input.isTTY) {
      output.write(`mcpdeck: ${sanitizeLine(ref.servers.join(', '))} ${ref.servers.length === 1 ? 'needs' : 'need'} \${input:${sanitizeLine(ref.id)}} (from ${sanitizeLine(ref.file)}), and stdin is not a terminal to ask on; run mcpdeck on a terminal once to enter it\n`);
      return undefined;
    }
    const answer = await readSecretLine(input, output, `mcpdeck: ${sanitizeLine(inputPrompt(ref))}`, !ref.options);
    return answer || ref.default || undefined;
  };
}

/**
 * One line read in raw mode, echoed as bullets (or as typed, `mask` false). Enter ends
 * it; Backspace and Ctrl-U edit; Ctrl-C interrupts the command; Ctrl-D on an empty
 * line (or the end of input) gives up.
 */
export function readSecretLine(input: Input, output: Writable, prompt: string, mask = true): Promise<string | undefined> {
  return new Promise((resolve) => {
    const wasRaw = Boolean(input.isRaw);
    let value: string[] = [];
    let escape = false;
    output.write(prompt);
    input.setRawMode?.(true);
    const finish = (answer: string | undefined, interrupted = false) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.setRawMode?.(wasRaw);
      input.pause();
      output.write('\n');
      resolve(answer);
      if (interrupted) process.kill(process.pid, 'SIGINT');
    };
    const onEnd = () => finish(undefined);
    const onData = (chunk: Buffer | string) => {
      for (const ch of String(chunk)) {
        // Arrow keys and the like: an escape sequence, not text.
        if (escape) {
          escape = !/[A-Za-z~]/.test(ch);
          continue;
        }
        if (ch === '\r' || ch === '\n') return finish(value.join(''));
        if (ch === '\u0003') return finish(undefined, true);
        if (ch === '\u0004' && !value.length) return finish(undefined);
        if (ch === '\u001b') escape = true;
        else if (ch === '\u007f' || ch === '\b') {
          if (value.length) output.write('\b \b');
          value = value.slice(0, -1);
        } else if (ch === '\u0015') {
          output.write('\b \b'.repeat(value.length));
          value = [];
        } else if (ch >= ' ') {
          value.push(ch);
          output.write(mask ? '•' : ch);
        }
      }
    };
    input.on('data', onData);
    input.once('end', onEnd);
    input.resume();
  });
}
