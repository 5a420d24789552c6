import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';

/** Text past this many characters is not counted: the count says "more than" instead (a 50 MB result would take seconds). */
export const COUNT_LIMIT = 1_000_000;

/** Counts tokens in each text, in order. */
export type Counter = (texts: readonly string[]) => Promise<number[]>;

let loading: Promise<(text: string) => number> | undefined;

/**
 * The tokenizer in this process, loaded on first use (its 2.4 MB of ranks is a chunk of its
 * own). For commands, which count once and exit. Special-token text such as
 * `<|endoftext|>` from a server counts as plain text instead of throwing.
 */
export const inProcess: Counter = async (texts) => {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then(({ countTokens }) => {
    const plain = { disallowedSpecial: new Set<string>() };
    return (text: string) => countTokens(text, plain);
  });
  const count = await loading;
  return texts.map(count);
};

/** How long the counter's process waits for more texts before it ends. */
const IDLE_MS = 2_000;

/** The child's entry: the bundle's `token-counter.js` beside this chunk, or the source file when run from source. */
function counterScript(): string {
  const here = import.meta.url;
  return fileURLToPath(new URL(here.endsWith('.ts') ? './counter-process.ts' : './token-counter.js', here));
}

interface Owed {
  resolve: (counts: number[]) => void;
  reject: (error: Error) => void;
}

/** A counter process and the answers it owes, in the order asked. */
interface Running {
  ask(texts: readonly string[], owed: Owed): void;
}

/**
 * The tokenizer in a process of its own, for the deck: the ranks take 56 MiB wherever they
 * are loaded, and a long-lived deck would hold them for good. The process starts on the first
 * count and ends IDLE_MS after its last answer (then its memory is the system's again); a
 * count asked after that starts another. A counter that cannot start or dies fails the
 * counts it owed, and the next count starts a new one.
 */
export function childCounter(script = counterScript()): Counter {
  let running: Running | undefined;

  const start = (): Running => {
    const owed: Owed[] = [];
    let idle: NodeJS.Timeout | undefined;
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, NODE_OPTIONS: '' } });
    const self: Running = {
      ask(texts, answer) {
        clearTimeout(idle);
        owed.push(answer);
        child.stdin.write(`${JSON.stringify(texts)}\n`);
      },
    };
    const failAll = (error: Error) => {
      if (running === self) running = undefined;
      for (const waiting of owed.splice(0)) waiting.reject(error);
    };
    child.on('error', failAll);
    child.on('exit', (code, signal) => failAll(new Error(`the token counter ended (${signal ?? `exit code ${code}`})`)));
    child.stdin.on('error', () => undefined);
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      owed.shift()?.resolve(JSON.parse(line) as number[]);
      if (owed.length) return;
      idle = setTimeout(() => {
        // Asked for nothing more: a later count starts a new process rather than race this one's end.
        if (running === self) running = undefined;
        child.stdin.end();
      }, IDLE_MS).unref();
    });
    // Never a reason for the deck to stay up: its pipes and the process itself are unreferenced.
    child.unref();
    (child.stdout as Readable & { unref?: () => void }).unref?.();
    return self;
  };

  return (texts) => new Promise<number[]>((resolve, reject) => (running ??= start()).ask(texts, { resolve, reject }));
}
