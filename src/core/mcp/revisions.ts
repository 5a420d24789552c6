/**
 * Every MCP revision mcpdeck speaks, newest first: the current one, then those of the
 * SDK's 2025 handshake. Kept without the SDK so a config file is checked against it before
 * anything loads the SDK; test/unit/revisions.test.ts keeps it in step with the SDK's list.
 */
export const SPOKEN_REVISIONS: readonly string[] = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
