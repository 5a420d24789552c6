#!/usr/bin/env node
// Builds what the package ships: dist/bundle/, one ESM file per entry point plus the
// chunks that commands load only when they run (esbuild code splitting), production
// React, every runtime dependency inside. `node scripts/bundle.mjs [--analyze]`.
import { chmodSync, copyFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(root, 'dist', 'bundle');
export const META = join(root, 'dist', 'bundle-meta.json');

/**
 * Not bundled: the native keychain binding (an optional dependency, loaded when secrets
 * are), and React DevTools, which Ink loads only with DEV=true and only when the package
 * can be found (it is not installed with mcpdeck).
 */
export const EXTERNAL = ['@napi-rs/keyring', 'react-devtools-core'];

/**
 * Each plugin below is a seam: it changes a dependency as the bundle is built, and says
 * what it works around and what would end it (ARCHITECTURE.md lists them). A seam that
 * finds nothing to change fails the build, with what that would cost: the dependency
 * changed under it, and the seam must be looked at again, kept or removed.
 */
const acted = new Set();

/** Edits a dependency's file as it loads; a file without the text to edit fails the build. */
function editOnLoad(build, name, filter, edit, lost) {
  build.onLoad({ filter }, async (args) => {
    const source = await readFile(args.path, 'utf8');
    const edited = edit(source);
    if (edited === source) return { errors: [{ text: `${name}: found nothing to edit in ${args.path}: ${lost}` }] };
    acted.add(name);
    return { contents: edited, loader: 'js' };
  });
}

/** A resolve hook that redirects an import, noted as acting when it does. */
function redirect(name, hook) {
  return async (args) => {
    const result = await hook(args);
    if (result) acted.add(name);
    return result;
  };
}

/**
 * zod re-exports every locale as `z.locales` (260 kB, a third of the core's code);
 * mcpdeck and its SDKs use the English messages zod configures by default. A user's
 * in-process module loads its own zod, untouched.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, redirect('zod-english-only', (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'zod-english-only' } : undefined,
    ));
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: root,
    }));
  },
};

/**
 * The v2 client SDK's platform shim (`@modelcontextprotocol/client/_shims`) brings its own
 * copy of Ajv for a default validator mcpdeck never uses, and the v1 SDK's Ajv provider
 * (loaded with the demo server) builds one as a server starts; mcpdeck's shim gives both
 * mcpdeck's validator instead (src/core/mcp/sdk-shims.ts), loaded when first used.
 */
const sdkShims = {
  name: 'sdk-shims',
  setup(build) {
    const shims = join(root, 'src', 'core', 'mcp', 'sdk-shims.ts');
    build.onResolve({ filter: /^@modelcontextprotocol\/client\/_shims$/ }, redirect('sdk-shims', () => ({ path: shims })));
    // The v1 SDK (the built-in demo server) reaches for its Ajv provider the same way.
    build.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, redirect('sdk-shims-v1', (args) => (/[\\/]node_modules[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(args.importer) ? { path: shims } : undefined)));
  },
};

/**
 * jimp (ink-picture's decoder) wants zod 3 while mcpdeck has zod 4, so npm gives each of
 * jimp's ~16 packages its own nested copy of the same zod 3: bundled, 1.3 MB of one
 * library sixteen times. Every jimp package gets the first copy instead.
 */
const jimpOneZod = {
  name: 'jimp-one-zod',
  setup(build) {
    let shared;
    build.onResolve({ filter: /^zod(\/.*)?$/ }, redirect('jimp-one-zod', async (args) => {
      if (args.pluginData === 'jimp-one-zod' || !/[\\/]node_modules[\\/](@jimp[\\/][^\\/]+|jimp)[\\/]/.test(args.importer)) return undefined;
      // The first jimp package to ask decides, for all of them (asked at once: one promise).
      shared ??= build.resolve('zod', { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'jimp-one-zod' })
        .then((first) => first.path.slice(0, first.path.lastIndexOf(join('node_modules', 'zod'))));
      return build.resolve(args.path, { resolveDir: await shared, kind: args.kind, pluginData: 'jimp-one-zod' });
    }));
  },
};

/**
 * sixel (ink-picture's sixel encoder) ships UPNG.js, which assigns an undeclared global
 * (`module.exports = UPNG = {}`): in the bundle, an ES module and so strict, that throws
 * and no image could ever load. Declared, it runs as it does under CommonJS.
 */
const sixelUpngDeclared = {
  name: 'sixel-upng-declared',
  setup(build) {
    editOnLoad(build, 'sixel-upng-declared', /[\\/]node_modules[\\/]sixel[\\/]upng\.js$/,
      (source) => (/^\s*module\.exports\s*=\s*UPNG\s*=/m.test(source) ? `var UPNG;\n${source}` : source), 'UPNG.js no longer assigns the global UPNG; the declaration may be unneeded');
  },
};

/**
 * Yoga (Ink's layout engine) carries its WebAssembly inline, as a data: URL, and reads it
 * back with fetch() where fetch exists: in Node that loads undici (~15 ms before the first
 * frame) to decode a string already in memory. Without fetch it decodes the base64 itself.
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(build) {
    editOnLoad(build, 'yoga-without-fetch', /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
      (source) => source.replaceAll('"function"!=typeof fetch', '!0'), 'the fetch check is gone; yoga may load undici again');
  },
};

/**
 * The v1 SDK (the built-in demo server's) builds Zod 3 objects from Zod 3 shapes and
 * converts Zod 3 schemas with zod-to-json-schema; the demo's schemas are Zod 4, which the
 * SDK converts with zod's own code. Zod 3 and the converter (100 kB, evaluated as the demo
 * starts) are left out of that SDK: reached, they throw and say why. A user's in-process
 * module loads its own SDK, untouched.
 */
const demoSdkZod4Only = {
  name: 'demo-sdk-zod4-only',
  setup(build) {
    build.onResolve({ filter: /^(zod\/v3|zod-to-json-schema)$/ }, redirect('demo-sdk-zod4-only', (args) =>
      /[\\/]node_modules[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(args.importer) ? { path: args.path, namespace: 'demo-sdk-zod4-only' } : undefined,
    ));
    build.onLoad({ filter: /.*/, namespace: 'demo-sdk-zod4-only' }, (args) => {
      const name = args.path === 'zod/v3' ? 'object' : 'zodToJsonSchema';
      return { contents: `export function ${name}() { throw new Error('mcpdeck bundles the v1 SDK for its demo, with Zod 4 only: ${args.path} is left out'); }`, loader: 'js' };
    });
  },
};

/**
 * string-width (how Ink measures text) tests every cluster of text that is not plain ASCII
 * against /^\p{RGI_Emoji}$/v, a pattern whose first use compiles for ~12 ms: the deck's
 * first frame ("✓", "…", "─") paid that, a frame of plain ASCII never does. Every RGI
 * emoji holds an Extended_Pictographic or Emoji_Presentation character or a keycap
 * (U+20E3), so a cluster without any is not an emoji and skips the test; widths are
 * unchanged (test/unit/string-width-emoji.test.ts). The pattern itself is made at its
 * first use too: esbuild writes the `v` literal as `new RegExp(...)`, which parses the
 * whole RGI_Emoji set as the module loads (~10 ms of every deck and `status` start).
 */
export const EMOJI_PRECHECK = /[\p{Extended_Pictographic}\p{Emoji_Presentation}\u20E3]/u;

/**
 * string-width counts printable ASCII by its length and sends anything else through the
 * grapheme segmenter and three patterns per cluster: the deck's rules and marks ("─" x120,
 * "·", "›", "✓") cost that on every line of every frame. These characters are one column
 * each, never join a neighbour and are not emoji, so text of only them (with ASCII) is
 * counted by its length too (test/unit/string-width-emoji.test.ts checks each against
 * string-width itself). Only with ambiguous characters narrow, as Ink measures.
 */
export const NARROW_TEXT = /^[\u0020-\u007E\u00A1-\u00AC\u00AE-\u00FF\u2010-\u2027\u2030-\u205E\u2190-\u21FF\u2500-\u25FC\u2713\u2717]*$/;

const stringWidthShortcuts = {
  name: 'string-width-shortcuts',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const ascii = '/^[\\u0020-\\u007E]*$/.test(string)';
      const patched = source
        .replace('const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'let rgiEmojiRegex;')
        // A function, so the `$'` in it is not read as a replacement pattern.
        .replace('rgiEmojiRegex.test(segment)', () => `(${EMOJI_PRECHECK}.test(segment) && (rgiEmojiRegex ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(segment))`)
        .replace(ascii, `(${ascii} || (ambiguousIsNarrow && ${NARROW_TEXT}.test(string)))`);
      // wrap-ansi's older copy has neither and is built as it is; a newer one that tests another way is said.
      const modern = source.includes('^\\p{RGI_Emoji}$');
      const missed = modern && (!patched.includes(String(EMOJI_PRECHECK)) || !patched.includes(String(NARROW_TEXT)) || !patched.includes('let rgiEmojiRegex;'));
      if (missed) return { errors: [{ text: `string-width-shortcuts: found nothing to edit in ${args.path}: string-width has changed; frames may be slow again` }] };
      if (modern) acted.add('string-width-shortcuts');
      return { contents: patched, loader: 'js' };
    });
  },
};

