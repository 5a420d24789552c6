/** One line of an app's log: a request it made (or a notice it sent) and how it ended. */
export interface AppLogEntry {
  id: number;
  at: number;
  method: string;
  /** What it asked, short: a tool's name, a URL, a size. Server- and app-given: sanitize before showing. */
  detail: string;
  status: 'waiting' | 'asking' | 'done' | 'refused' | 'failed' | 'notice';
  /** Why it was refused or failed. */
  reason?: string;
}
