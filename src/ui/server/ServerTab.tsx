import type { RemoteConfig } from '../../core/auth/manager.js';
import type { ServerState } from '../../core/servers/state.js';
import type { Tab } from '../navigation/routes.js';
import { AuthTab } from './auth/AuthTab.js';
import { InfoTab } from './InfoTab.js';
import { LogTab } from './log/LogTab.js';
import { PromptsTab } from './prompts/PromptsTab.js';
import { ResourcesTab } from './resources/ResourcesTab.js';
import { ToolsTab } from './tools/ToolsTab.js';
import { TasksTab } from './tasks/TasksTab.js';
import { SkillsTab } from './skills/SkillsTab.js';

/** Picks the tab's component. */
export function ServerTab({ tab, server, remote }: { tab: Tab; server: ServerState; remote?: RemoteConfig }) {
  switch (tab) {
    case 'Tools': return <ToolsTab server={server} />;
    case 'Resources': return <ResourcesTab server={server} />;
    case 'Prompts': return <PromptsTab server={server} />;
    case 'Log': return <LogTab server={server} />;
    case 'Info': return <InfoTab server={server} />;
    case 'Tasks': return <TasksTab server={server} />;
    case 'Skills': return <SkillsTab server={server} />;
    // A server whose configuration stopped being remote shows its Info instead.
    case 'Auth': return remote ? <AuthTab server={server} config={remote} /> : <InfoTab server={server} />;
  }
}