/**
 * In a terminal the deck looks the same whether or not CI is set (a CI job's shell, a
 * container image that sets it): CI changes only what goes to a pipe. chalk's
 * supports-color gives no colour under CI on a terminal unless it knows the service (the
 * CLI's own style never looked at CI). Ink's CI mode (just the last frame, at exit) is
 * turned off on a terminal by its `interactive` option (src/ui/start.tsx).
 */
const ciOnlyOffATerminal = {
  name: 'ci-only-off-a-terminal',
  setup(build) {
    editOnLoad(build, 'ci-only-off-a-terminal', /[\\/]node_modules[\\/]chalk[\\/]source[\\/]vendor[\\/]supports-color[\\/]index\.js$/,
      (source) => source.replace("if ('CI' in env) {", "if ('CI' in env && !streamIsTTY) {"), 'supports-color reads CI another way; the deck may lose its colours under CI');
  },
};

/**
 * The sandbox runtime imports node-forge (300 kB bundled) for the TLS-terminating proxy and
 * its certificate authority, which mcpdeck never configures: forge is left out, and a use
 * of it says so. Ends when the runtime loads forge only when TLS termination is on.
 */
const sandboxWithoutForge = {
  name: 'sandbox-without-forge',
  setup(build) {
    build.onResolve({ filter: /^node-forge$/ }, redirect('sandbox-without-forge', (args) =>
      /[\\/]node_modules[\\/]@anthropic-ai[\\/]sandbox-runtime[\\/]/.test(args.importer) ? { path: 'node-forge', namespace: 'sandbox-without-forge' } : undefined,
    ));
    build.onLoad({ filter: /.*/, namespace: 'sandbox-without-forge' }, () => ({
      // Read at load (`const { pki } = forge`), used only for TLS termination: any call says so.
      contents: "const refuse = () => { throw new Error('mcpdeck does not bundle node-forge: the sandbox runtime\\'s TLS termination is not used'); };\nconst stub = new Proxy(function () {}, { get: (_t, key) => (key === 'then' ? undefined : stub), apply: refuse, construct: refuse });\nexport default stub;",
      loader: 'js',
    }));
  },
};

