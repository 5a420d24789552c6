import { clientLabels, CLIENT_IDS } from '../../core/compat/clients.js';
import { groupByRule } from '../../core/compat/lint.js';
import type { Finding } from '../../core/compat/types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { formatCount, truncate } from '../../util/text.js';

type Kind = 'heading' | 'warning' | 'error' | undefined;
type Put = (text: string, kind?: Kind) => void;

const GLYPH = { error: '✗', warning: '!', info: '·' } as const;
const KIND = { error: 'error', warning: 'warning', info: undefined } as const;
/** How many of a rule's tools a line names. */
const NAMED = 3;

function tools(findings: readonly Finding[]): string {
  const named = findings.filter((f) => f.tool !== null).map((f) => sanitizeLine(truncate(f.tool!, 40)));
  if (!named.length) return sanitizeLine(findings[0]!.detail);
  const more = named.length > NAMED ? ` and ${formatCount(named.length - NAMED)} more` : '';
  return `${named.slice(0, NAMED).join(', ')}${more}`;
}

/**
 * The Info tab's Compatibility section: one line per rule that matched (what, for which
 * clients, which tools), most severe first; `mcpdeck lint` has each finding with its source.
 */
export function compatLines(findings: readonly Finding[] | 'too-many', server: { name: string; tools: readonly unknown[] }, add: Put, indented: Put): void {
  add('Compatibility', 'heading');
  const lint = `mcpdeck lint ${sanitizeLine(server.name)}`;
  if (findings === 'too-many') {
    indented(`${formatCount(server.tools.length)} tools: more than this tab checks; ${lint} checks them all`);
    return;
  }
  if (!findings.length) {
    indented(`nothing found for ${CLIENT_IDS.length} clients and model APIs`);
  } else {
    for (const { rule, findings: hits } of groupByRule(findings)) {
      indented(`${GLYPH[rule.severity]} ${clientLabels(rule.clients)}: ${rule.title} — ${tools(hits)}`, KIND[rule.severity]);
    }
  }
  indented(`${lint} lists each finding, what it costs and its source`);
}
