import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellQuote } from '../../../src/core/calls/command-line.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'mcpdeck.js');

export interface Terminal {
  /** The screen as a person sees it (`-e` keeps the escape sequences tmux draws with). */
  screen: (escapes?: boolean) => string;
  /**
   * tmux key names (`Enter`, `Escape`, `Down`, `Tab`, `C-s`); one press each, read before the
   * next: the next is sent once the screen shows the press, or after 40 ms for one it does
   * not show (and always 40 ms after an Escape).
   */
  keys: (...names: string[]) => Promise<void>;
  /** Literal text, typed as is. */
  type: (text: string) => Promise<void>;
  waitFor: (what: string | RegExp | ((screen: string) => boolean), ms?: number) => Promise<string>;
  dir: string;
  stop: () => void;
  /** Any other tmux command against this terminal's private server (`display -p`, `pipe-pane`). */
  tmux: (...argv: string[]) => string;
}

const TICK_MS = 40;
/** How often a wait reads the screen: a read is a line to the control client, not a process. */
const POLL_MS = 10;
/** How long an ESC that changes nothing on the screen is given before the next key. */
const ESC_MS = 300;
const tick = (ms = TICK_MS) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A tmux client in control mode (`tmux -C`) on the terminal's server, for the reads and
 * keys a test makes in a loop: each command is a line on its input and a %begin/%end
 * block on its output, where `tmux capture-pane` as a process of its own took about 11
 * ms of the worker's time, blocking. It asks for no pane output (`-f no-output`) and
 * sets no size, so the pane keeps the size it was made with.
 */
function controlClient(tmuxArgs: string[]) {
  const child = spawn('tmux', [...tmuxArgs, '-C', 'attach-session', '-t', 'main', '-f', 'no-output'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting: { resolve: (text: string) => void; reject: (error: Error) => void }[] = [];
  let ended: Error | undefined;
  let rest = '';
  let block: string[] | undefined;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (data: string) => {
    rest += data;
    for (let nl = rest.indexOf('\n'); nl >= 0; nl = rest.indexOf('\n')) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      // Only blocks answering this client's own commands (flags 1); the attach's own block
      // and notifications (%session-changed, ...) are not answers.
      if (!block) {
        if (/^%begin \d+ \d+ 1$/.test(line)) block = [];
        continue;
      }
      const end = /^%(end|error) \d+ \d+ 1$/.exec(line);
      if (!end) {
        block.push(line);
        continue;
      }
      const text = block.length ? `${block.join('\n')}\n` : '';
      block = undefined;
      const waiter = waiting.shift();
      if (end[1] === 'end') waiter?.resolve(text);
      else waiter?.reject(new Error(`tmux: ${text.trim()}`));
    }
  });
  const fail = (error: Error) => {
    ended ??= error;
    for (const waiter of waiting.splice(0)) waiter.reject(ended);
  };
  child.once('error', fail);
  child.once('exit', () => fail(new Error('the tmux server has ended')));
  child.stdin.on('error', () => undefined);
  return {
    run: (command: string) =>
      new Promise<string>((resolve, reject) => {
        if (ended) return reject(ended);
        waiting.push({ resolve, reject });
        child.stdin.write(`${command}\n`);
      }),
    close: () => child.kill(),
  };
}

/**
 * mcpdeck in a real terminal: a private tmux server (its own socket) running the built
 * app over a config file of `servers`, sized columns x rows.
 */
export function openTerminal(
  servers: Record<string, unknown>,
  { columns = 100, rows = 30, env = {} as Record<string, string>, args = [] as string[], cwd = undefined as string | undefined, config: named = true } = {},
): Terminal {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-e2e-'));
  const config = join(dir, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  const socket = `mcpdeck-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const tmux = (...argv: string[]) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...argv], { encoding: 'utf8' });
  const vars = Object.entries({ MCPDECK_CONFIG_DIR: join(dir, 'config'), TERM: 'xterm-256color', ...env }).map(([k, v]) => `${k}=${v}`);
  // `config: false` runs mcpdeck as a person does in a folder: no file named, every client's files read.
  const command = ['env', ...vars, process.execPath, BIN, ...(named ? ['--strict', '--config', config] : []), ...args].map(shellQuote).join(' ');
  tmux('new-session', '-d', '-s', 'main', '-x', String(columns), '-y', String(rows), ...(cwd ? ['-c', cwd] : []), `${command}; sleep 600`);
  const screen = (escapes = false) => tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', 'main');
  const control = controlClient(['-L', socket, '-f', '/dev/null']);
  const read = () => control.run('capture-pane -p -t main');
  const waitFor: Terminal['waitFor'] = async (what, ms = 15_000) => {
    const ok = typeof what === 'function' ? what : (s: string) => (typeof what === 'string' ? s.includes(what) : what.test(s));
    const end = Date.now() + ms;
    for (;;) {
      const shown = await read();
      // A frame is drawn in several writes: the screen must also hold still for a tick,
      // or a test would read a frame caught half drawn.
      if (ok(shown)) {
        await tick();
        const again = await read();
        if (again === shown) return shown;
        continue;
      }
      if (Date.now() > end) throw new Error(`timed out waiting for ${String(what)}; the screen shows:\n${shown}`);
      await tick(POLL_MS);
    }
  };
  /** Sends one key, and resolves once the screen has changed for it, or `ms` later (a key that shows nothing). */
  const pressed = async (send: string, ms = TICK_MS) => {
    const before = await read();
    await control.run(send);
    const end = Date.now() + ms;
    while (Date.now() < end) {
      await tick(5);
      if ((await read()) !== before) return;
    }
  };
  // Key names are sent as tmux reads them (quoted); typed text as its bytes in hex (-H), so no
  // character of it is read as tmux syntax.
  const key = (name: string) => `send-keys -t main ${/^[\w-]+$/.test(name) ? name : `"${name.replace(/[\\"$]/g, '\\$&')}"`}`;
  const bytes = (text: string) => `send-keys -t main -H ${[...Buffer.from(text)].map((b) => b.toString(16).padStart(2, '0')).join(' ')}`;
  return {
    dir,
    tmux,
    screen,
    waitFor,
    keys: async (...names) => {
      for (const name of names) {
        if (name !== 'Escape') await pressed(key(name));
        else {
          // Ink holds a lone ESC 20 ms to see whether a sequence follows: a key sent sooner
          // makes one Alt+key of the two. On a loaded machine that timer fires late, so the
          // next key waits until the ESC has shown (or ESC_MS, for one that shows nothing),
          // and a tick more: a person's two presses are never closer than that.
          await pressed(key(name), ESC_MS);
          await tick();
        }
      }
    },
    type: async (text) => {
      for (const ch of text) await pressed(bytes(ch));
    },
    stop: () => {
      control.close();
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    },
  };
}
