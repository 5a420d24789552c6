import { useRef, useState } from 'react';
import { buildResourceView, type SavedFile } from '../../../core/calls/result-view.js';
import type { ResultSaver } from '../../../core/calls/saver.js';
import { useDeck } from '../../DeckContext.js';

export interface LinkRead {
  uri: string;
  text: string;
  files: SavedFile[];
}

/** Reads a resource link of a result (resources/read) and keeps what came back for the pager. */
export function useLinkReader(server: string, stem: string, saver: ResultSaver) {
  const deck = useDeck();
  const [read, setRead] = useState<LinkRead>();
  // Only the newest read may land: an older, slower one must not replace it.
  const latest = useRef(0);
  const open = (uri: string) => {
    const id = ++latest.current;
    setRead({ uri, text: 'reading…', files: [] });
    const land = (next: LinkRead) => id === latest.current && setRead(next);
    deck.readResource(server, uri).then(
      (result) => land({ uri, ...buildResourceView(result, stem, saver) }),
      (error: Error) => land({ uri, text: `could not read ${uri}: ${error.message}`, files: [] }),
    );
  };
  const close = () => {
    latest.current++;
    setRead(undefined);
  };
  return { read, open, close };
}
