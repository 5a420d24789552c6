import { createContext, useContext } from 'react';
import type { Route } from './routes.js';

export interface Navigation {
  push: (route: Route) => void;
  pop: () => void;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const nav = useContext(NavigationContext);
  if (!nav) throw new Error('useNavigation needs a NavigationContext');
  return nav;
}
