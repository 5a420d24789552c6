import type { ServerDefinition } from './types.js';

export const DEMO_NAME = 'demo';

/** The built-in demo server (also listed when nothing is configured at all). */
export function demoDefinition(): ServerDefinition {
  // What normalize.ts makes of this entry, written out: it is mcpdeck's own and always valid.
  // A 2025-era server (the v1 SDK's): its handshake at once, without a 2026 probe first.
  const raw = { type: 'inprocess', module: 'mcpdeck:demo', protocol: 'legacy' } as const;
  return {
    name: DEMO_NAME,
    source: { kind: 'demo', label: 'built-in' },
    raw: { ...raw },
    // Imported on use: the demo pulls in the SDK's server side.
    config: { ...raw, disabled: false, factory: async () => (await import('../demo/server.js')).createDemoServer() },
    plan: { ...raw },
    runs: { module: raw.module, envNames: [], headerNames: [], inputs: [], missingInputs: [], variables: [] },
    issues: [],
  };
}
