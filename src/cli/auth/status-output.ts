import { summarize } from '../../core/auth/credentials.js';
import { hasStaticAuthorization, isRemote } from '../../core/auth/manager.js';
import { formatWhen } from '../../core/auth/when.js';
import type { Deck } from '../../core/deck.js';
import { redactUrl } from '../../core/config/redact.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';

/** One line per remote server: signed in or not, as whom, scopes, expiry. Never a token. */
export async function printStatus(deck: Deck, json: boolean): Promise<void> {
  const rows = [];
  for (const state of deck.getSnapshot().servers) {
    const config = deck.definition(state.name)?.config;
    if (!config || !isRemote(config)) continue;
    const staticHeader = hasStaticAuthorization(config);
    const saved = summarize(staticHeader ? undefined : await deck.auth.credentials.read(config.url));
    rows.push({
      server: state.name,
      url: redactUrl(config.url),
      auth: staticHeader ? 'static header' : saved.signedIn ? 'signed in' : 'not signed in',
      subject: saved.subject ?? null,
      issuer: saved.issuer ?? null,
      scopes: saved.scopes,
      expiresAt: saved.expiresAt ? new Date(saved.expiresAt).toISOString() : null,
      refreshToken: saved.refreshable,
    });
  }
  const storage = await deck.auth.credentials.describe();
  if (json) {
    process.stdout.write(`${terminalJson({ storage, servers: rows }, 2)}\n`);
    return;
  }
  if (!rows.length) process.stdout.write('No remote (HTTP or SSE) servers are configured.\n');
  for (const r of rows) {
    const who = r.subject ? ` as ${r.subject}` : '';
    const expiry = r.expiresAt ? `, expires ${formatWhen(Date.parse(r.expiresAt))}` : '';
    const scopes = r.auth === 'signed in' ? `, scopes ${r.scopes.join(' ') || '(none stated)'}${expiry}${r.refreshToken ? ', refreshable' : ''}` : '';
    process.stdout.write(`${sanitizeLine(`${r.server}  ${r.auth}${who}${scopes}  ${r.url}`)}\n`);
  }
  process.stdout.write(`Sign-ins are kept in: ${sanitizeLine(storage)}\n`);
}
