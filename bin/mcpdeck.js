#!/usr/bin/env node
// The bundle (scripts/bundle.mjs): mcpdeck and its dependencies in one ES module per
// entry point, production React inside, each command's code loaded when it runs.
import '../dist/bundle/mcpdeck.js';
