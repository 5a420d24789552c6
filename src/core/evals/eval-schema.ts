import { z } from 'zod';

/** A tool as an eval names it: `tool` (on any server) or `server/tool`. */
const toolRef = z.string().min(1);
const names = z.array(z.string().min(1));
const share = z.number().min(0).max(1);

/** What the model must (or must not) do for a case to pass one run; only what is written is checked. */
const expectSchema = z.strictObject({
  /** Tools the model must call. */
  tools: z.array(toolRef).optional(),
  /** `any` (default): each of `tools` is called at least once, other calls allowed; `strict`: the calls are exactly `tools`, in that order. */
  order: z.enum(['any', 'strict']).optional(),
  /** Arguments of some call of each tool named: a subset, matched deeply; a string written `/pattern/` (or `/pattern/i`) is a pattern. */
  args: z.record(toolRef, z.record(z.string(), z.unknown())).optional(),
  /** The model's final reply. */
  text: z
    .strictObject({ contains: z.string().optional(), matches: z.string().optional() })
    .refine((t) => t.contains !== undefined || t.matches !== undefined, 'give "contains" or "matches" (or both)')
    .optional(),
  /** Tool calls the model makes at most (refused ones count: the model chose them). */
  maxCalls: z.number().int().min(0).optional(),
  /** No call of a tool that may destroy: one not declared read-only whose destructiveHint is not false. */
  noDestructive: z.boolean().optional(),
});

export const caseSchema = z.strictObject({
  name: z.string().min(1),
  message: z.string().min(1),
  /** The servers whose tools the model gets; the file's by default. */
  servers: names.optional(),
  system: z.string().optional(),
  maxSteps: z.number().int().positive().optional(),
  /** The share of runs that must pass for the case to pass; the file's by default (1: every run). */
  minPassRate: share.optional(),
  /** Tools that ask first (may destroy or reach the outside world) the model may run: `tool`, `server/tool` or the model's name for it. */
  allowTools: names.optional(),
  /** Let the model run every tool. */
  yes: z.boolean().optional(),
  expect: expectSchema.default({}),
});

export const evalFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    /** `provider:name` each; `--model` replaces them; none: the default model. */
    models: names.optional(),
    servers: names.optional(),
    /** How many times each case runs per model (`--runs` replaces it). */
    runs: z.number().int().min(1).max(1000).optional(),
    system: z.string().optional(),
    maxSteps: z.number().int().positive().optional(),
    minPassRate: share.optional(),
    cases: z.array(caseSchema).min(1),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.cases.forEach((c, i) => {
      if (seen.has(c.name)) ctx.addIssue({ code: 'custom', path: ['cases', i, 'name'], message: `another case is named "${c.name}" already: names tell cases apart in reports` });
      seen.add(c.name);
      if (c.expect.order && !c.expect.tools) ctx.addIssue({ code: 'custom', path: ['cases', i, 'expect', 'order'], message: 'says the order of "tools", which is not given' });
    });
  });

export type EvalExpect = z.infer<typeof expectSchema>;
export type EvalCase = z.input<typeof caseSchema>;
export type ParsedCase = z.infer<typeof evalFileSchema>['cases'][number];
