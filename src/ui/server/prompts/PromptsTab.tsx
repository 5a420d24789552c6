import { Box, Text } from 'ink';
import type { Prompt } from '../../../core/mcp/types.js';
import type { ServerState } from '../../../core/servers/state.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { byName, nameTitleDescription } from '../../widgets/filter/useFiltered.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { FilteredListView } from '../../widgets/filter/FilteredListView.js';
import type { Suggest } from '../../widgets/form/state/suggestions.js';
import { ArgsForm } from '../fetch/ArgsForm.js';
import { BusyLine } from '../fetch/BusyLine.js';
import { NameCell, nameColumn } from '../../components/NameCell.js';
import { NotConnected } from '../../components/NotConnected.js';
import { PromptDetail } from './PromptDetail.js';
import { completer, promptSchema, strings, type StringFormSchema } from '../fetch/form-schemas.js';
import { promptText } from './prompt-text.js';
import { useFetchView } from '../fetch/useFetchView.js';
import { useListTab } from '../useListTab.js';
import { DriftMark, withDriftNote } from '../../drift/DriftMark.js';
import { useServerDrift } from '../../drift/useDrift.js';
import { kindDrift } from '../../../core/drift/compare.js';

const DETAIL_ROWS = 6;

// The form's schema is made once, when it opens: a new one each render could reset the form.
interface PromptForm {
  prompt: Prompt;
  schema: StringFormSchema;
  suggest?: Suggest;
}

const argSummary = (p: Prompt) => (p.arguments ?? []).map((a) => `${sanitizeLine(a.name)}${a.required ? '*' : ''}`).join(', ');

/** The prompts; enter asks for the arguments, gets the prompt and shows its messages. */
export function PromptsTab({ server }: { server: ServerState }) {
  const deck = useDeck();
  const view = useFetchView<PromptForm>();
  const { opened, request } = view;
  const drift = kindDrift(useServerDrift(server.name), 'prompt');
  const note = withDriftNote(server.listNotes?.prompts, drift);
  const get = (p: Prompt, args: Record<string, unknown>) =>
    view.fetch(`getting ${p.name}`, async (signal) => promptText(await deck.getPrompt(server.name, p.name, strings(args), { signal })));
  // The list stays live while a request runs: esc cancels it, enter on another replaces it.
  const { size, filtered, selected: prompt, offline } = useListTab({
    server, scope: 'prompts', items: server.prompts, text: nameTitleDescription, id: byName,
    keep: { detail: DETAIL_ROWS, busy: Boolean(request.busy || request.error), note: Boolean(note) },
    keys: (p) => (p ? { getPrompt: () => (p.arguments?.length ? view.openForm({ prompt: p, schema: promptSchema(p), suggest: completer(deck, server, { type: 'ref/prompt', name: p.name }) }) : get(p, {})) } : {}),
    back: view.back,
    cover: opened ? { back: view.back } : undefined,
  });
  if (opened?.kind === 'pager') return <Pager text={opened.text} width={size.columns} height={size.rows} />;
  if (opened?.kind === 'form') {
    const { prompt: p, schema, suggest } = opened.form;
    const title = `${sanitizeLine(p.title ?? p.name)} · arguments (* required)`;
    return <ArgsForm title={title} schema={schema} submitLabel="get" request={request} onSubmit={(args) => get(p, args)} suggest={suggest} />;
  }
  if (offline) return <NotConnected status={server.status} />;
  const nameWidth = nameColumn(filtered.inView);
  return (
    <Box flexDirection="column">
      <FilteredListView
        filtered={filtered}
        noun="prompt"
        note={note}
        empty={server.capabilities?.prompts ? 'this server lists no prompts' : 'this server offers no prompts'}
        render={(p, selected) => (
          <Box>
            {drift ? <DriftMark item={drift.byKey.get(p.name)} /> : null}
            <NameCell item={p} width={nameWidth} selected={selected} />
            <Text dimColor wrap="truncate-end">{argSummary(p) || 'no arguments'}</Text>
          </Box>
        )}
      />
      <BusyLine request={request} />
      {prompt ? <PromptDetail prompt={prompt} height={DETAIL_ROWS} /> : null}
    </Box>
  );
}
