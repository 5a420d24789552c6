import { useState } from 'react';
import { useRequest, type Request } from './useRequest.js';

/** What a tab shows in place of its list: a form asking for arguments, or fetched text in the pager. */
type Opened<F> = { kind: 'form'; form: F } | { kind: 'pager'; text: string };

export interface FetchView<F> {
  opened?: Opened<F>;
  request: Request;
  openForm: (form: F) => void;
  /** Fetches text (replacing a fetch under way) and opens it in the pager. */
  fetch: (label: string, fn: (signal: AbortSignal) => Promise<string>) => void;
  /** Esc: cancels a fetch under way, else closes what is open; undefined when there is neither. */
  back?: () => void;
}

/** A list tab's list → form → pager, with one request at a time behind it. */
export function useFetchView<F>(): FetchView<F> {
  const request = useRequest();
  const [opened, setOpened] = useState<Opened<F>>();
  const back = () => {
    if (request.busy) return request.cancel();
    request.clearError();
    setOpened(undefined);
  };
  return {
    opened,
    request,
    openForm: (form) => setOpened({ kind: 'form', form }),
    fetch: (label, fn) => request.run(label, fn, (text) => setOpened({ kind: 'pager', text })),
    back: opened || request.busy ? back : undefined,
  };
}
