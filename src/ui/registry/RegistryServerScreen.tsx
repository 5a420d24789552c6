import { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useKeys } from '../keys/useKeys.js';
import { stackRows } from '../layout/stack-rows.js';
import { useOpener } from '../system/OpenerContext.js';
import { useTheme } from '../theme/ThemeContext.js';
import { clipRows, wrapRows } from '../widgets/text/wrap.js';
import { useList } from '../widgets/list/useList.js';
import { ChoicesPane } from './ChoicesPane.js';
import { EntryHeader, headerLines } from './EntryHeader.js';
import { choiceLines, wholeEntryText } from './entry-text.js';
import { EntrySteps } from './EntrySteps.js';
import { useEntryFlow } from './useEntryFlow.js';
import { useRegistryEntry } from './useRegistryEntry.js';
import { WholeEntry } from './WholeEntry.js';

/** Rows the list of packages and remotes takes at most; the rest goes to the selected one's detail. */
const CHOICE_ROWS = 6;
/** Rows of what the last try or install said, at most. */
const OUTCOME_ROWS = 4;

const webUrl = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : undefined);

/**
 * One registry server: title, status, description, links and versions on top; its packages
 * and remotes under them, the selected one's variables and exact command line below. `t`
 * tries it in this deck, `i` installs it into a client's file, `v` reads another version.
 */
export function RegistryServerScreen({ name }: { name: string }) {
  const deck = useDeck();
  const theme = useTheme();
  const size = useBodySize();
  const opener = useOpener();
  const [version, setVersion] = useState<string>();
  const { entry, versions } = useRegistryEntry(name, version);
  const shown = entry && 'value' in entry ? entry.value : undefined;
  const server = shown?.server;
  const choices = useMemo(() => (server ? deck.registry.choices(server) : []), [deck, server]);
  const header = useMemo(() => (shown ? headerLines(shown, size.columns) : undefined), [shown, size.columns]);
  const flow = useEntryFlow(server);
  const outcome = flow.outcome ? clipRows(flow.outcome.lines.flatMap((l) => wrapRows(l, size.columns)), OUTCOME_ROWS) : [];
  const headerRows = header ? 2 + Number(Boolean(header.name)) + header.description.length + header.links.length : 1;
  const { lower } = stackRows(size.rows, { header: headerRows, outcome, lower: { min: 5 } });
  const rows = stackRows(lower, { title: 1, choices: { min: 1, max: Math.min(choices.length, CHOICE_ROWS) }, scrollLine: choices.length > CHOICE_ROWS, detail: { min: 3 } });
  // Another version read starts at its first package again.
  const list = useList(choices.length, rows.choices, undefined, undefined, server?.version);
  const view = choices[list.index];
  const detail = useMemo(() => (server && view ? choiceLines(deck.registry, server, view) : undefined), [deck, server, view]);
  const readVersions = versions && 'value' in versions ? versions.value : undefined;
  const site = webUrl(server?.websiteUrl) ?? webUrl(server?.repository?.url);
  const open = opener && site ? () => void opener(site).then(() => flow.say(`opened ${site}`, false), (error: Error) => flow.say(`could not open ${site}: ${error.message}`, true)) : undefined;
  useKeys(['registryServer', 'list', 'global'], {
    ...list.handlers,
    ...(view && { tryEntry: () => flow.tryIt(view), installEntry: () => flow.install(view) }),
    pickVersion: readVersions?.length ? () => flow.set({ kind: 'versions' }) : undefined,
    wholeEntry: () => flow.set({ kind: 'whole' }),
    openWebsite: open,
    replaceEntry: flow.outcome?.replace,
    // Esc clears what the last try or install said before it leaves the page.
    back: flow.outcome ? flow.clearOutcome : undefined,
  }, { active: Boolean(server) && flow.step.kind === 'page' });

  if (!shown || !header) {
    const said = entry && 'error' in entry ? `${entry.error}. esc goes back.` : `reading ${name}${version ? ` ${version}` : ''} from the registry…`;
    return <Text color={entry ? theme.error : undefined} dimColor={!entry} wrap="wrap">{sanitizeLine(said)}</Text>;
  }
  if (flow.step.kind === 'whole') {
    const text = wholeEntryText(deck.registry, shown, choices, readVersions);
    return <WholeEntry text={text} width={size.columns} height={size.rows} onClose={() => flow.set({ kind: 'page' })} />;
  }
  return (
    <Box flexDirection="column" height={size.rows}>
      <EntryHeader entry={shown} versions={versions} lines={header} />
      {outcome.map((line, i) => <Text key={i} color={flow.outcome?.error ? theme.error : theme.success} wrap="truncate-end">{line}</Text>)}
      <EntrySteps
        flow={flow} server={shown.server} versions={readVersions} width={size.columns} height={lower}
        onVersion={(picked) => {
          setVersion(picked.official?.isLatest ? undefined : picked.server.version);
          flow.set({ kind: 'page' });
        }}
      >
        <ChoicesPane choices={choices} list={list} detail={detail} width={size.columns} rows={rows} />
      </EntrySteps>
    </Box>
  );
}
