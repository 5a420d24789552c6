// Measures the TUI in-process: the app rendered by Ink (as in a terminal, no throttle),
// keys written to its stdin, and the time until the frame that shows their effect.
// Usage: node tui-frames.mjs filter <tools>   -> per-keystroke frame times of the tools filter
//        node tui-frames.mjs result <bytes>   -> time from send to the first page of the result
// Prints one JSON line.
import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import React from 'react';
import { render } from 'ink';
import { createDeck } from '../../dist/core/deck.js';
import { Root } from '../../dist/ui/Root.js';
import { createTheme } from '../../dist/ui/theme/theme.js';

const [mode, size] = process.argv.slice(2);
process.env[mode === 'filter' ? 'BENCH_TOOLS' : 'BENCH_RESULT_BYTES'] = size;

class Stdout extends EventEmitter {
  columns = 100;
  rows = 30;
  isTTY = true;
  frame = '';
  waiters = [];
  write = (data) => {
    this.frame = data;
    this.waiters = this.waiters.filter((w) => !w(data));
    return true;
  };
  /** Resolves at the first frame that satisfies `ok`. */
  next(ok) {
    return new Promise((resolve) => this.waiters.push((frame) => ok(frame) && (resolve(), true)));
  }
}
class Stdin extends EventEmitter {
  isTTY = true;
  data = null;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => {
    const d = this.data;
    this.data = null;
    return d;
  };
  write(data) {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-bench-tui-'));
const config = join(dir, 'servers.json');
const module = fileURLToPath(new URL('./big-server.mjs', import.meta.url));
writeFileSync(config, JSON.stringify({ mcpServers: { bench: { type: 'inprocess', module } } }));
const deck = await createDeck({ cwd: dir, env: { MCPDECK_CONFIG_DIR: dir }, configFiles: [config], strict: true });
await deck.connectAll();
if (deck.server('bench').status !== 'connected') throw new Error(`bench server: ${deck.server('bench').error}`);

const stdout = new Stdout();
const stdin = new Stdin();
const app = render(React.createElement(Root, { deck, theme: createTheme({ NO_COLOR: '1' }) }), { stdout, stdin, stderr: stdout, debug: true, exitOnCtrlC: false, patchConsole: false });
// A frame that never comes would otherwise end the process quietly: fail loudly.
const watchdog = setTimeout(() => {
  console.error(`no expected frame within 30 s; the screen shows:\n${stdout.frame}`);
  process.exit(1);
}, 30_000);
const press = async (key, ok) => {
  const shown = stdout.next(ok);
  const start = performance.now();
  stdin.write(key);
  await shown;
  return performance.now() - start;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await press('\r', (f) => f.includes('1 Tools'));
if (mode === 'filter') {
  await press('/', (f) => f.includes('type to filter'));
  const times = [];
  let typed = '';
  const shows = (text) => (f) => f.includes(`/ ${text} `) || f.includes(`/ ${text}\n`);
  // Type a name and erase it again, three times; the first round warms the JIT up.
  for (let round = 0; round < 3; round++) {
    for (const ch of 'tool-0042') {
      typed += ch;
      const ms = await press(ch, shows(typed));
      if (round) times.push(ms);
    }
    while (typed.length > 1) {
      typed = typed.slice(0, -1);
      const ms = await press('\x7f', shows(typed));
      if (round) times.push(ms);
    }
    typed = '';
    await press('\x7f', (f) => f.includes('type to filter'));
  }
  console.log(JSON.stringify({ mode, tools: Number(size), medianMs: median(times), maxMs: Math.max(...times), frames: times.length }));
} else {
  const before = process.memoryUsage().rss;
  await press('\r', (f) => f.includes('[ call ]'));
  // The first call also loads what a call needs (the schema checker, the result views: from
  // dist/ unbundled here, with no compile cache); the second is the result's own cost.
  const firstCallMs = await press('\x13', (f) => f.includes('FIRST-LINE'));
  global.gc?.();
  const after = process.memoryUsage().rss;
  await press('\x1b', (f) => f.includes('1 Tools') && !f.includes('FIRST-LINE'));
  await press('\r', (f) => f.includes('[ call ]'));
  const ms = await press('\x13', (f) => f.includes('FIRST-LINE'));
  console.log(JSON.stringify({ mode, bytes: Number(size), firstPageMs: ms, firstCallMs, rssDeltaMb: (after - before) / 2 ** 20 }));
}
clearTimeout(watchdog);
app.unmount();
await deck.close();
process.exit(0);
