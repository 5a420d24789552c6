import type { Notice, TrackedUrl } from '../../core/elicitation/types.js';
import { openPages } from '../../core/elicitation/tracked-urls.js';
import { useRequests } from '../hooks/useRequests.js';
import { noticeRows } from './lines/NoticeLine.js';
import { useAppQuestions } from '../apps/useAppQuestions.js';

export interface RequestLayout {
  /** The newest notice, until the core lets it go (after a while), and the rows it takes. */
  notice?: Notice;
  noticeRows: number;
  /** Whether a request waits: the prompt then takes the body's lower part. */
  waiting: boolean;
  /** The pages the person opened that are not done yet, for the breadcrumb. */
  openUrls: readonly TrackedUrl[];
}

/** Where the screen ends and a request's prompt begins: the screen keeps a few rows, so its status shows. */
export const screenRowsOverRequest = (bodyRows: number): number => Math.min(6, Math.max(3, Math.floor(bodyRows / 4)));

/** What the app must make room for: a waiting request, a notice, pages left open. */
export function useRequestLayout(columns: number): RequestLayout {
  const { pending, notices, urls } = useRequests();
  const asked = useAppQuestions();
  // A newer notice replaces the one shown; the deck lets them go after a while.
  const notice = notices.at(-1);
  return {
    notice,
    noticeRows: noticeRows(notice, columns),
    waiting: pending.length > 0 || asked.length > 0,
    // Tracked from the moment they are asked; counted once the person opens (or accepts) one.
    openUrls: openPages(urls),
  };
}
