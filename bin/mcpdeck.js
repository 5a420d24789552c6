#!/usr/bin/env node
// React's development build checks every prop on every render: with 100,000 tools a
// keystroke costs ~90 ms instead of ~10. Set before React is loaded, hence the dynamic import.
process.env.NODE_ENV ??= 'production';
await import('../dist/cli/main.js');
