import { createContext, useContext } from 'react';
import type { ImageProtocol } from './image-protocol.js';

/** How this terminal draws images; absent (tmux, tests, an unknown terminal): it does not, and files open instead. */
export const ImagesContext = createContext<ImageProtocol | undefined>(undefined);

export function useImageProtocol(): ImageProtocol | undefined {
  return useContext(ImagesContext);
}
