import { join } from 'node:path';
import { userConfigDir } from '../config/user-catalog.js';
import { FileSecretStore } from './file-store.js';
import { KeychainSecretStore } from './keychain-store.js';
import { FallbackSecretStore } from './fallback-store.js';

/** Where mcpdeck keeps secrets: OAuth tokens and clients, answers to `${input:id}`. */
export interface SecretStore {
  readonly backend: 'keychain' | 'file';
  /** For people: "OS keychain" or the file's path, and why the keychain was not used. */
  readonly description: string;
  get(account: string): Promise<string | undefined>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  /** Every account held (names only). */
  accounts(): Promise<string[]>;
  /** A cross-process lock for read-modify-write sequences on one account. */
  withLock<T>(account: string, fn: () => Promise<T>): Promise<T>;
}

export interface SecretStoreOptions {
  /** The mcpdeck config folder: the file fallback and the lock files live there. */
  dir: string;
  /** `file` forces the file (MCPDECK_SECRETS=file); `keychain` fails when there is none. */
  prefer?: 'auto' | 'keychain' | 'file';
  /** Tests give a keychain of their own; by default the OS keychain is probed. */
  keychain?: (locksDir: string) => Promise<{ store?: SecretStore; why?: string }>;
}

/**
 * The OS keychain when one answers (with the 0600 file behind it for when it fails
 * later), else the file, guarded by a lock.
 */
export async function openSecretStore({ dir, prefer = 'auto', keychain: probe = KeychainSecretStore.probe }: SecretStoreOptions): Promise<SecretStore> {
  const locks = join(dir, 'locks');
  const file = (why: string) => new FileSecretStore(join(dir, 'secrets.json'), locks, why);
  if (prefer === 'file') return file('MCPDECK_SECRETS=file');
  const keychain = await probe(locks);
  if (keychain.store) return prefer === 'keychain' ? keychain.store : new FallbackSecretStore(keychain.store, file(''));
  if (prefer === 'keychain') throw new Error(`the OS keychain is not available: ${keychain.why}`);
  return file(`no OS keychain: ${keychain.why}`);
}

/** The person's store: in the mcpdeck config folder, as MCPDECK_SECRETS says. */
export function openUserSecretStore(env: NodeJS.ProcessEnv): Promise<SecretStore> {
  return openSecretStore({ dir: userConfigDir(env), prefer: secretStorePreference(env) });
}

/** The store for this environment (MCPDECK_SECRETS=file|keychain|auto). */
function secretStorePreference(env: NodeJS.ProcessEnv): SecretStoreOptions['prefer'] {
  const value = env.MCPDECK_SECRETS;
  return value === 'file' || value === 'keychain' ? value : 'auto';
}
