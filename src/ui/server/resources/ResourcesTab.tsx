import { useMemo, useState } from 'react';
import { Box } from 'ink';
import type { ResourceTemplate } from '../../../core/mcp/types.js';
import type { ServerState } from '../../../core/servers/state.js';
import { subscriptionOf } from '../../../core/servers/subscriptions.js';
import { resourceText } from '../../../core/calls/resource-text.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { useTick } from '../../hooks/useTick.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { FilteredListView } from '../../widgets/filter/FilteredListView.js';
import type { Suggest } from '../../widgets/form/state/suggestions.js';
import { ArgsForm } from '../fetch/ArgsForm.js';
import { BusyLine } from '../fetch/BusyLine.js';
import { NotConnected } from '../../components/NotConnected.js';
import { ResourceDetail, RESOURCE_DETAIL_ROWS } from './ResourceDetail.js';
import { ResourceRow, resourceColumns } from './ResourceRow.js';
import { ResourceWatchLine } from './ResourceWatchLine.js';
import { completer, templateForm } from '../fetch/form-schemas.js';
import { entryId, haystack, resourceEntries, watchMark, type ResourceEntry } from './resource-entry.js';
import { useFetchView } from '../fetch/useFetchView.js';
import { useRereadOnUpdate } from './useRereadOnUpdate.js';
import { useListTab } from '../useListTab.js';
import { DriftMark, withDriftNote } from '../../drift/DriftMark.js';
import { useServerDrift } from '../../drift/useDrift.js';
import { kindDrift } from '../../../core/drift/compare.js';
import { stackRows } from '../../layout/stack-rows.js';

// The template is parsed once, when its form opens: a new schema each render could reset the form.
type TemplateForm = { template: ResourceTemplate; suggest?: Suggest } & ReturnType<typeof templateForm>;

/**
 * Resources and templates in one list; enter reads one (or fills in a template) into the
 * pager; w watches one (resources/subscribe), and its pager re-reads it on each update.
 */
export function ResourcesTab({ server }: { server: ServerState }) {
  const deck = useDeck();
  const view = useFetchView<TemplateForm>();
  const { opened, request } = view;
  const entries = useMemo(() => resourceEntries(server.resources, server.resourceTemplates), [server.resources, server.resourceTemplates]);
  const drift = kindDrift(useServerDrift(server.name), 'template');
  const note = withDriftNote([server.listNotes?.resources, server.listNotes?.resourceTemplates].filter(Boolean).join('; ') || undefined, drift);
  const watched = server.subscriptions;
  const watching = Object.keys(watched ?? {}).length > 0;
  // Redraws each second while something is watched, so "12s ago" stays true.
  useTick(1000, watching);
  const now = Date.now();
  // What the pager shows, when it shows a read: the URI to read again on an update.
  const [shown, setShown] = useState<string>();
  const read = (uri: string, again = false) => {
    setShown(uri);
    view.fetch(`${again ? 're-reading' : 'reading'} ${uri}`, async (signal) => resourceText(await deck.readResource(server.name, uri, { signal })));
  };
  const shownWatch = opened?.kind === 'pager' && shown !== undefined ? subscriptionOf(watched, shown) : undefined;
  useRereadOnUpdate(shownWatch?.updates, Boolean(shownWatch), () => shown && read(shown, true));
  const offersWatch = Boolean(server.capabilities?.resources?.subscribe) && server.status === 'connected';
  // A watched one can always be unwatched, even while its server is down: it is then not renewed.
  const watchable = (uri: string | undefined) => uri !== undefined && (Boolean(subscriptionOf(watched, uri)) || offersWatch);
  const toggleWatch = (uri: string) => {
    const on = !subscriptionOf(watched, uri);
    (on ? deck.subscribeResource : deck.unsubscribeResource)(server.name, uri).catch((error: unknown) =>
      request.fail(`${on ? 'watching' : 'unwatching'} ${uri} failed: ${(error as Error).message}`));
  };
  const pagerUri = opened?.kind === 'pager' ? shown : undefined;
  const open = (e: ResourceEntry) => {
    if (e.kind === 'resource') return read(e.item.uri);
    try {
      view.openForm({ template: e.item, ...templateForm(e.item), suggest: completer(deck, server, { type: 'ref/resource', uri: e.item.uriTemplate }) });
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
  const { size, filtered, selected: entry, offline } = useListTab({
    server, scope: 'resources', items: entries, text: haystack, id: entryId,
    keep: { detail: RESOURCE_DETAIL_ROWS, busy: Boolean(request.busy || request.error), note: Boolean(note) },
    keys: (e) => {
      const uri = e?.kind === 'resource' ? e.item.uri : undefined;
      return { ...(e && { read: () => open(e) }), ...(watchable(uri) && { watch: () => toggleWatch(uri!) }) };
    },
    back: view.back,
    cover: opened ? { back: view.back, ...(watchable(pagerUri) && { watch: () => toggleWatch(pagerUri!) }) } : undefined,
  });
  if (opened?.kind === 'pager') {
    return (
      <Box flexDirection="column">
        {shownWatch ? <ResourceWatchLine watch={shownWatch} now={now} request={request} /> : null}
        <Pager text={opened.text} width={size.columns} height={stackRows(size.rows, { watch: Boolean(shownWatch), pager: {} }).pager} />
      </Box>
    );
  }
  if (opened?.kind === 'form') {
    const form = opened.form;
    const title = `${sanitizeLine(form.template.title ?? form.template.name)} · ${sanitizeLine(form.template.uriTemplate)}`;
    return <ArgsForm title={title} schema={form.schema} submitLabel="read" request={request} onSubmit={(args) => submit(form, args)} suggest={form.suggest} />;
  }
  if (offline) return <NotConnected status={server.status} />;
  const watchOf = (e: ResourceEntry) => (e.kind === 'resource' ? subscriptionOf(watched, e.item.uri) : undefined);
  const markOf = (e: ResourceEntry) => {
    const watch = watchOf(e);
    return watch ? watchMark(watch, now) : '';
  };
  const columns = resourceColumns(filtered.inView, size.columns - 2 - (drift ? 2 : 0), markOf);
  return (
    <Box flexDirection="column">
      <FilteredListView
        filtered={filtered}
        noun="resource"
        note={note}
        empty={server.capabilities?.resources ? 'this server lists no resources' : 'this server offers no resources'}
        render={(e, selected) => (
          <Box flexGrow={1}>
            {drift ? <DriftMark item={e.kind === 'template' ? drift.byKey.get(e.item.uriTemplate) : undefined} /> : null}
            <ResourceRow entry={e} selected={selected} columns={columns} mark={markOf(e)} watch={watchOf(e)} />
          </Box>
        )}
      />
      <BusyLine request={request} />
      {entry ? <ResourceDetail entry={entry} watch={watchOf(entry)} now={now} /> : null}
    </Box>
  );
}
