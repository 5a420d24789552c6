// A call saved as a test must pass when it is run again. server-memory's create_entities
// (idempotentHint: false) answers with the entities it created: the second run creates
// none, so a test of its text would fail on its very next run.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';

const MEMORY = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-memory/dist/index.js');

describe('a call saved as a test, run again', () => {
  it('a tool that is not idempotent gets structural expectations only, so its test passes on the next runs', async () => {
    const box = sandbox();
    const config = join(box.cwd, 'servers.json');
    const memory = { command: process.execPath, args: [MEMORY], env: { MEMORY_FILE_PATH: join(box.cwd, 'memory.jsonl') } };
    writeFileSync(config, JSON.stringify({ mcpServers: { memory } }));
    const cli = (...args: string[]) => runCli([args[0]!, '--strict', '-c', config, ...args.slice(1)], box);
    const entities = JSON.stringify({ entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] });
    const saved = await cli('call', 'memory', 'create_entities', '--args', entities, '--save-test', 'memory.tests.json');
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain('Ada');
    for (const run of [1, 2]) {
      const test = await cli('test', 'memory.tests.json');
      expect(test.code, `run ${run}: ${test.stdout}${test.stderr}`).toBe(0);
    }
  });
});
