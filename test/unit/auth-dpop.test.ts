import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialStore } from '../../src/core/auth/credentials.js';
import { DeckAuthProvider } from '../../src/core/auth/provider.js';
import { ServerAuth } from '../../src/core/auth/server-auth.js';
import { openSecretStore } from '../../src/core/secrets/store.js';

// A DPoP-bound sign-in outlives its process: the key is kept with the token, and the
// next process (a new ServerAuth on the same store) signs its requests with it. The
// resource server here checks proofs as RFC 9449 says, and asks for a nonce once.
describe('DPoP-bound tokens across processes', () => {
  let server: Server;
  let url: string;
  const seen: { scheme: string; jkt?: string; nonce?: string; status: number }[] = [];
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const [scheme, token] = (req.headers.authorization ?? '').split(' ');
      const proof = String(req.headers.dpop ?? '');
      const entry = { scheme: scheme ?? '', status: 401 } as (typeof seen)[number];
      seen.push(entry);
      if (scheme !== 'DPoP' || !proof) return res.writeHead(401, { 'www-authenticate': 'DPoP error="invalid_token"' }).end();
      const { jwk } = decodeProtectedHeader(proof) as { jwk: JWK };
      const { payload } = await jwtVerify(proof, await importJWK(jwk, 'ES256'), { typ: 'dpop+jwt' });
      entry.jkt = await calculateJwkThumbprint(jwk, 'sha256');
      entry.nonce = payload.nonce as string | undefined;
      const ath = createHash('sha256').update(token ?? '').digest('base64url');
      if (payload.htm !== 'POST' || payload.htu !== url || payload.ath !== ath) return res.writeHead(401).end();
      if (payload.nonce !== 'n-1') {
        return res.writeHead(401, { 'www-authenticate': 'DPoP error="use_dpop_nonce"', 'dpop-nonce': 'n-1' }).end();
      }
      entry.status = 200;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('keeps the key with a DPoP token, presents it with the DPoP scheme and a proof from that key, and answers a nonce challenge', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-dpop-'));
    const credentials = new CredentialStore(() => openSecretStore({ dir, prefer: 'file' }));
    // The sign-in: the server's challenge asked for DPoP.
    const signIn = new DeckAuthProvider({ serverUrl: url, settings: {}, credentials, redirectUrl: 'http://127.0.0.1:1/callback', dpop: true, onAuthorizationUrl: () => undefined });
    const session = await signIn.dpop();
    expect(session).toBeDefined();
    await signIn.saveTokens({ access_token: 'bound-token', token_type: 'DPoP', expires_in: 3600 });
    const record = await credentials.read(url);
    expect(record?.dpopKey?.jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });

    // The next process.
    const wire = new ServerAuth({ name: 's', serverUrl: url, settings: {}, credentials: new CredentialStore(() => openSecretStore({ dir, prefer: 'file' })), onChallenge: async () => false });
    const response = await wire.fetch(url, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(seen.map((s) => s.scheme)).toEqual(['DPoP', 'DPoP']);
    expect(seen.map((s) => s.nonce)).toEqual([undefined, 'n-1']);
    expect(new Set(seen.map((s) => s.jkt))).toEqual(new Set([session!.thumbprint]));
  });

  it('asks for no DPoP when the server did not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-dpop-'));
    const credentials = new CredentialStore(() => openSecretStore({ dir, prefer: 'file' }));
    const provider = new DeckAuthProvider({ serverUrl: url, settings: {}, credentials, redirectUrl: 'http://127.0.0.1:1/callback', onAuthorizationUrl: () => undefined });
    expect(await provider.dpop()).toBeUndefined();
    await provider.saveTokens({ access_token: 't', token_type: 'Bearer' });
    expect((await credentials.read(url))?.dpopKey).toBeUndefined();
  });
});
