import { describe, it } from 'vitest';
import { BINDINGS, type Binding } from '../../src/ui/keys/bindings.js';
import { showKey } from '../../src/ui/keys/key-name.js';
import { expectReadmeSection } from './helpers/readme-section.js';

const START = '<!-- keys: generated from src/ui/keys/bindings.ts by test/unit/readme-keys.test.ts -->';
const END = '<!-- /keys -->';

const WHERE: Record<Binding['scope'], string> = {
  global: 'everywhere', list: 'any list', dashboard: 'server list', server: 'a server', tools: 'Tools tab',
  resources: 'Resources tab', prompts: 'Prompts tab', log: 'Log tab', form: 'a form', confirm: 'a question',
  running: 'a running call', result: 'a result', pager: 'long text', filter: 'a filter or search', help: 'the help',
  elicit: 'a server\'s form or page', sample: 'a sampling request', urlRequired: 'a call that needs a page visited (-32042)',
  signIn: 'a sign-in', auth: 'Auth tab', sources: 'the sources list', approval: 'reviewing a project server', roots: 'editing roots', saveTest: 'saving a test',
  tasks: 'Tasks tab', callForm: 'a call\'s form',
  drift: 'reviewing changed definitions',
  registry: 'the registry', registryServer: 'a registry server\'s page',
  skills: 'Skills tab',
  playgroundPick: 'the playground: picking servers', playground: 'the playground', playgroundAsk: 'a tool call the model makes that asks first',
  playgroundFile: 'saving or replaying a conversation',
};

const shown = (keys: readonly string[]) => keys.map((k) => `\`${showKey(k)}\``).join(' ');

/**
 * The README's keys table, from the same table the footer and the help read: one row per
 * key and place (what a key does in turn there, in one row), the tabs' digits in one row.
 */
function keysTable(): string {
  const merged = new Map<string, { where: string; keys: string; what: string[] }>();
  for (const b of BINDINGS as readonly Binding[]) {
    if (/^tab[2-9]$/.test(b.command)) continue;
    const keys = b.command === 'tab1' ? `${shown(b.keys)}…\`${BINDINGS.filter((t) => /^tab\d$/.test(t.command)).length}\`` : shown(b.keys);
    const id = `${b.scope} ${keys}`;
    const row = merged.get(id) ?? { where: WHERE[b.scope], keys, what: [] };
    // The tabs' digits in one row, naming every tab (the help lists each digit on its own).
    const tabs = () => BINDINGS.filter((t) => /^tab\d$/.test(t.command)).map((t) => t.description.replace(/ tab\b/, '')).join(', ');
    row.what.push(b.command === 'tab1' ? `Switch tabs: ${tabs()}` : b.description);
    merged.set(id, row);
  }
  const rows = [...merged.values()].map((r) => `| ${r.where} | ${r.keys} | ${r.what.map((w, i) => (i ? w[0]!.toLowerCase() + w.slice(1) : w)).join('; or ')} |`);
  return [START, '| where | keys | what it does |', '| --- | --- | --- |', ...rows, END].join('\n');
}

describe('the README', () => {
  it('lists every key binding exactly as the app has them (UPDATE_README=1 rewrites it)', () => {
    expectReadmeSection('docs/deck.md', START, END, keysTable());
  });
});
