// Takes a screenshot of the real app: runs mcpdeck in tmux against server-everything
// and the demo, captures the pane with its colours (capture-pane -e) and writes it as
// an SVG to assets/. Run: node test/e2e/screenshot.mjs (after npm run build).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const COLUMNS = 100;
const ROWS = 30;

const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-shot-'));
const config = join(dir, 'servers.json');
writeFileSync(config, JSON.stringify({
  mcpServers: {
    everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
    memory: { command: process.execPath, args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')] },
    broken: { command: process.execPath, args: [join(ROOT, 'test/fixtures/servers/exit-at-once.mjs')] },
    remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', disabled: true },
  },
}));
const socket = `mcpdeck-shot-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (text) => {
  for (let i = 0; i < 200; i++) {
    if (tmux('capture-pane', '-p', '-t', 'shot').includes(text)) return;
    await sleep(50);
  }
  throw new Error(`never saw ${text}`);
};

const scene = process.argv[2] ?? 'dashboard';
tmux('new-session', '-d', '-s', 'shot', '-x', String(COLUMNS), '-y', String(ROWS),
  `env -u CI MCPDECK_CONFIG_DIR=${dir} TERM=xterm-256color ${process.execPath} ${join(ROOT, 'bin/mcpdeck.js')} --strict --demo --config ${config}; sleep 60`);
try {
  await waitFor('✗ failed');
  await waitFor('3 connected');
  if (scene === 'tools') {
    tmux('send-keys', '-t', 'shot', 'Enter');
    await waitFor('1 Tools');
    for (const key of ['j', 'j', 'j', 'j', 'j', 'j']) (tmux('send-keys', '-t', 'shot', key), await sleep(60));
  } else {
    tmux('send-keys', '-t', 'shot', 'j');
    tmux('send-keys', '-t', 'shot', 'j');
  }
  await sleep(400);
  const ansi = tmux('capture-pane', '-p', '-e', '-t', 'shot');
  const out = join(ROOT, 'assets', `${scene}.svg`);
  writeFileSync(out, toSvg(ansi));
  console.log(`wrote ${out}`);
} finally {
  tmux('kill-server');
}

/** A small ANSI (SGR only, as tmux emits it) to SVG renderer. */
function toSvg(ansi) {
  const PALETTE = ['#1e1e1e', '#e06c75', '#98c379', '#e5c07b', '#61afef', '#c678dd', '#56b6c2', '#d0d0d0',
    '#7f848e', '#ff7b86', '#b5e890', '#ffd68a', '#82c4ff', '#e09cff', '#7fe0ea', '#ffffff'];
  const BG = '#1e1e1e';
  const FG = '#d0d0d0';
  const cw = 8.4;
  const lh = 18;
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const color256 = (n) => (n < 16 ? PALETTE[n] : n >= 232 ? `rgb(${8 + (n - 232) * 10},${8 + (n - 232) * 10},${8 + (n - 232) * 10})` : (() => {
    const i = n - 16;
    const c = (v) => (v ? 55 + v * 40 : 0);
    return `rgb(${c(Math.floor(i / 36))},${c(Math.floor(i / 6) % 6)},${c(i % 6)})`;
  })());
  const parts = [];
  ansi.split('\n').slice(0, ROWS).forEach((line, row) => {
    let style = { fg: null, bold: false, dim: false, inverse: false };
    let col = 0;
    for (const piece of line.split(/(\x1b\[[0-9;]*m)/)) {
      const sgr = piece.match(/^\x1b\[([0-9;]*)m$/);
      if (sgr) {
        const codes = sgr[1] === '' ? [0] : sgr[1].split(';').map(Number);
        for (let i = 0; i < codes.length; i++) {
          const c = codes[i];
          if (c === 0) style = { fg: null, bold: false, dim: false, inverse: false };
          else if (c === 1) style = { ...style, bold: true };
          else if (c === 2) style = { ...style, dim: true };
          else if (c === 7) style = { ...style, inverse: true };
          else if (c === 22) style = { ...style, bold: false, dim: false };
          else if (c === 27) style = { ...style, inverse: false };
          else if (c >= 30 && c <= 37) style = { ...style, fg: PALETTE[c - 30] };
          else if (c >= 90 && c <= 97) style = { ...style, fg: PALETTE[c - 82] };
          else if (c === 39) style = { ...style, fg: null };
          else if (c === 38 && codes[i + 1] === 5) (style = { ...style, fg: color256(codes[i + 2]) }), (i += 2);
        }
        continue;
      }
      if (!piece) continue;
      const chars = [...piece];
      const x = 12 + col * cw;
      const y = 14 + row * lh;
      const fg = style.fg ?? FG;
      if (style.inverse) parts.push(`<rect x="${x}" y="${y - 13}" width="${chars.length * cw}" height="${lh}" fill="${fg}"/>`);
      const attrs = [`x="${x}"`, `y="${y}"`, `fill="${style.inverse ? BG : fg}"`, style.bold ? 'font-weight="bold"' : '', style.dim ? 'opacity="0.6"' : ''].filter(Boolean).join(' ');
      parts.push(`<text ${attrs} textLength="${chars.length * cw}" lengthAdjust="spacingAndGlyphs">${esc(piece)}</text>`);
      col += chars.length;
    }
  });
  const width = Math.ceil(24 + COLUMNS * cw);
  const height = ROWS * lh + 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" rx="6" fill="${BG}"/>
<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" xml:space="preserve">
${parts.join('\n')}
</g>
</svg>
`;
}
