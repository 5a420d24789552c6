// What users run: bin/mcpdeck.js loads the esbuild bundle (dist/bundle), which holds
// every dependency but the optional keychain binding. These tests run that bundle.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, sandbox } from './helpers/cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const V1_MODULE = join(ROOT, 'test/fixtures/servers/inprocess-module.mjs');
const V2_MODULE = join(ROOT, 'test/fixtures/servers/inprocess-v2-module.mjs');

interface Meta {
  outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, unknown>; entryPoint?: string }>;
}
const meta = (): Meta => JSON.parse(readFileSync(join(ROOT, 'dist/bundle-meta.json'), 'utf8')) as Meta;

/** The chunks a chunk loads before it runs: itself and its static imports, transitively. */
function chunksWith(m: Meta, output: string): string[] {
  const seen = new Set<string>();
  const stack = [output];
  while (stack.length) {
    const o = stack.pop()!;
    if (seen.has(o)) continue;
    seen.add(o);
    for (const i of m.outputs[o]!.imports) if (i.kind === 'import-statement' && !i.external) stack.push(i.path);
  }
  return [...seen];
}
/** The source files a chunk loads before it runs. */
const loadedWith = (m: Meta, output: string): string[] => chunksWith(m, output).flatMap((o) => Object.keys(m.outputs[o]!.inputs));
const chunkOf = (m: Meta, source: string) => {
  const found = Object.keys(m.outputs).find((o) => source in m.outputs[o]!.inputs);
  if (!found) throw new Error(`${source} is in no chunk`);
  return found;
};

