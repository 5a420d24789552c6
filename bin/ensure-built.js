#!/usr/bin/env node
// Builds dist/ when it is missing or older than any file in src/ (npm start, npm test).
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
    const p = join(dir, e.name);
    return Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
// main.js, not .tsbuildinfo: `tsc --noEmit` (lint) rewrites the build info without building.
const stamp = join(root, 'dist', 'cli', 'main.js');
const stale = !existsSync(stamp) || newest(join(root, 'src')) > statSync(stamp).mtimeMs || statSync(join(root, 'tsconfig.json')).mtimeMs > statSync(stamp).mtimeMs;
if (stale) {
  process.stderr.write('mcpdeck: building…\n');
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
  const now = new Date();
  utimesSync(stamp, now, now);
}
