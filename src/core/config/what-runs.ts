import type { LaunchPlan } from './launch-plan.js';
import { planInputs, planVariables } from './launch-plan.js';
import { redactArgs, redactUrl } from './redact.js';
import { shellQuote } from '../calls/command-line.js';
import type { SandboxEntry } from '../sandbox/settings.js';
import { sanitizeLine } from '../../util/sanitize.js';

/**
 * A launch plan as a person is shown it (the approval screen, `status`, `get`,
 * `approve`, the Info tab): the command line as written, `${VAR}` and `${input:id}`
 * left as the names they are, secret-looking arguments masked; env and headers by name.
 */
export interface WhatRuns {
  /** The command and its arguments, shell-quoted. */
  commandLine?: string;
  /** The folder it starts in. */
  cwd?: string;
  /** The URL it will be sent requests at (secret-looking query values masked). */
  url?: string;
  module?: string;
  /** Names only: values may be secrets. */
  envNames: string[];
  headerNames: string[];
  /** `${input:id}` values it is started with (asked once, kept as secrets); those not given yet are in `missingInputs`. */
  inputs: string[];
  missingInputs: string[];
  /** Environment variables it reads, by name. */
  variables: string[];
  /** stdio: the sandbox it runs in, in words ("no network; reads ~/notes"); absent: unsandboxed. */
  sandbox?: string;
}

/** `builtins` (`${workspaceFolder}`, `${userHome}`) are shown filled in: they say where, and hold no secret. */
export function whatRuns(plan: LaunchPlan, builtins: Record<string, string> = {}, missingInputs: readonly string[] = []): WhatRuns {
  const fill = (text: string) => text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => (Object.hasOwn(builtins, name) ? builtins[name]! : whole));
  const base = { envNames: Object.keys(plan.env ?? {}), headerNames: Object.keys(plan.headers ?? {}), inputs: planInputs(plan), missingInputs: [...missingInputs], variables: planVariables(plan) };
  switch (plan.type) {
    case 'stdio':
      return {
        ...(plan.command !== undefined && { commandLine: redactArgs([plan.command, ...(plan.args ?? [])].map(fill)).map(shellQuote).join(' ') }),
        ...(plan.cwd !== undefined && { cwd: fill(plan.cwd) }),
        ...(plan.sandbox && { sandbox: sandboxWords(plan.sandbox) }),
        ...base,
      };
    case 'http':
    case 'sse':
      return { ...(plan.url !== undefined && { url: redactUrl(fill(plan.url)) }), ...base };
    case 'inprocess':
      return { ...(plan.module !== undefined && { module: plan.module }), ...base };
  }
}

/** A sandbox in words: what it may reach, read, write and is given; what is not said is not allowed. */
export function sandboxWords(sandbox: SandboxEntry): string {
  const list = (words: string[] | undefined) => words?.map((w) => sanitizeLine(w)).join(', ');
  return [
    sandbox.network?.length ? `network ${list(sandbox.network)}` : 'no network',
    sandbox.read?.length ? `reads ${list(sandbox.read)}` : 'nothing of your home folder',
    sandbox.write?.length && `writes ${list(sandbox.write)}`,
    sandbox.env?.length && `given ${list(sandbox.env)}`,
    sandbox.required && 'required',
  ].filter(Boolean).join('; ');
}

/** The same, as lines for a person: "runs: npx -y x", "in: /home/me", "env: A, B". */
export function whatRunsLines(runs: WhatRuns): string[] {
  const given = runs.inputs.filter((id) => !runs.missingInputs.includes(id));
  return [
    runs.commandLine !== undefined && `runs: ${runs.commandLine}`,
    runs.cwd && `in: ${runs.cwd}`,
    runs.sandbox && `sandbox: ${runs.sandbox}`,
    runs.url && `connects to: ${runs.url}`,
    runs.module && `loads module: ${runs.module}`,
    runs.envNames.length > 0 && `env: ${runs.envNames.join(', ')}`,
    runs.headerNames.length > 0 && `headers: ${runs.headerNames.join(', ')}`,
    runs.variables.length > 0 && `reads from your environment: ${runs.variables.join(', ')}`,
    runs.missingInputs.length > 0 && `asks you first for: ${runs.missingInputs.map((id) => `\${input:${id}}`).join(', ')}`,
    given.length > 0 && `with your answers to: ${given.map((id) => `\${input:${id}}`).join(', ')}`,
  ].filter((l): l is string => typeof l === 'string');
}
