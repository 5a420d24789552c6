// Takes a screenshot of the real app: runs mcpdeck in tmux against real servers,
// captures the pane with its colours (capture-pane -e) and writes it as an SVG to assets/.
// Run: node test/e2e/screenshot.mjs dashboard|tools|description|image (after npm run build).
//
// tmux draws no images, so for `image` the app is told the terminal draws kitty graphics
// (MCPDECK_IMAGES=kitty) and everything it writes is kept (pipe-pane): the picture is the
// PNG the app sent with kitty's graphics protocol, placed where the app placed it, over
// the text tmux shows.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const COLUMNS = 100;
const ROWS = 30;
const node = (...args) => ({ command: process.execPath, args });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Each scene: its servers, what the screen shows once it is ready, and the keys that get it there. */
const SCENES = {
  dashboard: {
    servers: 'all',
    keys: async (t) => (t.send('j'), t.send('j')),
  },
  tools: {
    servers: 'all',
    keys: async (t) => {
      t.send('Enter');
      await t.waitFor('1 Tools');
      for (let i = 0; i < 6; i++) (t.send('j'), await sleep(60));
    },
  },
  description: {
    servers: { issues: node(join(ROOT, 'test/fixtures/servers/documented-tools.mjs')), everything: node(EVERYTHING, 'stdio') },
    ready: '2 connected',
    keys: async (t) => {
      t.send('Enter');
      await t.waitFor('1 Tools (3)');
      for (let i = 0; i < 2; i++) (t.send('j'), await sleep(60));
      await t.waitFor('Query syntax');
    },
  },
  image: {
    servers: { everything: node(EVERYTHING, 'stdio') },
    ready: '1 connected',
    env: 'MCPDECK_IMAGES=kitty',
    keys: async (t) => {
      t.send('Enter');
      await t.waitFor('1 Tools');
      t.send('/');
      for (const ch of 'get-tiny-image') (t.send('-l', ch), await sleep(20));
      t.send('Enter');
      await t.waitFor('1 of');
      t.send('Enter');
      await t.waitFor('[ call ]');
      t.send('C-s');
      await t.waitFor('✓ ok');
      t.send('i');
      await t.waitFor('image 1 of 1');
      // ink-picture loads, asks the terminal its cell size (tmux leaves it to time out), decodes, sends.
      await sleep(2500);
    },
  },
};

const scene = process.argv[2] ?? 'dashboard';
const chosen = SCENES[scene];
if (!chosen) throw new Error(`no scene ${scene}: one of ${Object.keys(SCENES).join(', ')}`);
const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-shot-'));
const config = join(dir, 'servers.json');
writeFileSync(config, JSON.stringify({
  mcpServers: chosen.servers === 'all' ? {
    everything: node(EVERYTHING, 'stdio'),
    memory: node(join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')),
    broken: node(join(ROOT, 'test/fixtures/servers/exit-at-once.mjs')),
    remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', disabled: true },
  } : chosen.servers,
}));
const socket = `mcpdeck-shot-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
const waitFor = async (text) => {
  for (let i = 0; i < 200; i++) {
    if (tmux('capture-pane', '-p', '-t', 'shot').includes(text)) return;
    await sleep(50);
  }
  throw new Error(`never saw ${text}`);
};
const term = { send: (...keys) => tmux('send-keys', '-t', 'shot', ...keys), waitFor };

const demo = chosen.servers === 'all' ? '--demo ' : '';
tmux('new-session', '-d', '-s', 'shot', '-x', String(COLUMNS), '-y', String(ROWS),
  `env MCPDECK_CONFIG_DIR=${dir} TERM=xterm-256color ${chosen.env ?? ''} ${process.execPath} ${join(ROOT, 'bin/mcpdeck.js')} --strict ${demo}--config ${config}; sleep 60`);
const raw = join(dir, 'raw-output');
tmux('pipe-pane', '-o', '-t', 'shot', `cat >> '${raw}'`);
try {
  if (chosen.servers === 'all') {
    await waitFor('✗ failed');
    await waitFor('3 connected');
  } else await waitFor(chosen.ready);
  await chosen.keys(term);
  await sleep(400);
  const ansi = tmux('capture-pane', '-p', '-e', '-t', 'shot');
  const out = join(ROOT, 'assets', `${scene}.svg`);
  writeFileSync(out, toSvg(ansi, existsSync(raw) ? kittyImage(readFileSync(raw, 'latin1')) : undefined));
  console.log(`wrote ${out}`);
} finally {
  tmux('kill-server');
}

/**
 * The last image the app sent with kitty's graphics protocol and where it placed it:
 * the PNG (its chunks joined), and the cell it was placed at (ink-picture saves the
 * cursor, which Ink leaves on the last row, moves up and right, places, restores).
 */
function kittyImage(written) {
  const transmits = [...written.matchAll(/\x1b_G([^;\x1b]*);([A-Za-z0-9+/=]*)\x1b\\/g)];
  const start = transmits.findLastIndex((m) => /(^|,)f=100/.test(m[1]));
  if (start < 0) return undefined;
  let png = '';
  for (const m of transmits.slice(start)) {
    png += m[2];
    if (/(^|,)m=0/.test(m[1])) break;
  }
  const placed = [...written.matchAll(/\x1b7(?:\x1b\[(\d+)A)?\r(?:\x1b\[(\d+)C)?\x1b_Ga=p[^\x1b]*\x1b\\/g)].at(-1);
  if (!placed) return undefined;
  const data = Buffer.from(png, 'base64');
  return { png, row: ROWS - 1 - Number(placed[1] ?? 0), col: Number(placed[2] ?? 0), width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** A small ANSI (SGR only, as tmux emits it) to SVG renderer; `image` goes over the text at its cell. */
function toSvg(ansi, image) {
  const PALETTE = ['#1e1e1e', '#e06c75', '#98c379', '#e5c07b', '#61afef', '#c678dd', '#56b6c2', '#d0d0d0',
    '#7f848e', '#ff7b86', '#b5e890', '#ffd68a', '#82c4ff', '#e09cff', '#7fe0ea', '#ffffff'];
  const BG = '#1e1e1e';
  const FG = '#d0d0d0';
  const cw = 8.4;
  const lh = 18;
  // Spaces as no-break spaces: SVG viewers collapse runs of plain ones, columns would slide.
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/ /g, '\u00a0');
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
  if (image) {
    // ink-picture sized the PNG for cells of 6x12 pixels (tmux reports none): scaled to the SVG's cells.
    const x = 12 + image.col * cw;
    const y = 14 + image.row * lh - 13;
    parts.push(`<image x="${x}" y="${y}" width="${(image.width / 6) * cw}" height="${(image.height / 12) * lh}" href="data:image/png;base64,${image.png}"/>`);
  }
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
