#!/usr/bin/env node
// The bundle (scripts/bundle.mjs): mcpdeck and its dependencies in one ES module per
// entry point, production React inside, each command's code loaded when it runs.
import module from 'node:module';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`mcpdeck needs Node.js 22.12 or newer; this is Node.js ${process.version}.`);
  process.exit(1);
}

// Node keeps the bundle's compiled code between runs, in its default folder
// (<os.tmpdir()>/node-compile-cache, or $NODE_COMPILE_CACHE); NODE_DISABLE_COMPILE_CACHE=1
// turns it off. The bench measures what it saves.
module.enableCompileCache();
await import('../dist/bundle/mcpdeck.js');
