import { normalizeEntry } from './normalize.js';
import type { ServerDefinition } from './types.js';

export const DEMO_NAME = 'demo';

/** The built-in demo server (also listed when nothing is configured at all). */
export function demoDefinition(): ServerDefinition {
  // A 2025-era server (the v1 SDK's): its handshake at once, without a 2026 probe first.
  const def = normalizeEntry(DEMO_NAME, { type: 'inprocess', module: 'mcpdeck:demo', protocol: 'legacy' }, { kind: 'demo', label: 'built-in' }, {});
  // Imported on use: the demo pulls in the SDK's server side.
  if (def.config?.type === 'inprocess') def.config.factory = async () => (await import('../demo/server.js')).createDemoServer();
  return def;
}
