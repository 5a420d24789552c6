import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { redactArgs, maskTokenShapes } from '../../src/core/config/redact.js';
import { readDocument } from '../../src/core/config/sources/read.js';
import { readJsonFile } from '../../src/core/config/read-json.js';
import { normalizeEntry } from '../../src/core/config/normalize.js';
import { whatRuns, whatRunsLines } from '../../src/core/config/what-runs.js';
import { withFileLock, LockInTheWay } from '../../src/util/file-lock.js';
import { buildForm, initialValues, toArguments } from '../../src/core/schema/form.js';
import { coerceArguments } from '../../src/core/schema/coerce.js';
import { loadValidator } from '../../src/core/schema/validator.js';
import type { ConfigIssue } from '../../src/core/config/types.js';

beforeAll(loadValidator);
const scratch = () => mkdtempSync(join(tmpdir(), 'mcpdeck-trust-'));

describe('secrets in a launch plan', () => {
  it('masks secret-named options, credentials after a scheme and known token shapes; keeps ${VAR} names', () => {
    expect(redactArgs(['--token', 'abc', '--api-key=xyz', 'API_KEY=v', '--token', '${env:T}', '--port', '8080'])).toEqual(['--token', '••••••', '--api-key=••••••', 'API_KEY=••••••', '--token', '${env:T}', '--port', '8080']);
    expect(maskTokenShapes('Authorization: Bearer abc.def')).toBe('Authorization: Bearer ••••••');
    expect(maskTokenShapes('Bearer ${TOKEN}')).toBe('Bearer ${TOKEN}');
    for (const token of ['ghp_0123456789abcdefghijABCDEFGHIJ012345', 'sk-ant-api03-abcdefghijklmnop', 'xoxb-1234567890-abcdef', 'AKIAIOSFODNN7EXAMPLE', 'glpat-abcdefghij0123456789', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig']) {
      expect(maskTokenShapes(`--x=${token}`)).toBe('--x=••••••');
    }
    expect(maskTokenShapes('server.js')).toBe('server.js');
  });

  it('shows a plan as written: variables by name, builtins filled in, inputs as placeholders', () => {
    const def = normalizeEntry('a', { command: 'node', args: ['${workspaceFolder}/s.js', '--key', '${input:key}', '${env:SECRET}'] }, { kind: 'project', path: '/p/.mcp.json', label: 'project' }, { SECRET: 'hidden-value' }, { builtins: { workspaceFolder: '/p' }, defaultCwd: '/p' });
    expect(def.config).toBeUndefined();
    expect(whatRunsLines(whatRuns(def.plan!, { workspaceFolder: '/p' }, def.missingInputs))).toEqual([
      "runs: node /p/s.js --key '${input:key}' '${env:SECRET}'",
      'in: /p',
      'reads from your environment: SECRET',
      'asks you first for: ${input:key}',
    ]);
  });
});

describe('keys that could reach a prototype', () => {
  it('are refused in TOML and in JSON, escaped or not, with file and line', () => {
    const dir = scratch();
    const toml = join(dir, 'config.toml');
    writeFileSync(toml, '[mcp_servers.a]\ncommand = "node"\n[mcp_servers.a.__proto__]\nenv = 1\n');
    const read = readDocument(toml, 'toml');
    expect(read).toMatchObject({ status: 'error', issue: { line: 3 } });
    expect(read.status === 'error' && read.issue.message).toContain(`${toml}:3: the key "__proto__" is not allowed`);
    for (const [text, key] of [['{"a": {"constructor": 1}}', 'constructor'], ['{"a": {"\\u0070rototype": 1}}', 'prototype'], ['{"a":1,\n // c\n "__proto__": {}}', '__proto__']] as const) {
      const file = join(dir, 'f.json');
      writeFileSync(file, text);
      const issues: ConfigIssue[] = [];
      expect(readJsonFile(file, issues, true)).toBeUndefined();
      expect(issues[0]!.message).toContain(`the key "${key}" is not allowed`);
    }
  });

  it('from a server’s schema or typed words are plain keys: nothing is dropped into a prototype', () => {
    // As JSON.parse reads a tool list: "__proto__" an own key of the properties.
    const parsed = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}}}') as object;
    const model = buildForm(parsed);
    const { args } = toArguments(model, { ...initialValues(model), ['__proto__']: 'x' } as never);
    // Sent as typed: the key is in the JSON that goes to the server.
    expect(JSON.stringify(args)).toBe('{"__proto__":"x"}');
    const typed = coerceArguments(['__proto__=1', 'constructor=2'], parsed);
    expect(Object.keys(typed)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the lock of a file mcpdeck writes', () => {
  it('names a file in the way of its lock folder at once, with what to remove', async () => {
    const dir = scratch();
    mkdirSync(dir, { recursive: true });
    const target = join(dir, 'servers.json');
    writeFileSync(`${target}.lock`, 'not a folder');
    const error = await withFileLock(target, () => 'ran').catch((e: Error) => e);
    expect(error).toBeInstanceOf(LockInTheWay);
    expect((error as Error).message).toBe(`${target}.lock is in the way: mcpdeck locks ${target} with a folder of that name, and a file stands there; remove it (rm ${JSON.stringify(`${target}.lock`)}) and try again`);
  });
});
