import { DpopSession, generateDpopKeyPair, type DpopAlg, type DpopKeyPair } from '@modelcontextprotocol/client';
import type { JWK } from 'jose';
import type { StoredCredentials } from './credentials.js';

export type StoredDpopKey = NonNullable<StoredCredentials['dpopKey']>;

/**
 * A new DPoP key for one sign-in. It is exportable, unlike the SDK's default, because a
 * DPoP-bound token is only usable with its key and mcpdeck is many processes (a login
 * in one, calls in the next): the private key is kept with the tokens, in the same
 * secret store, and replaced at every interactive sign-in.
 */
export async function newDpopKey(): Promise<{ session: DpopSession; stored: StoredDpopKey }> {
  const pair = await generateDpopKeyPair({ alg: 'ES256', extractable: true });
  const { exportJWK } = await loadJose();
  const jwk = (await exportJWK(pair.privateKey)) as Record<string, unknown>;
  return { session: await DpopSession.create({ keyPair: pair }), stored: { alg: pair.alg, jwk } };
}

/** The signing session of a kept key; undefined for a key this version cannot read. */
export async function dpopSessionOf(stored: StoredDpopKey | undefined): Promise<DpopSession | undefined> {
  if (!stored) return undefined;
  try {
    const { calculateJwkThumbprint, importJWK } = await loadJose();
    const { kty, crv, x, y } = stored.jwk as JWK;
    const publicJwk: JWK = { kty, crv, x, y };
    const alg = stored.alg as DpopAlg;
    const privateKey = (await importJWK(stored.jwk as JWK, alg)) as DpopKeyPair['privateKey'];
    const publicKey = (await importJWK(publicJwk, alg)) as DpopKeyPair['privateKey'];
    const thumbprint = await calculateJwkThumbprint(publicJwk, 'sha256');
    return await DpopSession.create({ keyPair: { privateKey, publicKey, publicJwk, thumbprint, alg } });
  } catch {
    return undefined;
  }
}

/** jose only for DPoP sign-ins: imported when a key is made or read, not when mcpdeck starts. */
const loadJose = () => import('jose');

/** A token the authorization server bound to a key (RFC 9449 §5): presented with the DPoP scheme. */
export function isDpopBound(tokens: { token_type?: string } | undefined): boolean {
  return tokens?.token_type?.toLowerCase() === 'dpop';
}
