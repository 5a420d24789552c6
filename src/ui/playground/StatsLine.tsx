import { useEffect, useState } from 'react';
import { Text } from 'ink';
import type { ConversationSnapshot } from '../../core/models/conversation.js';
import { countOf, formatCount } from '../../util/text.js';

/** Time since `busy` turned on, redrawn every `ms` while it stays on; 0 while off. */
function useElapsed(busy: boolean, ms = 200): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!busy) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), ms);
    return () => {
      clearInterval(timer);
      setElapsed(0);
    };
  }, [busy, ms]);
  return busy ? elapsed : 0;
}

/** Tokens in and out, model requests, the time spent: over the whole conversation, the turn running counted as it runs. */
export function StatsLine({ snapshot, scroll }: { snapshot: ConversationSnapshot; scroll: string }) {
  const running = useElapsed(snapshot.busy);
  const seconds = ((snapshot.ms + running) / 1000).toFixed(1);
  const { input, output } = snapshot.usage;
  return (
    <Text dimColor wrap="truncate-end">
      {`${formatCount(input)} tokens in · ${formatCount(output)} out · ${countOf(snapshot.steps, 'model request')} · ${seconds} s${scroll ? ` · ${scroll}` : ''}`}
    </Text>
  );
}
