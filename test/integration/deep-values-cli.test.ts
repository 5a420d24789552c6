// The headless CLI against a real stdio server whose tool schemas nest 5,000 levels deep
// (test/fixtures/servers/enormous-lists.mjs --deep 5000): JSON output is written cut with
// a marker instead of crashing, and an output schema too deep to check is said so.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/servers/enormous-lists.mjs', import.meta.url));
const DEEP = ['--', process.execPath, FIXTURE, '--deep', '5000'];
const WHY = 'the schema is too deep to check (10,001 levels, limit 128)';

/** The `level` chain of a schema printed by `tools --json`, followed to where it was cut. */
function bottom(schema: unknown): { levels: number; end: unknown } {
  let at = schema;
  let levels = 0;
  while (typeof at === 'object' && at !== null && 'properties' in at) {
    at = (at as { properties: { level?: unknown } }).properties.level;
    levels++;
  }
  return { levels, end: at };
}

describe('mcpdeck on a server with schemas 5,000 levels deep', () => {
  it('tools --json prints every tool, each schema cut with a marker saying how deep it went', async () => {
    const r = await runCli(['tools', '--json', ...DEEP], sandbox());
    expect(r.stderr).not.toContain('RangeError');
    expect(r.code).toBe(0);
    const tools = JSON.parse(r.stdout) as { name: string; inputSchema: unknown; outputSchema?: unknown }[];
    expect(tools.map((t) => t.name)).toEqual(['deep-input', 'deep-output']);
    const input = bottom(tools[0]!.inputSchema);
    // [ tool { inputSchema { properties { level … ]: cut 500 levels down from the list.
    expect(input.levels).toBeGreaterThan(200);
    expect(input.end).toMatch(/^⟨[\d,]+ more levels, not shown⟩$/);
    expect(bottom(tools[1]!.outputSchema).end).toMatch(/^⟨[\d,]+ more levels, not shown⟩$/);
  });

  it('call says the output was not checked, and why, as text and as JSON', async () => {
    const where = sandbox();
    const text = await runCli(['call', 'deep-output', ...DEEP], where);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('called deep-output');
    expect(text.stderr).toContain(`warning: output not checked: ${WHY}`);
    const json = await runCli(['call', 'deep-output', '--json', ...DEEP], where);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).output).toEqual({ valid: true, errors: [WHY], unchecked: WHY });
  });
});
