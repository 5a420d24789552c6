import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { hostileProject } from './helpers/hostile.js';
import { everythingStdio } from '../helpers/servers.js';

function project() {
  const box = sandbox();
  const config = join(box.cwd, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { everything: everythingStdio() } }));
  const cli = (...args: string[]) => runCli([args[0]!, '--strict', '-c', config, ...args.slice(1)], box);
  return { ...box, cli, file: (name: string) => join(box.cwd, name) };
}

type Xml = Record<string, unknown>;
const asList = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Xml[];

/** Parses JUnit XML the way CI tools read it, after checking it is well-formed. */
function readJunit(path: string): { suites: Xml; cases: Xml[] } {
  const xml = readFileSync(path, 'utf8');
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as Xml;
  const suites = doc.testsuites as Xml;
  const suite = asList(suites.testsuite);
  expect(suite).toHaveLength(1);
  return { suites, cases: asList(suite[0]!.testcase) };
}

describe('saved calls become tests', () => {
  it('call --save-test saves a call with the expectations of its result; mcpdeck test passes it and writes valid JUnit XML', async () => {
    const p = project();
    const sum = await p.cli('call', 'everything', 'get-sum', 'a=2', 'b=3', '--save-test', 'checks.json');
    expect(sum.code, sum.stderr).toBe(0);
    expect(sum.stderr).toContain(`saved the test "get-sum a=2 b=3" to ${p.file('checks.json')}`);
    const weather = await p.cli('call', 'everything', 'get-structured-content', 'location=Chicago', '--save-test', 'checks.json', '--expect', 'structured,isError,duration', '--test-name', 'weather');
    expect(weather.code, weather.stderr).toBe(0);
    const text = readFileSync(p.file('checks.json'), 'utf8');
    // Readable: a comment saying what the file is, two-space JSON, one test after the other.
    expect(text).toMatch(/^\/\/ mcpdeck tests: .*`mcpdeck test`/);
    expect(text).toContain('      "name": "get-sum a=2 b=3",\n      "server": "everything",\n      "tool": "get-sum",');
    const r = await p.cli('test', 'checks.json', '--junit', 'report.xml');
    expect(r.stdout).toMatch(/✓ get-sum a=2 b=3 \(everything get-sum, \d+ ms\)/);
    expect(r.stdout).toMatch(/✓ weather \(everything get-structured-content, \d+ ms\)/);
    expect([r.code, r.stdout.trim().split('\n').at(-1)]).toEqual([0, '2 passed, 0 failed']);
    const { suites, cases } = readJunit(p.file('report.xml'));
    expect(suites).toMatchObject({ name: 'mcpdeck', tests: '2', failures: '0', errors: '0' });
    expect(cases.map((c) => [c.name, c.classname, c.failure])).toEqual([['get-sum a=2 b=3', 'everything.get-sum', undefined], ['weather', 'everything.get-structured-content', undefined]]);
  });

  it('fails with a readable diff when an expectation is edited, exits 1, and the JUnit XML carries the failure', async () => {
    const p = project();
    await p.cli('call', 'everything', 'get-sum', 'a=2', 'b=3', '--save-test', 'checks.json');
    await p.cli('call', 'everything', 'get-structured-content', 'location=Chicago', '--save-test', 'checks.json', '--expect', 'structured', '--test-name', 'weather');
    const path = p.file('checks.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('is 5.', 'is 6.').replace('"humidity": 82', '"humidity": 80'));
    const r = await p.cli('test', 'checks.json', '--junit', 'report.xml');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain([
      '✗ get-sum a=2 b=3',
    ].join('\n'));
    expect(r.stdout).toContain([
      '    the text is not the one expected',
      '      --- expected',
      '      +++ actual',
      '      @@ -1,1 +1,1 @@',
      '      -The sum of 2 and 3 is 6.',
      '      +The sum of 2 and 3 is 5.',
    ].join('\n'));
    // JSON is compared with its keys in order, and only the lines that differ are marked.
    expect(r.stdout).toContain('    the structured content is not the one expected');
    expect(r.stdout).toMatch(/ {6}-\s+"humidity": 80,\n {6}\+\s+"humidity": 82,/);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('0 passed, 2 failed');
    const { suites, cases } = readJunit(p.file('report.xml'));
    expect(suites).toMatchObject({ tests: '2', failures: '2', errors: '0' });
    const failure = cases[0]!.failure as Xml;
    expect(failure).toMatchObject({ message: 'the text is not the one expected', type: 'expectation' });
    expect(failure['#text']).toContain('-The sum of 2 and 3 is 6.\n+The sum of 2 and 3 is 5.');
  });

  it('a call sent unchecked (--no-validate) is saved so, and its test sends it unchecked: it passes or fails on the server\'s own answer', async () => {
    const p = project();
    const sent = await p.cli('call', 'everything', 'get-sum', 'a=x', 'b=1', '--no-validate', '--save-test', 'unchecked.json');
    expect(sent.stderr).toContain('saved the test "get-sum a=x b=1"');
    await p.cli('call', 'everything', 'get-sum', 'a=2', 'b=3', '--save-test', 'unchecked.json');
    const path = p.file('unchecked.json');
    const saved = (JSON.parse(readFileSync(path, 'utf8').replace(/^\/\/.*\n/, '')) as { tests: Record<string, unknown>[] }).tests;
    // Written only for the call sent unchecked.
    expect(saved.map((t) => t.validate)).toEqual([false, undefined]);
    expect(saved[0]!.expect).toMatchObject({ isError: true });
    const r = await p.cli('test', 'unchecked.json');
    expect([r.code, r.stdout.trim().split('\n').at(-1)]).toEqual([0, '2 passed, 0 failed']);
    // What the server answers decides: an expectation it does not meet fails (it is not "could not run").
    writeFileSync(path, readFileSync(path, 'utf8').replace('Input validation error', 'Some other error'));
    const failed = await p.cli('test', 'unchecked.json');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('the text is not the one expected');
    expect(failed.stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('works the same against a 2026-07-28 server', async () => {
    const box = sandbox();
    const config = join(box.cwd, 'servers.json');
    const modern = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));
    writeFileSync(config, JSON.stringify({ mcpServers: { modern: { command: process.execPath, args: [modern, 'stdio', 'reject'] } } }));
    const saved = await runCli(['call', '--strict', '-c', config, 'modern', 'echo', 'text=hi', '--save-test', 't.json'], box);
    expect(saved.code, saved.stderr).toBe(0);
    const r = await runCli(['test', '--strict', '-c', config, 't.json'], box);
    expect([r.code, r.stdout.trim().split('\n')]).toEqual([0, [expect.stringMatching(/^✓ echo text=hi \(modern echo, \d+ ms\)$/), '1 passed, 0 failed']]);
  });

  it('says what to fix: a missing or broken file, a server that is not configured, a wrong --expect', async () => {
    const p = project();
    const missing = await p.cli('test');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`${p.file('mcpdeck.tests.json')}: file not found (save a call as a test first`);
    writeFileSync(p.file('broken.json'), '{\n  "tests": [\n    { "name": "x" \n  ]\n}\n');
    const broken = await p.cli('test', 'broken.json');
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`${p.file('broken.json')}:4:3: JSON syntax error`);
    writeFileSync(p.file('wrong.json'), JSON.stringify({ tests: [{ name: 'x', server: 'everything', tool: 'echo', expect: { txt: 'hi' } }] }));
    const wrong = await p.cli('test', 'wrong.json');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/wrong\.json: tests\.0\.expect: .*txt/);
    writeFileSync(p.file('ghost.json'), JSON.stringify({ tests: [{ name: 'ghost', server: 'nowhere', tool: 'echo', arguments: {}, expect: { isError: false } }] }));
    const ghost = await p.cli('test', 'ghost.json', '--junit', 'ghost.xml');
    expect(ghost.code).toBe(1);
    expect(ghost.stdout).toContain('✗ ghost (nowhere echo)\n    could not run: no server named "nowhere" is configured');
    expect(ghost.stdout.trim().split('\n').at(-1)).toBe('0 passed, 0 failed, 1 could not run');
    expect(readJunit(p.file('ghost.xml')).cases[0]!.error).toMatchObject({ type: 'call' });
    const typo = await p.cli('call', 'everything', 'get-sum', 'a=1', 'b=1', '--save-test', 'checks.json', '--expect', 'txt');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--expect "txt" is not one of text, contains, structured, schema, isError, duration');
    expect(typo.stdout).toBe('');
  });

  it('appends to a file people edited, keeping their comments, and names a second test of the same call apart', async () => {
    const p = project();
    writeFileSync(p.file('mine.json'), '{\n  // kept by hand\n  "tests": [\n    { "name": "echo a=1", "server": "everything", "tool": "echo", "arguments": { "message": "x" }, "expect": { "text": { "contains": "x" } } },\n  ],\n}\n');
    await p.cli('call', 'everything', 'echo', 'message=hi', '--save-test', 'mine.json', '--expect', 'contains', '--test-name', 'echo a=1');
    const text = readFileSync(p.file('mine.json'), 'utf8');
    expect(text).toContain('// kept by hand');
    expect(text).toContain('"name": "echo a=1 (2)"');
    // A tests file mcpdeck did not make (or keep approved) calls a catalog server only once approved.
    expect((await p.cli('test', 'mine.json', '--json')).code).toBe(6);
    expect((await runCli(['approve', '--file', 'mine.json'], p)).code).toBe(0);
    const r = await p.cli('test', 'mine.json', '--json');
    expect(JSON.parse(r.stdout)).toMatchObject({ passed: 2, failed: 0, errors: 0, results: [{ name: 'echo a=1', status: 'passed' }, { name: 'echo a=1 (2)', status: 'passed' }] });
  });
});

describe('saved calls and fuzzing keep the approval rules', () => {
  it("start nothing from a project's file before it is approved, and say how to approve it", async () => {
    const box = hostileProject();
    writeFileSync(join(box.cwd, 'mcpdeck.tests.json'), JSON.stringify({ tests: [{ name: 'helper', server: 'mcpjson-helper', tool: 'anything', arguments: {}, expect: { isError: false } }] }));
    const r = await runCli(['test', '--junit', 'report.xml'], box);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('✗ helper (mcpjson-helper anything)\n    could not run: mcpjson-helper comes from');
    expect(r.stdout).toContain('approve it with: mcpdeck approve mcpjson-helper');
    const fuzz = await runCli(['fuzz', 'mcpjson-helper'], box);
    expect(fuzz.code).toBe(6);
    expect(box.markers()).toEqual([]);
  });
});
