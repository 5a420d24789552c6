import { mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendEvalCase } from '../../src/core/evals/append.js';
import { evalsApproval, evalsHash, grantsOf, saveApprovedEvalCase } from '../../src/core/evals/approval.js';
import { evalFilePaths, readEvalFile, toEvalFile } from '../../src/core/evals/eval-file.js';
import type { Approvals, ApprovalRecord } from '../../src/core/config/approvals.js';

const folder = () => mkdtempSync(join(tmpdir(), 'mcpdeck-evals-'));
const problem = (value: unknown) => {
  try {
    toEvalFile('/p/evals.json', value);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};
const ok = { name: 'echoes', message: 'Say hi', expect: { tools: ['echo'] } };

describe('eval files', () => {
  it('fill each case from the file: servers, system, maxSteps, minPassRate; runs 1 and no models by default', () => {
    const file = toEvalFile('/p/e.json', { servers: ['everything'], system: 'Be brief', maxSteps: 4, minPassRate: 0.5, cases: [ok, { ...ok, name: 'own', servers: ['other'], system: 'mine', minPassRate: 1 }] });
    expect(file).toMatchObject({ path: '/p/e.json', models: [], runs: 1 });
    expect(file.cases[0]).toMatchObject({ servers: ['everything'], system: 'Be brief', maxSteps: 4, minPassRate: 0.5 });
    expect(file.cases[1]).toMatchObject({ servers: ['other'], system: 'mine', maxSteps: 4, minPassRate: 1 });
    expect(toEvalFile('/p/e.json', { cases: [{ name: 'n', message: 'm' }] }).cases[0]).toEqual({ name: 'n', message: 'm', expect: {}, minPassRate: 1 });
  });

  it('say what is wrong, naming the case and the field', () => {
    expect(problem({ cases: [{ ...ok, expect: { order: 'sideways', tools: ['echo'] } }] })).toMatch(/^\/p\/evals\.json: case "echoes": expect\.order: Invalid option: expected one of "any"\|"strict" \(an eval file is/);
    expect(problem({ cases: [{ ...ok, expect: { txt: { contains: 'x' } } }] })).toMatch(/case "echoes": expect: Unrecognized key: "txt"/);
    expect(problem({ cases: [{ ...ok, expect: { text: {} } }] })).toContain('case "echoes": expect.text: give "contains" or "matches" (or both)');
    expect(problem({ cases: [{ ...ok, expect: { maxCalls: -1 } }] })).toMatch(/case "echoes": expect\.maxCalls: Too small/);
    expect(problem({ cases: [{ ...ok, expect: { order: 'strict' } }] })).toContain('case "echoes": expect.order: says the order of "tools", which is not given');
    expect(problem({ cases: [{ message: 'm' }] })).toMatch(/: cases\.0: name: Invalid input: expected string/);
    expect(problem({ cases: [ok, { ...ok, message: 'again' }] })).toContain('case "echoes": name: another case is named "echoes" already');
    expect(problem({ runs: 0, cases: [ok] })).toMatch(/: runs: Too small/);
    expect(problem({ model: ['openai:x'], cases: [ok] })).toMatch(/: the file: Unrecognized key: "model"/);
    expect(problem({ cases: [] })).toMatch(/: cases: Too small/);
    expect(problem([])).toMatch(/: the file: Invalid input: expected object/);
  });

  it('check patterns as they are read: flags other than i, and what RE2 cannot run, are refused with where they are', () => {
    expect(problem({ cases: [{ ...ok, expect: { args: { echo: { message: '/hi/g' } } } }] })).toBe('/p/evals.json: case "echoes": expect.args.echo.message: the pattern /hi/g has flags other than "i" (g)');
    expect(problem({ cases: [{ ...ok, expect: { args: { echo: { list: ['x', '/(a)\\1/'] } } } }] })).toMatch(/case "echoes": expect\.args\.echo\.list\.1: the pattern "\(a\)\\\\1" cannot be checked: .*RE2/);
    expect(problem({ cases: [{ ...ok, expect: { text: { matches: '(?<=a)b' } } }] })).toMatch(/case "echoes": expect\.text\.matches: the pattern .* cannot be checked/);
  });

  it('read JSON with comments and YAML; a syntax error says the line; a missing file says so', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'e.json'), '{\n  // mine\n  "cases": [{ "name": "a", "message": "m" },],\n}\n');
    expect((await readEvalFile(join(dir, 'e.json'))).cases).toHaveLength(1);
    writeFileSync(join(dir, 'e.yaml'), 'models: [openai:gpt-4.1]\nruns: 3\ncases:\n  - name: a\n    message: m\n    expect:\n      tools: [echo]\n      text: { matches: "^Echo" }\n');
    expect(await readEvalFile(join(dir, 'e.yaml'))).toMatchObject({ models: ['openai:gpt-4.1'], runs: 3, cases: [{ name: 'a', expect: { tools: ['echo'], text: { matches: '^Echo' } } }] });
    writeFileSync(join(dir, 'bad.yml'), 'cases:\n  - name: a\n   message: m\n');
    await expect(readEvalFile(join(dir, 'bad.yml'))).rejects.toThrow(/bad\.yml:3:\d+: YAML syntax error/);
    writeFileSync(join(dir, 'bad.json'), '{\n  "cases": [\n}\n');
    await expect(readEvalFile(join(dir, 'bad.json'))).rejects.toThrow(/bad\.json:3:1: JSON syntax error/);
    writeFileSync(join(dir, 'proto.yaml'), 'cases:\n  - name: a\n    message: m\n    expect:\n      args:\n        echo: { __proto__: { x: 1 } }\n');
    await expect(readEvalFile(join(dir, 'proto.yaml'))).rejects.toThrow(/the key "__proto__" is not allowed/);
    await expect(readEvalFile(join(dir, 'none.json'))).rejects.toThrow(/none\.json: file not found/);
  });

  it('are found by their default names when none is named: JSON first, then YAML', () => {
    const dir = folder();
    expect(evalFilePaths([], dir)).toEqual([join(dir, 'mcpdeck.evals.json')]);
    writeFileSync(join(dir, 'mcpdeck.evals.yml'), '');
    expect(evalFilePaths([], dir)).toEqual([join(dir, 'mcpdeck.evals.yml')]);
    expect(evalFilePaths(['a.json', '/abs/b.yaml'], dir)).toEqual([join(dir, 'a.json'), '/abs/b.yaml']);
  });
});

