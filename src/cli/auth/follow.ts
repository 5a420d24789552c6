import { AsyncLocalStorage } from 'node:async_hooks';
import { createInterface } from 'node:readline';
import type { AuthManager } from '../../core/auth/manager.js';
import type { SignInAttempt, SignInSnapshot } from '../../core/auth/sign-in.js';
import { hyperlink } from '../../util/hyperlink.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { painter } from '../style.js';
import { traceLines } from './trace-lines.js';
import { inSession, onInterrupt } from '../session/context.js';

/**
 * Shows a sign-in on stderr as it goes: the authorization URL in full (a link on a
 * terminal), whether the browser opened, and takes a pasted redirect URL or code from
 * stdin (not through a session: its stdin is not the person's); Ctrl-C cancels. Resolves
 * with how it ended.
 */
export async function followSignIn(auth: AuthManager, attempt: SignInAttempt): Promise<SignInSnapshot> {
  const err = process.stderr;
  const paint = painter(err);
  const say = (text: string) => err.write(`${text}\n`);
  const pasting = !inSession();
  let shown: Partial<SignInSnapshot> = {};
  const render = (s: SignInSnapshot) => {
    if (s.phase === 'browser' && !shown.authorizationUrl) {
      say(`Sign in to ${sanitizeLine(s.server)} — open this link:`);
      say(`  ${hyperlink(sanitizeLine(s.authorizationUrl ?? ''), Boolean(err.isTTY))}`);
      say(`Waiting for the browser (callback ${s.redirectUri}).${pasting ? ' Or paste the redirected URL (or the code) here and press Enter.' : ''} Ctrl-C cancels.`);
    }
    if (s.browser && s.browser !== shown.browser) say(`(${s.browser})`);
    if (s.notice && s.notice !== shown.notice) say(paint('yellow', s.notice));
    shown = s;
  };
  // Bound to this command: through a session, what it says goes to this command's client.
  const stop = auth.subscribe(AsyncLocalStorage.bind(() => {
    const s = auth.getSnapshot().attempts.find((a) => a.id === attempt.snapshot.id);
    if (s) render(s);
  }));
  render(attempt.snapshot);
  const rl = pasting && process.stdin.readable ? createInterface({ input: process.stdin, terminal: false }) : undefined;
  rl?.on('line', (line) => {
    if (!line.trim()) return;
    const taken = attempt.paste(line);
    if (!taken.ok) say(paint('yellow', taken.message ?? 'not taken'));
  });
  const stopListening = onInterrupt(() => attempt.cancel());
  try {
    const end = await attempt.done;
    // Where the server asks for no sign-in, its missing endpoints are no news: the error says so.
    if (end.phase !== 'signed-in' && !end.notAsked) for (const line of traceLines(end.steps.filter((s) => s.status === 'failed'), paint)) say(line);
    return end;
  } finally {
    stopListening();
    rl?.close();
    stop();
  }
}
