import { useEffect } from 'react';
import { Box, Text } from 'ink';
import type { SkillEntry } from '../../../core/skills/entry.js';
import { loadedSkillText, skillLabel, skillSummary } from '../../../core/skills/text.js';
import type { ServerState } from '../../../core/servers/state.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { FilteredListView } from '../../widgets/filter/FilteredListView.js';
import { NotConnected } from '../../components/NotConnected.js';
import { BusyLine } from '../fetch/BusyLine.js';
import { useFetchView } from '../fetch/useFetchView.js';
import { useListTab } from '../useListTab.js';
import { useSkills } from './useSkills.js';

const DETAIL_ROWS = 2;
const NONE: readonly SkillEntry[] = [];
const skillText = (s: SkillEntry) => `${s.frontmatter.name} ${s.frontmatter.description} ${s.uri}`;
const skillId = (s: SkillEntry) => s.uri;

/**
 * A server's skills (SEP-2640), listed when the tab opens (no file read); enter loads one
 * into the pager, each file checked against its entry, or says why it was refused.
 */
export function SkillsTab({ server }: { server: ServerState }) {
  const deck = useDeck();
  const theme = useTheme();
  const view = useFetchView<never>();
  const { opened, request } = view;
  const { listing, asking, error } = useSkills(server.name);
  const skills = listing?.skills ?? NONE;
  const connected = server.status === 'connected';
  const refresh = () => void deck.skills.refresh(server.name);
  useEffect(() => {
    if (connected) refresh();
    // Once when the tab opens connected (or the server connects): `refresh` is new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected]);
  const load = (entry: SkillEntry) =>
    view.fetch(`loading ${entry.frontmatter.name || entry.uri}`, async (signal) => loadedSkillText(await deck.skills.load(server.name, entry, { signal })));
  const { size, filtered, selected, offline } = useListTab({
    server, scope: 'skills', items: skills, text: skillText, id: skillId,
    keep: { detail: DETAIL_ROWS, busy: Boolean(request.busy || request.error), asking: Boolean(asking || error) },
    keys: (s) => ({ refreshSkills: connected ? refresh : undefined, ...(s && connected && { loadSkill: () => load(s) }) }),
    back: view.back,
    cover: opened ? { back: view.back } : undefined,
  });
  if (opened?.kind === 'pager') return <Pager text={opened.text} width={size.columns} height={size.rows} />;
  if (offline) return <NotConnected status={server.status} />;
  return (
    <Box flexDirection="column">
      {asking ? <Text color={theme.accent}>listing skills…</Text> : error ? <Text color={theme.error} wrap="truncate-end">{`skills/list failed: ${sanitizeLine(error)}`}</Text> : null}
      <FilteredListView
        filtered={filtered}
        noun="skill"
        empty={listing ? 'this server lists no skills (one it does not list loads by URI: mcpdeck skills <server> <uri>)' : 'not listed yet'}
        render={(s, isSelected) => (
          <Box width={Math.max(1, size.columns - 2)}>
            <Box flexShrink={0} paddingRight={2}>
              <Text bold={isSelected} wrap="truncate-end">{skillLabel(s, skills)}</Text>
            </Box>
            <Text color={s.problem ? theme.error : s.resources === 'dynamic' ? theme.warning : theme.muted} wrap="truncate-end">{skillSummary(s)}</Text>
          </Box>
        )}
      />
      <BusyLine request={request} />
      {selected ? (
        <Box flexDirection="column" height={DETAIL_ROWS}>
          <Text wrap="truncate-end">{sanitizeLine(selected.frontmatter.description)}</Text>
          <Text wrap="truncate-end" dimColor>{sanitizeLine(selected.uri)}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