describe('the approval of an eval file', () => {
  const file = (cases: object[]) => toEvalFile('/p/e.json', { servers: ['everything'], cases });
  it('is needed only when a case lets the model run tools that ask first, and binds to what those cases send and allow', () => {
    expect(evalsApproval([], file([ok]))).toEqual({ needed: false, approved: false });
    const granting = file([ok, { ...ok, name: 'b', allowTools: ['add'] }, { ...ok, name: 'c', yes: true }]);
    expect(grantsOf(granting)).toEqual([{ case: 'b', allows: 'add' }, { case: 'c', allows: 'every tool (yes)' }]);
    expect(evalsApproval([], granting)).toEqual({ needed: true, approved: false });
    const record: ApprovalRecord = { file: '/p/e.json', at: ['evals'], hash: evalsHash(granting) };
    expect(evalsApproval([record], granting)).toEqual({ needed: true, approved: true });
    // Expectations, names and models change nothing that runs; a message or a grant does.
    const same = file([{ ...ok, expect: { tools: ['x'] } }, { ...ok, name: 'b2', allowTools: ['add'], expect: { maxCalls: 1 } }, { ...ok, name: 'c', yes: true }]);
    expect(evalsHash(same)).toBe(evalsHash(granting));
    expect(evalsHash(file([ok, { ...ok, name: 'b', allowTools: ['add', 'rm'] }, { ...ok, name: 'c', yes: true }]))).not.toBe(evalsHash(granting));
    expect(evalsHash(file([ok, { ...ok, name: 'b', message: 'other', allowTools: ['add'] }, { ...ok, name: 'c', yes: true }]))).not.toBe(evalsHash(granting));
    expect(evalsApproval([{ ...record, file: '/elsewhere.json' }], granting).approved).toBe(false);
  });
});

