import { Text } from 'ink';
import type { SubscriptionState } from '../../../core/servers/subscriptions.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import type { Request } from '../fetch/useRequest.js';
import { watchWords } from './resource-entry.js';

/** Over the pager of a watched resource: how its watch goes, and whether the text is being read again. */
export function ResourceWatchLine({ watch, now, request }: { watch: SubscriptionState; now: number; request: Request }) {
  const theme = useTheme();
  if (request.error) return <Text wrap="truncate-end" color={theme.error}>{sanitizeLine(request.error)}</Text>;
  const reading = request.busy ? 're-reading…' : 're-read on each update';
  return (
    <Text wrap="truncate-end" color={watch.error ? theme.error : theme.accent}>
      {`${sanitizeLine(watchWords(watch, now))} · ${reading}`}
    </Text>
  );
}