/**
 * Files the sandbox runtime finds beside its module, copied beside the bundle's chunks
 * (where it looks first): the seccomp helper that keeps a sandboxed server from opening
 * Unix sockets on Linux, and the JVM agent that routes Java through its proxy. Its
 * Windows helper (8 MB) is not: mcpdeck sandboxes on Linux and macOS.
 */
const SANDBOX_VENDOR = ['seccomp/x64/apply-seccomp', 'seccomp/arm64/apply-seccomp', 'java-proxy-agent/srt-proxy-agent.jar'];

function copySandboxVendor() {
  const from = join(root, 'node_modules', '@anthropic-ai', 'sandbox-runtime', 'vendor');
  for (const file of SANDBOX_VENDOR) {
    const to = join(OUT, 'vendor', file);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(from, file), to);
    chmodSync(to, statSync(join(from, file)).mode);
  }
}

/** Every seam the bundle must find something to act on. */
export const SEAMS = ['sandbox-without-forge', 'zod-english-only', 'sdk-shims', 'sdk-shims-v1', 'demo-sdk-zod4-only', 'jimp-one-zod', 'sixel-upng-declared', 'yoga-without-fetch', 'string-width-shortcuts', 'ci-only-off-a-terminal'];

const BANNER = "import { createRequire as __mcpdeckRequire } from 'node:module'; const require = __mcpdeckRequire(import.meta.url);";

