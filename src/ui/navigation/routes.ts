const TABS = ['Tools', 'Resources', 'Prompts', 'Log', 'Info'] as const;
/** A server that offers tasks has its Tasks, one that offers skills its Skills; a remote (HTTP or SSE) server its sign-in. */
export type Tab = (typeof TABS)[number] | 'Tasks' | 'Skills' | 'Auth';

/** This server's tabs, in order: the number keys pick them by place. */
export function serverTabs({ tasks, skills = false, remote }: { tasks: boolean; skills?: boolean; remote: boolean }): readonly Tab[] {
  return [...TABS, ...(tasks ? (['Tasks'] as const) : []), ...(skills ? (['Skills'] as const) : []), ...(remote ? (['Auth'] as const) : [])];
}

export type Route =
  | { screen: 'dashboard' }
  | { screen: 'server'; server: string }
  | { screen: 'call'; server: string; tool: string }
  /** The form that adds a server, or (with `server`) edits one. */
  | { screen: 'serverForm'; server?: string }
  /** The MCP Registry's servers, and one server's page there (its registry name). */
  | { screen: 'registry' }
  | { screen: 'registryServer'; name: string }
  /** A tool's MCP App served to the browser: its questions and its log (`opened`: what opening it said). */
  | { screen: 'app'; id: number; tool: string; opened?: string }
  /** A model with the tools of the servers picked (`server`: the one selected on the dashboard). */
  | { screen: 'playground'; server?: string };

/** What the breadcrumb shows for a route. */
export function routeLabel(route: Route): string {
  switch (route.screen) {
    case 'dashboard': return 'servers';
    case 'server': return route.server;
    case 'call': return route.tool;
    case 'serverForm': return route.server ? `edit ${route.server}` : 'new server';
    case 'registry': return 'registry';
    case 'registryServer': return route.name;
    case 'app': return `${route.tool} app`;
    case 'playground': return 'playground';
  }
}
