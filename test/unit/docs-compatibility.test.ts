import { describe, it } from 'vitest';
import { clientLabels } from '../../src/core/compat/clients.js';
import { RULES } from '../../src/core/compat/rules.js';
import { expectReadmeSection } from './helpers/readme-section.js';

const START = '<!-- rules: generated from src/core/compat/rules.ts by test/unit/docs-compatibility.test.ts -->';
const END = '<!-- /rules -->';

const cell = (text: string) => text.replaceAll('|', '\\|');
const link = (url: string) => `[${url.replace(/^https:\/\/(www\.)?/, '').replace(/#.*$/, '')}](${url})`;

/** The rule table of docs/compatibility.md: one row per rule, its source and evidence linked. */
function rulesSection(): string {
  const rows = RULES.map((r) => {
    const sources = [link(r.source), ...(r.evidence ?? []).map(link)].join('<br>');
    const effect = `${r.effect}${r.note ? `. *${r.note}*` : ''}`;
    return `| \`${r.id}\` | ${r.severity} | ${clientLabels(r.clients)} | ${cell(r.title)} | ${cell(effect)} | ${sources} |`;
  });
  return [START, '| rule | severity | clients | looks for | what happens | sources |', '| --- | --- | --- | --- | --- | --- |', ...rows, END].join('\n');
}

describe('docs/compatibility.md', () => {
  it('lists every rule with its clients and sources, in the words of src/core/compat/rules.ts (UPDATE_README=1 rewrites it)', () => {
    expectReadmeSection('docs/compatibility.md', START, END, rulesSection());
  });
});