/** How mcpdeck is bundled; the bench builds its Ink hello world floor the same way. */
export const OPTIONS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // ES modules first: jsonc-parser's `main` is a UMD build whose require() calls esbuild cannot follow.
  mainFields: ['module', 'main'],
  // Production React and Ink: the development builds check every prop on every render.
  define: { 'process.env.NODE_ENV': '"production"' },
  external: EXTERNAL,
  // CommonJS dependencies call require() for Node's built-ins; an ES module has none of its own.
  banner: { js: BANNER },
  chunkNames: '[name]-[hash]',
  // Names kept: a stack trace in a bug report should still say where it came from.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  sourcemap: false,
  plugins: [sandboxWithoutForge, zodEnglishOnly, sdkShims, demoSdkZod4Only, jimpOneZod, sixelUpngDeclared, yogaWithoutFetch, stringWidthShortcuts, ciOnlyOffATerminal],
  metafile: true,
  logLevel: 'warning',
};

export async function bundle() {
  rmSync(OUT, { recursive: true, force: true });
  const result = await esbuild.build({
    ...OPTIONS,
    absWorkingDir: root,
    // The token counter runs in a process of its own (src/core/tokens/counter.ts).
    entryPoints: { mcpdeck: 'src/cli/main.ts', 'token-counter': 'src/core/tokens/counter-process.ts' },
    outdir: OUT,
    write: false,
  });
  // A seam that never acted (its import or its file is gone) fails the build like one that found nothing to edit.
  const idle = SEAMS.filter((name) => !acted.has(name));
  if (idle.length) throw new Error(`the bundle's seams found nothing to act on: ${idle.join(', ')}; a dependency changed under them (see ARCHITECTURE.md, Seams)`);
  // Every chunk gets the banner; a chunk that never names `require` is written without it,
  // so only esbuild's runtime helpers (its __require, which every bundled CommonJS module
  // calls) make a require: the other chunks load without a createRequire and an import each.
  mkdirSync(OUT, { recursive: true });
  for (const { path, text } of result.outputFiles) {
    const unused = text.startsWith(BANNER) && !/\brequire\b/.test(text.slice(BANNER.length));
    writeFileSync(path, unused ? text.slice(BANNER.length + 1) : text);
  }
  // The session client runs before the bundle on every headless command (bin/mcpdeck.js): one
  // file of its own that needs nothing but Node, not chunks shared with the bundle (each a load),
  // and CommonJS: required, it costs about 6 ms where an ES module's import costs 13.
  await esbuild.build({
    ...OPTIONS, splitting: false, format: 'cjs', banner: {}, plugins: [], metafile: false, absWorkingDir: root,
    entryPoints: { 'session-client': 'src/cli/session/client.ts' }, outdir: OUT, outExtension: { '.js': '.cjs' },
  });
  // The MCP Apps host page's code runs in the person's browser: bundled for it, one file,
  // served by core/apps/host-server.ts only when an app opens (nothing loads it in Node).
  await esbuild.build({
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning',
    plugins: [zodEnglishOnly], absWorkingDir: root, entryPoints: { 'app-host': 'src/browser/app-host.mjs' }, outdir: OUT,
  });
  // Beside the bundle, not in it (the package ships dist/bundle only): what each chunk holds,
  // for `--analyze` and for the test that checks which code each command loads.
  writeFileSync(META, JSON.stringify(result.metafile));
  copySandboxVendor();
  // The command list `mcpdeck --help` prints, read off the built program: --help then loads
  // no command's module (main.ts). Built from the bundle itself, it cannot disagree with it.
  const programChunk = Object.keys(result.metafile.outputs).find((o) => result.metafile.outputs[o].entryPoint === 'src/cli/program.ts');
  const { buildProgram, helpIndex } = await import(pathToFileURL(join(root, programChunk)).href);
  const { program } = await buildProgram({ env: process.env, cwd: root }, ['--help']);
  writeFileSync(join(OUT, 'help-index.json'), JSON.stringify(helpIndex(program)));
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await bundle();
  if (process.argv.includes('--analyze')) console.log(await esbuild.analyzeMetafile(result.metafile));
}
