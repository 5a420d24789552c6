#!/usr/bin/env node
// The bundle (scripts/bundle.mjs): mcpdeck and its dependencies in one ES module per
// entry point, production React inside, each command's code loaded when it runs.
import module from 'node:module';

// Node 22+ keeps the compiled bundle between runs; Node 20 has no such cache.
module.enableCompileCache?.();
await import('../dist/bundle/mcpdeck.js');
