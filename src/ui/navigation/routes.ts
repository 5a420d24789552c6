export const TABS = ['Tools', 'Resources', 'Prompts', 'Log', 'Info'] as const;
/** A remote (HTTP or SSE) server has one more: its sign-in. */
export const REMOTE_TABS = [...TABS, 'Auth'] as const;
export type Tab = (typeof REMOTE_TABS)[number];

export type Route =
  | { screen: 'dashboard' }
  | { screen: 'server'; server: string }
  | { screen: 'call'; server: string; tool: string }
  /** The form that adds a server, or (with `server`) edits one. */
  | { screen: 'serverForm'; server?: string };

/** What the breadcrumb shows for a route. */
export function routeLabel(route: Route): string {
  switch (route.screen) {
    case 'dashboard': return 'servers';
    case 'server': return route.server;
    case 'call': return route.tool;
    case 'serverForm': return route.server ? `edit ${route.server}` : 'new server';
  }
}
