import { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import type { ServerDrift } from '../../core/drift/compare.js';
import { driftReport } from '../../core/drift/report.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { useServerDrift } from './useDrift.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { Pager } from '../widgets/pager/Pager.js';
import { stackRows } from '../layout/stack-rows.js';

/**
 * How a server's tools, prompts and resource templates differ from the ones the person
 * accepted, in the pager (`-` accepted, `+` now, per field); y accepts them as they are.
 */
export function DriftReview({ name, rows, columns, onClose }: { name: string; rows: number; columns: number; onClose: (notice?: string) => void }) {
  const deck = useDeck();
  const drift = useServerDrift(name);
  const [report, setReport] = useState<{ of: ServerDrift; text: string }>();
  useEffect(() => {
    if (!drift) return;
    let live = true;
    void driftReport(name, drift).then((text) => live && setReport({ of: drift, text }));
    return () => void (live = false);
  }, [name, drift]);
  // Under the pager's search (which takes esc while it is typed in), over everything else here.
  useKeys(['drift'], {
    closeDrift: () => onClose(),
    ...(drift && {
      // Closes once they are kept: the notice never shows over marks still there.
      acceptDrift: () => void deck.acceptDefinitions(name).then(() => onClose(`accepted ${name}'s definitions as they are now`), (error: Error) => onClose(error.message)),
    }),
  }, { priority: PRIORITY.widget });
  if (!drift) return <Text>{`${sanitizeLine(name)}: no changes since its definitions were accepted. esc goes back.`}</Text>;
  const text = report?.of === drift ? report.text : undefined;
  return (
    <Box flexDirection="column" height={rows}>
      <Text bold wrap="truncate-end">{`Changed definitions of ${sanitizeLine(name)} · y accepts them as they are now`}</Text>
      {text === undefined ? <Text dimColor>comparing…</Text> : <Pager text={text} width={columns} height={stackRows(rows, { title: 1, pager: {} }).pager} />}
    </Box>
  );
}