describe('appendEvalCase', () => {
  it('makes the file when it is missing, as plain JSON the reader takes', async () => {
    const path = join(folder(), 'sub', 'mcpdeck.evals.json');
    expect(await appendEvalCase(path, { name: 'echoes', message: 'Say hi', servers: ['everything'], expect: { tools: ['echo'] } })).toBe('echoes');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ cases: [{ name: 'echoes', message: 'Say hi', servers: ['everything'], expect: { tools: ['echo'] } }] });
    expect((await readEvalFile(path)).cases).toHaveLength(1);
  });

  it('adds to a file people edited and keeps every other byte: comments, order, indentation, mode; a taken name gets a number', async () => {
    const path = join(folder(), 'e.json');
    const before = '{\n    // by hand\n    "runs": 3,\n    "cases": [\n        { "name": "echoes", "message": "a" } // first\n    ],\n    "models": ["openai:x"]\n}\n';
    writeFileSync(path, before);
    chmodSync(path, 0o640);
    expect(await appendEvalCase(path, { name: 'echoes', message: 'b', expect: { text: { contains: 'hi' } } })).toBe('echoes (2)');
    expect(await appendEvalCase(path, { name: 'echoes', message: 'c' })).toBe('echoes (3)');
    const added = (name: string, message: string, expectation: string) =>
      `,\n        {\n            "name": "${name}",\n            "message": "${message}",\n            "expect": ${expectation}\n        }`;
    const hi = '{\n                "text": {\n                    "contains": "hi"\n                }\n            }';
    // A comment on the last case's line stays on it.
    expect(readFileSync(path, 'utf8')).toBe(before.replace('"a" } // first', `"a" }, // first${added('echoes (2)', 'b', hi).slice(1)}${added('echoes (3)', 'c', '{}')}`));
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect((await readEvalFile(path)).cases.map((c) => [c.name, c.message])).toEqual([['echoes', 'a'], ['echoes (2)', 'b'], ['echoes (3)', 'c']]);
  });

  it('adds to a YAML file keeping its comments, and to a file without cases yet', async () => {
    const dir = folder();
    const yaml = join(dir, 'e.yaml');
    writeFileSync(yaml, '# my evals\nruns: 2 # twice\ncases:\n  - name: a # first\n    message: m\n');
    await appendEvalCase(yaml, { name: 'b', message: 'n', allowTools: ['add'] });
    const text = readFileSync(yaml, 'utf8');
    expect(text).toContain('# my evals\nruns: 2 # twice\n');
    expect(text).toContain('  - name: a # first\n');
    expect((await readEvalFile(yaml)).cases.map((c) => c.name)).toEqual(['a', 'b']);
    const fresh = join(dir, 'new.yml');
    await appendEvalCase(fresh, { name: 'x', message: 'y' });
    expect(readFileSync(fresh, 'utf8')).toBe('cases:\n  - name: x\n    message: y\n    expect: {}\n');
    const bare = join(dir, 'bare.json');
    writeFileSync(bare, '{\n\t"runs": 2, // two\n\t"cases": []\n}\n');
    await appendEvalCase(bare, { name: 'x', message: 'y' });
    expect(readFileSync(bare, 'utf8')).toBe('{\n\t"runs": 2, // two\n\t"cases": [\n\t\t{\n\t\t\t"name": "x",\n\t\t\t"message": "y",\n\t\t\t"expect": {}\n\t\t}\n\t]\n}\n');
    const none = join(dir, 'none.json');
    writeFileSync(none, '{ "runs": 2 }\n');
    await appendEvalCase(none, { name: 'x', message: 'y' });
    expect(await readEvalFile(none)).toMatchObject({ runs: 2, cases: [{ name: 'x' }] });
    const crlf = join(dir, 'crlf.json');
    writeFileSync(crlf, '{\r\n  "cases": [\r\n    { "name": "a", "message": "m" },\r\n  ]\r\n}\r\n');
    await appendEvalCase(crlf, { name: 'b', message: 'n' });
    expect(readFileSync(crlf, 'utf8')).toBe('{\r\n  "cases": [\r\n    { "name": "a", "message": "m" },\r\n    {\r\n      "name": "b",\r\n      "message": "n",\r\n      "expect": {}\r\n    }\r\n  ]\r\n}\r\n');
  });

  it('refuses a case that is not one, and a file that is not an eval file, touching nothing', async () => {
    const path = join(folder(), 'e.json');
    writeFileSync(path, '[1, 2]\n');
    await expect(appendEvalCase(path, { name: 'x', message: 'y' })).rejects.toThrow('is not an eval file: it must be an object with a "cases" array');
    await expect(appendEvalCase(path, { name: '', message: 'y' })).rejects.toThrow(/the case to add: name: Too small/);
    expect(readFileSync(path, 'utf8')).toBe('[1, 2]\n');
  });

  it('keeps a file that was new or approved approved when the deck saves a case into it', async () => {
    const records: ApprovalRecord[] = [];
    const store: Approvals = { path: '/x', list: () => records, approve: async (r) => void records.splice(0, records.length, ...records.filter((o) => o.file !== r.file), r), revoke: async () => 0 };
    const path = join(folder(), 'e.json');
    await saveApprovedEvalCase(store, path, { name: 'a', message: 'm', allowTools: ['add'] });
    expect(evalsApproval(records, await readEvalFile(path))).toEqual({ needed: true, approved: true });
    await saveApprovedEvalCase(store, path, { name: 'b', message: 'n', yes: true });
    expect(evalsApproval(records, await readEvalFile(path)).approved).toBe(true);
    // Edited by someone else since: saving does not approve their change.
    writeFileSync(path, readFileSync(path, 'utf8').replace('"m"', '"rm -rf"'));
    await saveApprovedEvalCase(store, path, { name: 'c', message: 'o' });
    expect(evalsApproval(records, await readEvalFile(path)).approved).toBe(false);
  });
});
