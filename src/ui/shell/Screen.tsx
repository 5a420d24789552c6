import type { Route } from '../navigation/routes.js';
import { Dashboard } from '../dashboard/Dashboard.js';
import { ServerScreen } from '../server/ServerScreen.js';
import { CallScreen } from '../call/CallScreen.js';
import { ServerFormScreen } from '../server-form/ServerFormScreen.js';
import { RegistryScreen } from '../registry/RegistryScreen.js';
import { RegistryServerScreen } from '../registry/RegistryServerScreen.js';
import { AppScreen } from '../apps/AppScreen.js';
import { PlaygroundScreen } from '../playground/PlaygroundScreen.js';

/** The component for a route. */
export function Screen({ route }: { route: Route }) {
  switch (route.screen) {
    case 'dashboard': return <Dashboard />;
    case 'server': return <ServerScreen name={route.server} />;
    case 'call': return <CallScreen server={route.server} tool={route.tool} />;
    case 'serverForm': return <ServerFormScreen server={route.server} />;
    case 'registry': return <RegistryScreen />;
    case 'registryServer': return <RegistryServerScreen name={route.name} />;
    case 'app': return <AppScreen id={route.id} opened={route.opened} />;
    case 'playground': return <PlaygroundScreen server={route.server} />;
  }
}
