// The bundle's seams (scripts/bundle.mjs): each changes a dependency as it is bundled.
// One that finds nothing to change fails the build, and each is listed in ARCHITECTURE.md.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the build script is plain JavaScript
import { OPTIONS, SEAMS } from '../../scripts/bundle.mjs';

/** Bundles an entry that imports `file` (a path under node_modules), holding `source`. */
function bundleWith(file: string, source: string) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-seam-'));
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), source);
  writeFileSync(join(dir, 'entry.js'), `import ${JSON.stringify(`./${file}`)};\n`);
  return esbuild.build({ ...OPTIONS, splitting: false, metafile: false, logLevel: 'silent', absWorkingDir: dir, entryPoints: ['entry.js'], write: false });
}

describe("the bundle's seams", () => {
  it('fail the build when the text they edit is gone', async () => {
    await expect(bundleWith('node_modules/chalk/source/vendor/supports-color/index.js', "if (env.CI) { export default 0; }\n"))
      .rejects.toThrow(/ci-only-off-a-terminal: found nothing to edit .*supports-color reads CI another way/);
    await expect(bundleWith('node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js', 'export default typeof fetch;\n'))
      .rejects.toThrow(/yoga-without-fetch: found nothing to edit/);
    await expect(bundleWith('node_modules/sixel/upng.js', 'export const UPNG = {};\n')).rejects.toThrow(/sixel-upng-declared: found nothing to edit/);
  });

  it('edit the text when it is there', async () => {
    const built = await bundleWith('node_modules/chalk/source/vendor/supports-color/index.js', "const env = process.env, streamIsTTY = true;\nif ('CI' in env) { console.log(1); }\n");
    expect(built.outputFiles[0]!.text).toContain('"CI"in env&&!streamIsTTY');
  });

  it('are each listed in ARCHITECTURE.md', () => {
    const guide = readFileSync(new URL('../../ARCHITECTURE.md', import.meta.url), 'utf8');
    expect((SEAMS as string[]).filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });
});
