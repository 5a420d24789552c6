import { describe, expect, it } from 'vitest';
import { redactEntry, maskUrls } from '../../src/core/config/redact.js';

const MASK = '••••••';

describe('redactEntry', () => {
  it('masks every env value but keeps the names', () => {
    expect(redactEntry({ command: 'node', env: { API_TOKEN: 'sk-live-123', DEBUG: '1' } })).toEqual({
      command: 'node',
      env: { API_TOKEN: MASK, DEBUG: MASK },
    });
  });

  it('masks credential headers whatever their case, and keeps the others', () => {
    const out = redactEntry({
      type: 'http',
      url: 'https://api.example.com/mcp',
      headers: { Authorization: 'Bearer abc', 'x-api-key': 'k-1', 'X-API-Key': 'k-2', Cookie: 'session=1', 'X-Team': 'core', Accept: 'application/json' },
    });
    expect(out).toEqual({
      type: 'http',
      url: 'https://api.example.com/mcp',
      headers: { Authorization: MASK, 'x-api-key': MASK, 'X-API-Key': MASK, Cookie: MASK, 'X-Team': 'core', Accept: 'application/json' },
    });
  });

  it('keeps a ${VAR} reference visible: it names where the secret lives', () => {
    const out = redactEntry({ env: { TOKEN: '${GITHUB_TOKEN}' }, headers: { Authorization: '${AUTH_HEADER}' } });
    expect(out).toEqual({ env: { TOKEN: '${GITHUB_TOKEN}' }, headers: { Authorization: '${AUTH_HEADER}' } });
  });

  it('masks a value that only contains a reference among other text', () => {
    expect(redactEntry({ env: { URL: 'https://user:pw@${HOST}' } })).toEqual({ env: { URL: MASK } });
  });

  it('masks an oauth client secret and nothing else of oauth', () => {
    expect(redactEntry({ oauth: { clientId: 'app', clientSecret: 'shh' } })).toEqual({ oauth: { clientId: 'app', clientSecret: MASK } });
    expect(redactEntry({ oauth: { grant: 'jwt-bearer', privateKey: '-----BEGIN', idp: { clientId: 'i', idToken: 'eyJ' } } }))
      .toEqual({ oauth: { grant: 'jwt-bearer', privateKey: MASK, idp: { clientId: 'i', idToken: MASK } } });
  });

  it('masks secret-looking fields mcpdeck does not know (another client\'s "apiKey")', () => {
    expect(redactEntry({ command: 'x', apiKey: 'k-1', token: 5, description: 'fine' })).toEqual({ command: 'x', apiKey: MASK, token: MASK, description: 'fine' });
  });

  it('does not change the entry it was given', () => {
    const raw = { env: { A: 'secret' }, headers: { Authorization: 'x' } };
    redactEntry(raw);
    expect(raw).toEqual({ env: { A: 'secret' }, headers: { Authorization: 'x' } });
  });
});

describe('maskUrls', () => {
  it('masks every URL in a sentence as redactUrl does, keeping the sentence around it', () => {
    expect(maskUrls('nothing is listening at http://h:1/sse?key=abc&x=1 (connection refused)')).toBe('nothing is listening at http://h:1/sse?key=••••••&x=1 (connection refused)');
    expect(maskUrls('https://bob:pw@h/mcp: failed; see https://h/x?token=t.')).toBe('https://bob:••••••@h/mcp: failed; see https://h/x?token=••••••.');
    expect(maskUrls('https://ghp_secret@h/mcp answered HTTP 500')).toBe('https://••••••@h/mcp answered HTTP 500');
    expect(maskUrls('plain text, https://h/mcp?page=2 and no URL secrets')).toBe('plain text, https://h/mcp?page=2 and no URL secrets');
  });
});
