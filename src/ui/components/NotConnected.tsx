import { Text } from 'ink';
import type { ServerStatus } from '../../core/servers/state.js';

/** In place of a tab's list while the server has none to give. */
export function NotConnected({ status }: { status: ServerStatus }) {
  return <Text dimColor>{status === 'connecting' ? 'connecting…' : `not connected (${status}); r reconnects`}</Text>;
}
