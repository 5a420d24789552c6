#!/usr/bin/env node
// The bundle (scripts/bundle.mjs): mcpdeck and its dependencies in one ES module per
// entry point, production React inside, each command's code loaded when it runs.
// This file is CommonJS (bin/package.json): Node starts a CommonJS file about 10 ms
// sooner than an ES module, and a call through a session is little more than this start.
'use strict';
const { readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const nodeModule = require('node:module');

const [major, minor] = process.versions.node.split('.').map(Number);
const args = process.argv.slice(2);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`mcpdeck needs Node.js 22.12 or newer; this is Node.js ${process.version}.`);
  process.exitCode = 1;
} else if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // The version alone loads nothing of the bundle: it is the package's own.
  process.stdout.write(`${JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version}\n`);
} else {
  void run();
}

async function run() {
  // A session for this configuration runs the command when one runs (src/cli/session/client.ts,
  // one small file: the compile cache would cost it more than it saves); otherwise it runs
  // here, with --no-session taken out.
  // The bundle's build (its mtime) goes along: a session started before an update sends the command back.
  const build = statSync(join(__dirname, '..', 'dist', 'bundle', 'mcpdeck.js')).mtimeMs;
  const outcome = await require('../dist/bundle/session-client.cjs').viaSession(args, process.env, process.cwd(), build);
  if ('code' in outcome) {
    const flushed = (stream) => new Promise((resolve) => stream.write('', resolve));
    await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
    process.exit(outcome.code);
  }
  process.argv.splice(2, process.argv.length - 2, ...outcome.argv);
  // Node keeps the bundle's compiled code between runs, in its default folder
  // (<os.tmpdir()>/node-compile-cache, or $NODE_COMPILE_CACHE); NODE_DISABLE_COMPILE_CACHE=1
  // turns it off. The bench measures what it saves.
  nodeModule.enableCompileCache();
  await import('../dist/bundle/mcpdeck.js');
}
