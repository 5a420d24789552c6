import { useState, type ReactNode } from 'react';
import { Text } from 'ink';
import { declaredDestructive, type ToolInfo } from '../../../core/servers/tools.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { shellQuote, sourceOptions } from '../../../core/calls/command-line.js';
import { useDeck } from '../../DeckContext.js';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { BusyLine } from '../fetch/BusyLine.js';
import { useFetchView } from '../fetch/useFetchView.js';

const shellCommand = (words: string[]) => words.map(shellQuote).join(' ');

/** The deck's fuzz run: a short one, so the person is not kept waiting (the CLI's budgets are larger). */
const DECK_RUN = { count: 30, timeBudgetMs: 30_000, callTimeoutMs: 5000 };

/**
 * Fuzzing one tool from the Tools tab: the run in the background (esc cancels it), then
 * its report for the pager. A tool declared destructive asks first (y/n).
 */
export function useFuzz(server: string): { start: (tool: ToolInfo) => void; busy: boolean; asking: boolean; report?: string; back?: () => void; line: ReactNode } {
  const deck = useDeck();
  const theme = useTheme();
  const view = useFetchView<never>();
  const [asking, setAsking] = useState<ToolInfo>();
  // Calls made so far, for the busy line.
  const [calls, setCalls] = useState(0);
  const run = (tool: ToolInfo) => {
    setAsking(undefined);
    const seed = Math.floor(Math.random() * 2 ** 31);
    setCalls(0);
    view.fetch(`fuzzing ${tool.name} (seed ${seed}, up to ${DECK_RUN.count} calls)`, async (signal) => {
      // Loaded on use: the generator is for fuzzing only.
      const [{ fuzzServer }, { fuzzReportText }] = await Promise.all([import('../../../core/checks/fuzz.js'), import('../../../core/checks/fuzz-report.js')]);
      const report = await fuzzServer(deck, server, { ...DECK_RUN, seed, tools: [tool.name], signal, onCall: (_tool, n) => setCalls(n) });
      return fuzzReportText(report, shellCommand(['mcpdeck', 'fuzz', server, tool.name, '--seed', String(seed), ...sourceOptions(deck.server(server)?.source)]));
    });
  };
  useKeys(['confirm'], { yes: () => asking && run(asking), no: () => setAsking(undefined) }, { priority: PRIORITY.modal, capture: true, active: Boolean(asking) });
  const line = asking ? (
    <Text color={theme.warning} wrap="truncate-end">{`${sanitizeLine(asking.name)} is declared destructive: fuzzing calls it many times with made-up arguments. Fuzz it? y/n`}</Text>
  ) : view.request.busy || view.request.error ? <BusyLine request={view.request.busy ? { ...view.request, busy: `${view.request.busy} · ${calls} so far` } : view.request} /> : null;
  return {
    start: (tool) => (declaredDestructive(tool) ? setAsking(tool) : run(tool)),
    busy: Boolean(view.request.busy),
    asking: Boolean(asking),
    report: view.opened?.kind === 'pager' ? view.opened.text : undefined,
    back: view.back,
    line,
  };
}
