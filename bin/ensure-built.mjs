#!/usr/bin/env node
// Builds what is missing or older than the sources (npm start, npm test, bench): the
// bundle that bin/mcpdeck.js runs (scripts/bundle.mjs), and dist/ from tsc, which
// some tests and the bench import module by module.
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const newest = (path) => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((t, name) => Math.max(t, newest(join(path, name))), 0);
};
const stale = (stamp, inputs) => !existsSync(stamp) || Math.max(...inputs.map((p) => newest(join(root, p)))) > statSync(stamp).mtimeMs;
const touch = (stamp) => {
  const now = new Date();
  utimesSync(stamp, now, now);
};

// main.js, not .tsbuildinfo: `tsc --noEmit` (lint) rewrites the build info without building.
const tscStamp = join(root, 'dist', 'cli', 'main.js');
if (stale(tscStamp, ['src', 'tsconfig.json'])) {
  process.stderr.write('mcpdeck: building dist/ (tsc)…\n');
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
  touch(tscStamp);
}
const bundleStamp = join(root, 'dist', 'bundle', 'mcpdeck.js');
if (stale(bundleStamp, ['src', 'package.json', 'package-lock.json', join('scripts', 'bundle.mjs')])) {
  process.stderr.write('mcpdeck: bundling dist/bundle/ (esbuild)…\n');
  execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { stdio: 'inherit' });
}
