import { junitDocument, type JunitCase } from '../checks/junit.js';
import type { EvalResult, EvalRun } from './run-evals.js';

/** One case on one model, over its runs: what the table shows. */
export interface EvalSummary {
  file: string;
  case: string;
  model: string;
  runs: number;
  passed: number;
  failed: number;
  /** Runs the model failed (an API error, the step limit): counted as not passed, and the command exits 1. */
  errors: number;
  passRate: number;
  /** The pass rate reached the case's minPassRate. */
  pass: boolean;
  /** Share of runs whose set of tools called is the set expected; null when the case names no tools. */
  toolAccuracy: number | null;
  /** Means per run. */
  tokens: { input: number; output: number };
  latencyMs: number;
}

const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const round = (n: number, places = 0) => Math.round(n * 10 ** places) / 10 ** places;

export function summarize(result: EvalResult): EvalSummary {
  const { item, runs } = result;
  const count = (status: EvalRun['status']) => runs.filter((r) => r.status === status).length;
  const passed = count('passed');
  const passRate = runs.length ? passed / runs.length : 0;
  const judged = runs.filter((r) => r.toolsMatch !== undefined);
  return {
    file: item.file,
    case: item.case.name,
    model: item.model,
    runs: runs.length,
    passed,
    failed: count('failed'),
    errors: count('error'),
    passRate: round(passRate, 4),
    pass: runs.length > 0 && passRate >= item.case.minPassRate,
    toolAccuracy: item.case.expect.tools && judged.length ? round(judged.filter((r) => r.toolsMatch).length / judged.length, 4) : null,
    tokens: { input: round(mean(runs.map((r) => r.usage.input)), 1), output: round(mean(runs.map((r) => r.usage.output)), 1) },
    latencyMs: Math.round(mean(runs.map((r) => r.ms))),
  };
}

/** Whether the whole eval passed: every case on every model, and no model error anywhere. */
export function allPassed(results: readonly EvalResult[]): boolean {
  return results.every((r) => {
    const s = summarize(r);
    return s.pass && s.errors === 0;
  });
}

/** Why a run did not pass, one sentence per expectation (`expect.text: …`), or the model's error. */
export function runProblems(run: EvalRun): string[] {
  if (run.status === 'error') return [`model error: ${run.error ?? 'unknown'}`];
  return run.failures.map((f) => `expect.${f.expectation}: ${f.message}`);
}

/** `eval --json`: one object per case and model, each with its runs. The shape is documented in docs/evals.md. */
export function evalsJson(results: readonly EvalResult[]) {
  const summaries = results.map(summarize);
  return {
    passed: allPassed(results),
    cases: results.map((r, i) => ({
      ...summaries[i]!,
      results: r.runs.map((run) => ({
        run: run.run,
        status: run.status,
        failures: run.failures,
        error: run.error ?? null,
        toolCalls: run.calls.map((c) => ({ server: c.server, tool: c.tool, name: c.name, arguments: c.arguments, status: c.status, destructive: c.destructive })),
        reply: run.reply,
        toolsMatch: run.toolsMatch ?? null,
        usage: run.usage,
        steps: run.steps,
        ms: Math.round(run.ms),
      })),
    })),
  };
}

/** Each run that did not pass, with why: `run 2: expect.text: …`. */
function failedRuns(result: EvalResult): string[] {
  return result.runs.filter((r) => r.status !== 'passed').map((r) => `run ${r.run}: ${runProblems(r).join('; ')}`);
}

function junitCase(result: EvalResult): JunitCase {
  const s = summarize(result);
  const base = { name: `${s.case} (${s.model})`, classname: s.model, ms: result.runs.reduce((sum, r) => sum + r.ms, 0) };
  const why = failedRuns(result);
  if (s.runs > 0 && s.errors === s.runs) return { ...base, error: why.join('\n') };
  if (!s.pass) return { ...base, failure: { message: `${s.passed}/${s.runs} runs passed; ${why[0] ?? 'no run'}`, body: why.join('\n') } };
  if (s.errors) return { ...base, error: why.join('\n') };
  return base;
}

/**
 * The eval as JUnit XML: a <testsuite> per eval file, a <testcase> per case and model
 * (`name (provider:model)`, classname the model); a case below its pass rate is a
 * <failure> whose message names the first failed expectation, a model error an <error>.
 */
export function evalsJunit(results: readonly EvalResult[], timestamp = new Date()): string {
  const files = [...new Set(results.map((r) => r.item.file))];
  return junitDocument(files.map((file) => ({ name: file, cases: results.filter((r) => r.item.file === file).map(junitCase) })), timestamp);
}
