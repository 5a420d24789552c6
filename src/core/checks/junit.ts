import type { TestResult } from './run-tests.js';
import { tally } from './run-tests.js';

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

/** A failure's body: each mismatch with its diff. */
function failureBody(result: TestResult): string {
  return result.mismatches.map((m) => (m.diff ? `${m.message}\n${m.diff}` : m.message)).join('\n\n');
}

function testCase(result: TestResult): string {
  const { test } = result;
  const head = `    <testcase${attrs({ name: test.name, classname: `${test.server}.${test.tool}`, time: seconds(result.durationMs) })}`;
  if (result.status === 'passed') return `${head}/>`;
  const tag = result.status === 'failed' ? 'failure' : 'error';
  const message = result.status === 'failed' ? result.mismatches.map((m) => m.message).join('; ') : result.error ?? 'could not run';
  const body = result.status === 'failed' ? failureBody(result) : message;
  return `${head}>\n      <${tag}${attrs({ message, type: result.status === 'failed' ? 'expectation' : 'call' })}>${xmlText(body)}</${tag}>\n    </testcase>`;
}

/**
 * The results as JUnit XML (the form CI systems read): one <testsuite> per test file,
 * a <testcase> per test, classname `server.tool`; expectations that did not hold are a
 * <failure>, a call that could not run an <error>.
 */
export function junitXml(results: readonly TestResult[], timestamp = new Date()): string {
  const files = [...new Set(results.map((r) => r.file))];
  const total = tally(results);
  const time = (rs: readonly TestResult[]) => seconds(rs.reduce((sum, r) => sum + r.durationMs, 0));
  const suites = files.map((file) => {
    const mine = results.filter((r) => r.file === file);
    const counts = tally(mine);
    const head = attrs({ name: file, tests: mine.length, failures: counts.failed, errors: counts.error, skipped: 0, time: time(mine), timestamp: timestamp.toISOString().slice(0, 19) });
    return `  <testsuite${head}>\n${mine.map(testCase).join('\n')}\n  </testsuite>`;
  });
  const head = attrs({ name: 'mcpdeck', tests: results.length, failures: total.failed, errors: total.error, time: time(results) });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${head}>\n${suites.join('\n')}\n</testsuites>\n`;
}
