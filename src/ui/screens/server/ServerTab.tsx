import { Text } from 'ink';
import type { ServerState } from '../../../core/servers/state.js';
import type { Tab } from '../../navigation/routes.js';
import { ToolsTab } from './ToolsTab.js';

/** Picks the tab's component. */
export function ServerTab({ tab, server }: { tab: Tab; server: ServerState }) {
  switch (tab) {
    case 'Tools': return <ToolsTab server={server} />;
    default: return <Text dimColor>{`${tab}: coming up`}</Text>;
  }
}
