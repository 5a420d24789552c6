import { useMemo } from 'react';
import { Box } from 'ink';
import type { ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { ServerState } from '../../../core/servers/state.js';
import { resourceText } from '../../../core/calls/resource-text.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { useKeys } from '../../hooks/useKeys.js';
import { useBodySize } from '../../hooks/useBodySize.js';
import { useFilteredList } from '../../hooks/useFilteredList.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { FilteredListView } from '../../components/FilteredListView.js';
import { ArgsForm } from './ArgsForm.js';
import { BusyLine } from './BusyLine.js';
import { NotConnected } from './NotConnected.js';
import { ResourceDetail, RESOURCE_DETAIL_ROWS } from './ResourceDetail.js';
import { ResourceRow, resourceColumns } from './ResourceRow.js';
import { templateForm } from './form-schemas.js';
import { haystack, resourceEntries, type ResourceEntry } from './resource-entry.js';
import { useFetchView } from './useFetchView.js';

// The template is parsed once, when its form opens: a new schema each render could reset the form.
type TemplateForm = { template: ResourceTemplate } & ReturnType<typeof templateForm>;

/** Resources and templates in one list; enter reads one (or fills in a template) into the pager. */
export function ResourcesTab({ server }: { server: ServerState }) {
  const deck = useDeck();
  const size = useBodySize();
  const view = useFetchView<TemplateForm>();
  const { opened, request } = view;
  const entries = useMemo(() => resourceEntries(server.resources, server.resourceTemplates), [server.resources, server.resourceTemplates]);
  const busyRows = request.busy || request.error ? 1 : 0;
  const filtered = useFilteredList(entries, haystack, size.rows - RESOURCE_DETAIL_ROWS - busyRows - 1, !opened);
  const { list, filter, selected: entry } = filtered;
  const read = (uri: string) =>
    view.fetch(`reading ${uri}`, async (signal) => resourceText(await deck.readResource(server.name, uri, { signal })));
  const open = (e: ResourceEntry) => {
    if (e.kind === 'resource') return read(e.item.uri);
    try {
      view.openForm({ template: e.item, ...templateForm(e.item) });
    } catch (error) {
      request.fail(`cannot use the template ${e.item.uriTemplate}: ${(error as Error).message}`);
    }
  };
  const submit = (form: TemplateForm, args: Record<string, unknown>) => {
    try {
      read(form.expand(args));
    } catch (error) {
      request.fail(`cannot expand the template: ${(error as Error).message}`);
    }
  };
  // The list stays live while a request runs: esc cancels it, enter on another replaces it.
  useKeys(['resources', 'list', 'global'], opened ? { back: view.back } : {
    ...list.handlers,
    filter: filter.start,
    ...(entry && { read: () => open(entry) }),
    back: view.back,
  });
  if (opened?.kind === 'pager') return <Pager text={opened.text} width={size.columns} height={size.rows} />;
  if (opened?.kind === 'form') {
    const form = opened.form;
    const title = `${sanitizeLine(form.template.title ?? form.template.name)} · ${sanitizeLine(form.template.uriTemplate)}`;
    return <ArgsForm title={title} schema={form.schema} submitLabel="read" request={request} onSubmit={(args) => submit(form, args)} />;
  }
  if (server.status !== 'connected' && !entries.length) return <NotConnected status={server.status} />;
  const columns = resourceColumns(filtered.inView, size.columns - 2);
  return (
    <Box flexDirection="column">
      <FilteredListView
        filtered={filtered}
        noun="resource"
        empty={server.capabilities?.resources ? 'this server lists no resources' : 'this server offers no resources'}
        render={(e, selected) => <ResourceRow entry={e} selected={selected} columns={columns} />}
      />
      <BusyLine request={request} />
      {entry ? <ResourceDetail entry={entry} /> : null}
    </Box>
  );
}
