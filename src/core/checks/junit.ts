import type { TestResult } from './run-tests.js';

// Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/FFFF):
// written as the text \uXXXX, so the report stays well-formed whatever a server sent.
const NOT_XML = /[^\t\n\r\x20-\ud7ff\ue000-\ufffd\ud800-\udbff\udc00-\udfff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML attribute or element: escaped, and never a character XML refuses. */
function xmlText(text: string): string {
  return text
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const attrs = (values: Record<string, string | number>) => Object.entries(values).map(([k, v]) => ` ${k}="${xmlText(String(v))}"`).join('');

/** One <testcase>: a <failure> for expectations that did not hold, an <error> for what could not run. */
export interface JunitCase {
  name: string;
  classname: string;
  ms: number;
  failure?: { message: string; body: string };
  error?: string;
}

/** One <testsuite>: a file's cases. */
export interface JunitSuite {
  name: string;
  cases: JunitCase[];
}

function testCase(c: JunitCase): string {
  const head = `    <testcase${attrs({ name: c.name, classname: c.classname, time: seconds(c.ms) })}`;
  if (c.failure) return `${head}>\n      <failure${attrs({ message: c.failure.message, type: 'expectation' })}>${xmlText(c.failure.body)}</failure>\n    </testcase>`;
  if (c.error !== undefined) return `${head}>\n      <error${attrs({ message: c.error, type: 'call' })}>${xmlText(c.error)}</error>\n    </testcase>`;
  return `${head}/>`;
}

const counts = (cases: readonly JunitCase[]) => ({ failures: cases.filter((c) => c.failure).length, errors: cases.filter((c) => !c.failure && c.error !== undefined).length });
const time = (cases: readonly JunitCase[]) => seconds(cases.reduce((sum, c) => sum + c.ms, 0));

/** JUnit XML (the form CI systems read) of suites of cases, always well-formed whatever text the cases carry. */
export function junitDocument(suites: readonly JunitSuite[], timestamp = new Date()): string {
  const all = suites.flatMap((s) => s.cases);
  const body = suites.map(({ name, cases }) => {
    const head = attrs({ name, tests: cases.length, ...counts(cases), skipped: 0, time: time(cases), timestamp: timestamp.toISOString().slice(0, 19) });
    return `  <testsuite${head}>\n${cases.map(testCase).join('\n')}\n  </testsuite>`;
  });
  const head = attrs({ name: 'mcpdeck', tests: all.length, ...counts(all), time: time(all) });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${head}>\n${body.join('\n')}\n</testsuites>\n`;
}

/** A failure's body: each mismatch with its diff. */
const failureBody = (result: TestResult) => result.mismatches.map((m) => (m.diff ? `${m.message}\n${m.diff}` : m.message)).join('\n\n');

function junitCase(result: TestResult): JunitCase {
  const { test } = result;
  const base = { name: test.name, classname: `${test.server}.${test.tool}`, ms: result.durationMs };
  if (result.status === 'failed') return { ...base, failure: { message: result.mismatches.map((m) => m.message).join('; '), body: failureBody(result) } };
  if (result.status === 'error') return { ...base, error: result.error ?? 'could not run' };
  return base;
}

/**
 * The results as JUnit XML: one <testsuite> per test file, a <testcase> per test,
 * classname `server.tool`; expectations that did not hold are a <failure>, a call that
 * could not run an <error>.
 */
export function junitXml(results: readonly TestResult[], timestamp = new Date()): string {
  const files = [...new Set(results.map((r) => r.file))];
  return junitDocument(files.map((file) => ({ name: file, cases: results.filter((r) => r.file === file).map(junitCase) })), timestamp);
}
