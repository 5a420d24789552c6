import { RULES } from './rules.js';
import type { ClientId } from './clients.js';
import type { ServerState } from '../servers/state.js';
import { SEVERITIES, type Finding, type LintInput, type Rule, type Severity } from './types.js';

export interface LintOptions {
  /** Only these clients' rules, each finding naming only these (default: every client). */
  clients?: readonly ClientId[];
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The rules that speak of any of `clients`. */
export const rulesFor = (clients?: readonly ClientId[]): Rule[] => (clients ? RULES.filter((r) => r.clients.some((c) => clients.includes(c))) : [...RULES]);

/**
 * Every finding for one server, most severe first, then in the rules' order and the tools'
 * order. Pure: the same tools give the same findings.
 */
export function lintServer(input: LintInput, options: LintOptions = {}): Finding[] {
  const findings: { finding: Finding; rule: number; tool: number }[] = [];
  rulesFor(options.clients).forEach((rule) => {
    const clients = options.clients ? rule.clients.filter((c) => options.clients!.includes(c)) : [...rule.clients];
    for (const hit of rule.check(input)) {
      const tool = hit.tool === undefined ? null : input.tools[hit.tool]!.name;
      findings.push({
        rule: RULES.indexOf(rule),
        tool: hit.tool ?? -1,
        finding: {
          rule: rule.id,
          severity: rule.severity,
          tool,
          message: `${hit.detail} — ${rule.effect}`,
          detail: hit.detail,
          clients,
          source: rule.source,
          evidence: [...(rule.evidence ?? [])],
        },
      });
    }
  });
  findings.sort((a, b) => RANK[a.finding.severity] - RANK[b.finding.severity] || a.rule - b.rule || a.tool - b.tool);
  return findings.map((f) => f.finding);
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

export function groupByRule(findings: readonly Finding[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const finding of findings) {
    const rule = RULES.find((r) => r.id === finding.rule)!;
    const group = groups.get(rule.id) ?? { rule, findings: [] };
    group.findings.push(finding);
    groups.set(rule.id, group);
  }
  return [...groups.values()];
}

/** A connected server's findings, named as its clients would name it (`as`, else its name here). */
export function lintState(state: Pick<ServerState, 'name' | 'tools' | 'instructions'>, options: LintOptions & { as?: string } = {}): Finding[] {
  return lintServer({ server: options.as ?? state.name, tools: state.tools, instructions: state.instructions }, options);
}
