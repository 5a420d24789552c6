import { isRemote } from '../../core/auth/manager.js';
import { formatWhen } from '../../core/auth/when.js';
import type { Deck } from '../../core/deck.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';

/** One line per remote server: signed in or not, as whom, scopes, expiry. Never a token. */
export async function printStatus(deck: Deck, json: boolean): Promise<void> {
  const rows = [];
  for (const state of deck.getSnapshot().servers) {
    const config = deck.hub.definition(state.name)?.config;
    if (!config || !isRemote(config)) continue;
    const staticHeader = Object.keys(config.headers).some((h) => h.toLowerCase() === 'authorization');
    const record = staticHeader ? undefined : await deck.auth.credentials.read(config.url);
    rows.push({
      server: state.name,
      url: config.url,
      auth: staticHeader ? 'static header' : record?.tokens ? 'signed in' : 'not signed in',
      subject: record?.subject ?? null,
      issuer: record?.issuer ?? null,
      scopes: record?.scopes ?? [],
      expiresAt: record?.expiresAt ? new Date(record.expiresAt).toISOString() : null,
      refreshToken: Boolean(record?.tokens?.refresh_token),
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
