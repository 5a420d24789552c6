import type { ServerState } from '../../core/servers/state.js';
import { nextToAllow } from '../../core/sandbox/allow.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { clock } from './log/log-format.js';

type Kind = 'heading' | 'warning' | 'error' | undefined;
type Put = (text: string, kind?: Kind) => void;
type Field = (label: string, value: string, kind?: Kind) => void;

const SEEN = { proxy: 'refused by the proxy', system: "in the system's sandbox log", stderr: 'named in its stderr', result: 'named in an error it returned' } as const;

/**
 * The Info tab's sandbox: whether the server runs in one (a remote one never does), and
 * what it was refused, newest last: host or path, when, during which tool call. `w`
 * allows the one marked `→`.
 */
export function sandboxLines(server: ServerState, field: Field, indented: Put, add: Put): void {
  const view = server.sandbox;
  if (!view) {
    const remote = server.transport === 'http' || server.transport === 'sse';
    field('Sandbox', remote ? 'none: a remote server runs elsewhere and is not sandboxed' : server.transport === 'stdio' ? 'none: it runs with all of your rights ("sandbox": true in its entry)' : 'none');
    return;
  }
  if (view.unavailable) field('Sandbox', `unavailable: ${sanitizeLine(view.unavailable)}; it runs unsandboxed`, 'warning');
  else field('Sandbox', `⛨ ${view.blocked ? `${view.blocked} blocked` : 'nothing blocked so far'}`, view.blocked ? 'warning' : undefined);
  if (!view.denials.length) return;
  const next = nextToAllow(view.denials, server.config.sandbox);
  add('Blocked by the sandbox', 'heading');
  for (const d of view.denials) {
    const during = d.tool ? `during ${sanitizeLine(d.tool)}` : 'outside any tool call';
    const mark = d === next ? '→ ' : '  ';
    indented(`${mark}${d.kind.padEnd(7)} ${sanitizeLine(d.target)} · ${clock(d.at)} · ${during} · ${SEEN[d.seen]}${d.allow ? '' : ' · never allowed'}`);
  }
  if (next?.allow) indented(`w allows ${next.allow.field === 'network' ? 'the host' : `${next.allow.field}s of`} ${sanitizeLine(next.allow.value)} (written to its entry)`, 'warning');
}
