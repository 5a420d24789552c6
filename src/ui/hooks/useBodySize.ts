import { createContext, useContext } from 'react';
import type { Size } from './useTerminalSize.js';

/** The rows and columns a screen may use (the terminal minus the header and footer). */
export const BodySizeContext = createContext<Size>({ columns: 80, rows: 20 });

export function useBodySize(): Size {
  return useContext(BodySizeContext);
}
