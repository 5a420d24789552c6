import { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import type { ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { ServerState } from '../../../core/servers/state.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { useKeys } from '../../hooks/useKeys.js';
import { useBodySize } from '../../hooks/useBodySize.js';
import { useFilter } from '../../hooks/useFilter.js';
import { useFiltered } from '../../hooks/useFiltered.js';
import { useList } from '../../widgets/list/useList.js';
import { ListView } from '../../widgets/list/ListView.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { FilterLine } from '../../components/FilterLine.js';
import { ArgsForm } from './ArgsForm.js';
import { BusyLine } from './BusyLine.js';
import { ResourceDetail, RESOURCE_DETAIL_ROWS } from './ResourceDetail.js';
import { ResourceRow, resourceColumns } from './ResourceRow.js';
import { templateForm } from './form-schemas.js';
import { haystack, resourceEntries, type ResourceEntry } from './resource-entry.js';
import { resourceText } from '../../../core/calls/resource-text.js';
import { useRequest } from './useRequest.js';

type View =
  | { kind: 'list' }
  | { kind: 'form'; template: ResourceTemplate; form: ReturnType<typeof templateForm> }
  | { kind: 'pager'; text: string };

/** Resources and templates in one list; enter reads one (or fills in a template) into the pager. */
export function ResourcesTab({ server }: { server: ServerState }) {
  const deck = useDeck();
  const size = useBodySize();
  const request = useRequest();
  const [view, setView] = useState<View>({ kind: 'list' });
  const filter = useFilter(view.kind === 'list');
  const entries = useMemo(() => resourceEntries(server.resources, server.resourceTemplates), [server.resources, server.resourceTemplates]);
  const needle = filter.input.value;
  const shown = useFiltered(entries, haystack, needle);
  const extraRows = (filter.editing || needle ? 1 : 0) + (request.busy || request.error ? 1 : 0);
  const list = useList(shown.length, Math.max(3, size.rows - RESOURCE_DETAIL_ROWS - extraRows - 1));
  const entry = shown[list.index];
  const read = (uri: string) => request.run(
    `reading ${uri}`,
    async (signal) => resourceText(await deck.readResource(server.name, uri, { signal })),
    (text) => setView({ kind: 'pager', text }),
  );
  const open = (e: ResourceEntry) => {
    if (e.kind === 'resource') return read(e.item.uri);
    try {
      setView({ kind: 'form', template: e.item, form: templateForm(e.item) });
    } catch (error) {
      request.fail(`cannot use the template ${e.item.uriTemplate}: ${(error as Error).message}`);
    }
  };
  const submit = (form: ReturnType<typeof templateForm>, args: Record<string, unknown>) => {
    try {
      read(form.expand(args));
    } catch (error) {
      request.fail(`cannot expand the template: ${(error as Error).message}`);
    }
  };
  const back = () => {
    if (request.busy) return request.cancel();
    request.clearError();
    setView({ kind: 'list' });
  };
  // The list stays live while a request runs: esc cancels it, enter on another replaces it.
  useKeys(['resources', 'list', 'global'], view.kind !== 'list' ? { back } : {
    ...list.handlers,
    filter: filter.start,
    ...(entry && { read: () => open(entry) }),
    ...(request.busy && { back: request.cancel }),
  });
  if (view.kind === 'pager') return <Pager text={view.text} width={size.columns} height={size.rows} />;
  if (view.kind === 'form') {
    const title = `${sanitizeLine(view.template.title ?? view.template.name)} · ${sanitizeLine(view.template.uriTemplate)}`;
    return <ArgsForm title={title} schema={view.form.schema} submitLabel="read" request={request} onSubmit={(args) => submit(view.form, args)} />;
  }
  if (server.status !== 'connected' && !entries.length) {
    return <Text dimColor>{server.status === 'connecting' ? 'connecting…' : `not connected (${server.status}); r reconnects`}</Text>;
  }
  const columns = resourceColumns(shown.slice(list.offset, list.offset + list.height), size.columns - 2);
  return (
    <Box flexDirection="column">
      <FilterLine input={filter.input} editing={filter.editing} matched={shown.length} total={entries.length} />
      <Box flexDirection="column" height={list.height + 1}>
        <ListView
          items={shown}
          list={list}
          empty={needle ? `no resource matches "${filter.input.value}"` : server.capabilities?.resources ? 'this server lists no resources' : 'this server offers no resources'}
          render={(e, selected) => <ResourceRow entry={e} selected={selected} columns={columns} />}
        />
      </Box>
      <BusyLine request={request} />
      {entry ? <ResourceDetail entry={entry} /> : null}
    </Box>
  );
}
