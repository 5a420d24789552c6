import { RULES } from './rules.js';
import type { ClientId } from './clients.js';
import type { ServerState } from '../servers/state.js';
import { SEVERITIES, type Finding, type LintInput, type Rule, type Severity } from './types.js';

export interface LintOptions {
  /** Only these clients' rules, each finding naming only these (default: every client). */
  clients?: readonly ClientId[];
}

/** The rules that speak of any of `clients`. */
export const rulesFor = (clients?: readonly ClientId[]): Rule[] => (clients ? RULES.filter((r) => r.clients.some((c) => clients.includes(c))) : [...RULES]);

/**
 * Every finding for one server, most severe first, then in the rules' order and the tools'
 * order. Pure: the same tools give the same findings.
 */
export function lintServer(input: LintInput, options: LintOptions = {}): Finding[] {
  // The rules run in their order and each finds in the tools' order: sorting is only by severity.
  const bySeverity: Record<Severity, Finding[]> = { error: [], warning: [], info: [] };
  for (const rule of rulesFor(options.clients)) {
    const clients = options.clients ? rule.clients.filter((c) => options.clients!.includes(c)) : [...rule.clients];
    const evidence = [...(rule.evidence ?? [])];
    const hits = rule.check(input);
    // Findings about the server as a whole come before those about its tools.
    hits.sort((a, b) => (a.tool ?? -1) - (b.tool ?? -1));
    for (const hit of hits) {
      bySeverity[rule.severity].push({
        rule: rule.id,
        severity: rule.severity,
        tool: hit.tool === undefined ? null : input.tools[hit.tool]!.name,
        message: `${hit.detail} — ${rule.effect}`,
        detail: hit.detail,
        clients,
        source: rule.source,
        evidence,
      });
    }
  }
  return SEVERITIES.flatMap((s) => bySeverity[s]);
}

/** How many findings of each severity. */
export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  for (const f of findings) counts[f.severity]++;
  return counts;
}

/** One rule's findings together: what the deck's Info tab shows, and `lint --by rule`. */
export interface RuleGroup {
  rule: Rule;
  findings: Finding[];
}

const RULE_BY_ID = new Map(RULES.map((r) => [r.id, r]));

export function groupByRule(findings: readonly Finding[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const finding of findings) {
    let group = groups.get(finding.rule);
    if (!group) groups.set(finding.rule, (group = { rule: RULE_BY_ID.get(finding.rule)!, findings: [] }));
    group.findings.push(finding);
  }
  return [...groups.values()];
}

/** A connected server's findings, named as its clients would name it (`as`, else its name here). */
export function lintState(state: Pick<ServerState, 'name' | 'tools' | 'instructions'>, options: LintOptions & { as?: string } = {}): Finding[] {
  return lintServer({ server: options.as ?? state.name, tools: state.tools, instructions: state.instructions }, options);
}
