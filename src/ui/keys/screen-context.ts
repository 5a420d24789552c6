import { createContext } from 'react';

/** False for screens under the top of the navigation stack: their keys are off. */
export const ScreenContext = createContext(true);