describe('the bundle users run', () => {
  it('is what bin/mcpdeck.js starts', () => {
    expect(readFileSync(BIN, 'utf8')).toMatch(/^ {2}await import\('\.\.\/dist\/bundle\/mcpdeck\.js'\);$/m);
  });

  it('leaves out only the keychain binding, Ink devtools and Node itself', () => {
    const m = meta();
    const external = new Set(Object.values(m.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
    expect([...external].filter((p) => !p.startsWith('node:') && !/^[a-z_]+(\/[a-z_]+)?$/.test(p)).sort()).toEqual(['@napi-rs/keyring', 'react-devtools-core']);
    // Production React only.
    const inputs = Object.values(m.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(inputs.some((i) => i.includes('react/cjs/react.production'))).toBe(true);
    expect(inputs.filter((i) => i.includes('.development.'))).toEqual([]);
  });

  it('loads, for --version, no package at all (the command line parser loads for a command)', () => {
    const m = meta();
    const entry = Object.keys(m.outputs).find((o) => m.outputs[o]!.entryPoint === 'src/cli/main.ts')!;
    const packages = (ofEntry: string) => new Set(loadedWith(m, ofEntry).map((i) => i.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]).filter(Boolean));
    expect([...packages(entry)]).toEqual([]);
    expect([...packages(chunkOf(m, 'src/cli/program.ts'))]).toEqual(['commander']);
  });

  it('prints --version from bin/mcpdeck.js alone, loading nothing of the bundle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-version-'));
    mkdirSync(join(dir, 'bin'));
    copyFileSync(BIN, join(dir, 'bin', 'mcpdeck.js'));
    copyFileSync(join(ROOT, 'bin', 'package.json'), join(dir, 'bin', 'package.json'));
    copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    // No dist/ beside it: anything but the version would fail to load.
    expect(execFileSync(process.execPath, [join(dir, 'bin', 'mcpdeck.js'), '--version'], { encoding: 'utf8' })).toBe(`${version}\n`);
    expect(execFileSync(process.execPath, [join(dir, 'bin', 'mcpdeck.js'), '-V'], { encoding: 'utf8' })).toBe(`${version}\n`);
  });

  it("prints --help from the command list beside the bundle: the whole program's text, no command loaded", async () => {
    const index = JSON.parse(readFileSync(join(ROOT, 'dist/bundle/help-index.json'), 'utf8')) as { name: string }[];
    expect(index.map((e) => e.name)).toEqual(expect.arrayContaining(['ui', 'status', 'call', 'auth', 'resources', 'read', 'ping']));
    // `mcpdeck help` builds the whole program (every command's module) and prints the same.
    const [quick, whole] = await Promise.all([runCli(['--help'], sandbox()), runCli(['help'], sandbox())]);
    expect(quick.code).toBe(0);
    expect(quick.stdout).toBe(whole.stdout);
    expect(quick.stdout).toContain('call [options] <server> [tool] [pairs...]');
  });

  it("makes string-width's RGI_Emoji pattern at its first use, not as the module loads (~10 ms of each start)", () => {
    const m = meta();
    const text = readFileSync(join(ROOT, chunkOf(m, 'node_modules/string-width/index.js')), 'utf8');
    const made = [...text.matchAll(/(\?\?)?=new RegExp\("\^\\\\p\{RGI_Emoji\}\$","v"\)/g)];
    expect(made.map((found) => found[1])).toEqual(['??']);
  });

  it('loads the deck UI only for the deck, the demo server when it connects, the terminal prompts when a server asks', () => {
    const m = meta();
    for (const command of ['status', 'tools', 'get', 'call', 'test', 'fuzz', 'manage', 'sources', 'import', 'export', 'auth']) {
      const loaded = loadedWith(m, chunkOf(m, `src/cli/commands/${command}.ts`));
      expect(loaded.filter((i) => i.startsWith('src/ui/') || /node_modules\/(ink|react|@inkjs)\//.test(i)), command).toEqual([]);
      expect(loaded.filter((i) => i.startsWith('src/core/demo/')), command).toEqual([]);
      expect(loaded.filter((i) => /src\/cli\/elicit\/(form|other)-prompts?\.ts$/.test(i)), command).toEqual([]);
    }
    // Commands that only read load no config writer (it loads when something is written).
    for (const command of ['status', 'tools', 'call']) {
      expect(loadedWith(m, chunkOf(m, `src/cli/commands/${command}.ts`)).filter((i) => i === 'src/core/config/write.ts'), command).toEqual([]);
    }
    const ui = loadedWith(m, chunkOf(m, 'src/cli/commands/ui.ts'));
    expect(ui.filter((i) => i.startsWith('src/ui/'))).toEqual([]);
    // The deck's first frame: Ink and a breadcrumb, no SDK, no schemas; of the core only the
    // status table (the theme's colours come from it: a table that imports nothing).
    const start = loadedWith(m, chunkOf(m, 'src/ui/start.tsx'));
    expect(start.filter((i) => /node_modules\/(@modelcontextprotocol|zod|ajv|re2js)\//.test(i) || (i.startsWith('src/core/') && i !== 'src/core/servers/status.ts'))).toEqual([]);
    // The demo's SDK (v1) comes with Zod 4 only: Zod 3 and its converter are left out (scripts/bundle.mjs).
    expect(loadedWith(m, chunkOf(m, 'src/core/demo/server.ts')).filter((i) => /node_modules\/(zod\/v3|zod-to-json-schema)\//.test(i))).toEqual([]);
    // The sign-in's loopback listener (node:http) loads with a sign-in, not with the deck or a command.
    for (const source of ['src/ui/run.tsx', 'src/cli/target.ts', 'src/cli/commands/call.ts']) {
      const builtins = chunksWith(m, chunkOf(m, source)).flatMap((o) => m.outputs[o]!.imports.filter((i) => i.external).map((i) => i.path));
      expect(builtins, source).not.toContain('node:http');
      // Nor the file lock (proper-lockfile and graceful-fs, which patches fs as it loads): it loads with the first lock.
      expect(loadedWith(m, chunkOf(m, source)).filter((i) => /node_modules\/(proper-lockfile|graceful-fs)\//.test(i)), source).toEqual([]);
    }
    // Ink's string-width with its shortcuts (test/unit/string-width-emoji.test.ts).
    const chunk = (source: string) => readFileSync(join(ROOT, chunkOf(m, source)), 'utf8');
    expect(chunk('node_modules/string-width/index.js')).toContain('\\p{Emoji_Presentation}\\u20E3]/u.test(segment)&&(rgiEmojiRegex??=new RegExp(');
    expect(chunk('node_modules/string-width/index.js')).toContain('ambiguousIsNarrow&&/^[\\u0020-\\u007E\\u00A1');
    // The SDK's own copy of Ajv (its default validator) is replaced by mcpdeck's (sdk-shims.ts).
    expect(Object.values(m.outputs).flatMap((o) => Object.keys(o.inputs)).filter((i) => i.includes('ajvProvider'))).toEqual([]);
    expect(loadedWith(m, chunkOf(m, 'src/ui/run.tsx')).some((i) => i.includes('node_modules/ink/'))).toBe(true);
  });

  it('loads the image component (ink-picture and its decoder) only when an image is shown, and it loads', async () => {
    const m = meta();
    const picture = chunkOf(m, 'src/ui/widgets/image/Picture.tsx');
    expect(loadedWith(m, picture).some((i) => i.includes('node_modules/ink-picture/'))).toBe(true);
    for (const entry of ['src/ui/run.tsx', 'src/ui/call/result/ResultPane.tsx', 'src/cli/main.ts']) {
      expect(loadedWith(m, chunkOf(m, entry)).filter((i) => /node_modules\/(ink-picture|jimp|@jimp)\//.test(i)), entry).toEqual([]);
    }
    // The chunk loads as bundled (an ES module is strict: sixel's UPNG.js once made it throw).
    const loaded = (await import(join(ROOT, picture))) as Record<string, unknown>;
    expect(typeof loaded.Picture).toBe('function');
    // One copy of jimp's zod 3, not one per jimp package (scripts/bundle.mjs).
    const zods = new Set(Object.values(m.outputs).flatMap((o) => Object.keys(o.inputs)).filter((i) => i.includes('@jimp/') && i.includes('/zod/')).map((i) => i.split('/zod/')[0]));
    expect(zods.size).toBe(1);
  });

  it('loads the fuzz generator (json-schema-faker) only for a fuzz run, and the test file code for call only when it saves one', () => {
    const m = meta();
    const faker = chunkOf(m, 'node_modules/json-schema-faker/dist/index.js');
    expect(chunkOf(m, 'src/core/checks/fuzz-cases.ts')).toBe(faker);
    const starts = ['src/cli/commands/fuzz.ts', 'src/cli/commands/test.ts', 'src/cli/commands/call.ts', 'src/cli/commands/ui.ts', 'src/ui/start.tsx', 'src/ui/run.tsx', 'src/cli/main.ts'];
    for (const source of starts) {
      expect(loadedWith(m, chunkOf(m, source)).filter((i) => i.includes('json-schema-faker')), source).toEqual([]);
    }
    // The fuzz command and the deck's Tools tab import it when a run starts.
    const dynamic = (source: string) => m.outputs[chunkOf(m, source)]!.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    expect(dynamic('src/cli/commands/fuzz.ts')).toContain(faker);
    expect(dynamic('src/ui/server/tools/useFuzz.tsx')).toContain(faker);
    expect(loadedWith(m, chunkOf(m, 'src/cli/commands/call.ts')).filter((i) => /src\/core\/checks\/(test-file|expectations|diff)\.ts$|node_modules\/diff\//.test(i))).toEqual([]);
  });

  it('loads the tokenizer and the diff library only when a count or a diff is asked for', () => {
    const m = meta();
    const heavy = (i: string) => /node_modules\/(gpt-tokenizer|diff)\//.test(i);
    for (const command of ['status', 'tools', 'get', 'call', 'ui']) {
      expect(loadedWith(m, chunkOf(m, `src/cli/commands/${command}.ts`)).filter(heavy), command).toEqual([]);
    }
    // The deck loads the tokenizer when it shows a count, jsdiff when a saved test or a drift is compared.
    for (const ui of ['src/ui/start.tsx', 'src/ui/run.tsx']) expect(loadedWith(m, chunkOf(m, ui)).filter(heavy), ui).toEqual([]);
    // Each is in the bundle, in a chunk of its own loaded on demand: the tokenizer's ranks alone are 2.4 MB.
    const ranks = chunkOf(m, 'node_modules/gpt-tokenizer/esm/bpeRanks/o200k_base.js');
    expect(Object.keys(m.outputs[ranks]!.inputs).every((i) => i.startsWith('node_modules/gpt-tokenizer/'))).toBe(true);
    expect(chunkOf(m, 'node_modules/diff/libesm/diff/line.js')).not.toBe(chunkOf(m, 'src/core/deck.ts'));
  });

  it('loads the schema checker (Ajv, RE2) when something is first checked, not as the deck or a command starts', () => {
    const m = meta();
    const checker = (i: string) => /node_modules\/(ajv|ajv-formats|re2js)\//.test(i);
    for (const entry of ['src/ui/run.tsx', 'src/cli/commands/call.ts', 'src/cli/commands/status.ts']) expect(loadedWith(m, chunkOf(m, entry)).filter(checker), entry).toEqual([]);
    expect(loadedWith(m, chunkOf(m, 'src/core/schema/checker.ts')).some((i) => i.includes('node_modules/re2js/'))).toBe(true);
  });

  it("runs in-process modules that bring their own SDK, v1 and v2", async () => {
    const box = sandbox();
    const config = join(box.cwd, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { v1: { type: 'inprocess', module: V1_MODULE }, v2: { type: 'inprocess', module: V2_MODULE } } }));
    const v1 = await runCli(['call', '--strict', '--config', config, 'v1', 'five'], box);
    expect(v1.stderr).not.toContain('error');
    expect([v1.code, v1.stdout.trim()]).toEqual([0, 'ran five']);
    const v2 = await runCli(['call', '--strict', '--config', config, 'v2', 'shout', 'text=hi'], box);
    expect([v2.code, v2.stdout.trim()], v2.stderr).toEqual([0, 'HI']);
  });
});
