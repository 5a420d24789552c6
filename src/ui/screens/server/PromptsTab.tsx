import { useState } from 'react';
import { Box, Text } from 'ink';
import type { Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { ServerState } from '../../../core/servers/state.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { useKeys } from '../../hooks/useKeys.js';
import { useBodySize } from '../../hooks/useBodySize.js';
import { useFilter } from '../../hooks/useFilter.js';
import { nameTitleDescription, useFiltered } from '../../hooks/useFiltered.js';
import { useList } from '../../widgets/list/useList.js';
import { ListView } from '../../widgets/list/ListView.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { FilterLine } from '../../components/FilterLine.js';
import { ArgsForm } from './ArgsForm.js';
import { BusyLine } from './BusyLine.js';
import { PromptDetail } from './PromptDetail.js';
import { promptSchema, strings, type StringFormSchema } from './form-schemas.js';
import { promptText } from './prompt-text.js';
import { useRequest } from './useRequest.js';

const DETAIL_ROWS = 6;

// The form's schema is made once, when it opens: a new one each render could reset the form.
type View = { kind: 'list' } | { kind: 'form'; prompt: Prompt; schema: StringFormSchema } | { kind: 'pager'; text: string };

const argSummary = (p: Prompt) => (p.arguments ?? []).map((a) => `${sanitizeLine(a.name)}${a.required ? '*' : ''}`).join(', ');

/** The prompts; enter asks for the arguments, gets the prompt and shows its messages. */
export function PromptsTab({ server }: { server: ServerState }) {
  const deck = useDeck();
  const size = useBodySize();
  const request = useRequest();
  const [view, setView] = useState<View>({ kind: 'list' });
  const filter = useFilter(view.kind === 'list');
  const needle = filter.input.value;
  const shown = useFiltered(server.prompts, nameTitleDescription, needle);
  const extraRows = (filter.editing || needle ? 1 : 0) + (request.busy || request.error ? 1 : 0);
  const list = useList(shown.length, Math.max(3, size.rows - DETAIL_ROWS - extraRows - 1));
  const prompt = shown[list.index];
  const get = (p: Prompt, args: Record<string, unknown>) => request.run(
    `getting ${p.name}`,
    async (signal) => promptText(await deck.getPrompt(server.name, p.name, strings(args), { signal })),
    (text) => setView({ kind: 'pager', text }),
  );
  const back = () => {
    if (request.busy) return request.cancel();
    request.clearError();
    setView({ kind: 'list' });
  };
  // The list stays live while a request runs: esc cancels it, enter on another replaces it.
  useKeys(['prompts', 'list', 'global'], view.kind !== 'list' ? { back } : {
    ...list.handlers,
    filter: filter.start,
    ...(prompt && { getPrompt: () => (prompt.arguments?.length ? setView({ kind: 'form', prompt, schema: promptSchema(prompt) }) : get(prompt, {})) }),
    ...(request.busy && { back: request.cancel }),
  });
  if (view.kind === 'pager') return <Pager text={view.text} width={size.columns} height={size.rows} />;
  if (view.kind === 'form') {
    const title = `${sanitizeLine(view.prompt.title ?? view.prompt.name)} · arguments (* required)`;
    return <ArgsForm title={title} schema={view.schema} submitLabel="get" request={request} onSubmit={(args) => get(view.prompt, args)} />;
  }
  if (server.status !== 'connected' && !server.prompts.length) {
    return <Text dimColor>{server.status === 'connecting' ? 'connecting…' : `not connected (${server.status}); r reconnects`}</Text>;
  }
  const visible = shown.slice(list.offset, list.offset + list.height);
  const nameWidth = Math.min(36, Math.max(12, ...visible.map((p) => sanitizeLine(p.title ?? p.name).length + 2)));
  return (
    <Box flexDirection="column">
      <FilterLine input={filter.input} editing={filter.editing} matched={shown.length} total={server.prompts.length} />
      <Box flexDirection="column" height={list.height + 1}>
        <ListView
          items={shown}
          list={list}
          empty={needle ? `no prompt matches "${filter.input.value}"` : server.capabilities?.prompts ? 'this server lists no prompts' : 'this server offers no prompts'}
          render={(p, selected) => (
            <Box>
              <Box width={nameWidth} flexShrink={0}><Text bold={selected} wrap="truncate-end">{sanitizeLine(p.title ?? p.name)}</Text></Box>
              <Text dimColor wrap="truncate-end">{argSummary(p) || 'no arguments'}</Text>
            </Box>
          )}
        />
      </Box>
      <BusyLine request={request} />
      {prompt ? <PromptDetail prompt={prompt} height={DETAIL_ROWS} /> : null}
    </Box>
  );
}
