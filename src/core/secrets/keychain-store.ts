import { withFileLock } from '../../util/file-lock.js';
import { lockPath } from './lock-path.js';
import type { SecretStore } from './store.js';

const SERVICE = 'mcpdeck';
type Keyring = typeof import('@napi-rs/keyring');

/** Secrets in the OS keychain (macOS Keychain, Windows Credential Manager, Secret Service). */
export class KeychainSecretStore implements SecretStore {
  readonly backend = 'keychain';
  readonly description = 'OS keychain';

  private constructor(
    private readonly keyring: Keyring,
    private readonly locksDir: string,
  ) {}

  /** A store when the keychain answers a read (nothing is written to find out); else why not. */
  static async probe(locksDir: string): Promise<{ store?: KeychainSecretStore; why?: string }> {
    try {
      const keyring = await import('@napi-rs/keyring');
      await new keyring.AsyncEntry(SERVICE, 'mcpdeck-probe').getPassword();
      return { store: new KeychainSecretStore(keyring, locksDir) };
    } catch (error) {
      return { why: (error as Error).message };
    }
  }

  async get(account: string): Promise<string | undefined> {
    return (await new this.keyring.AsyncEntry(SERVICE, account).getPassword()) ?? undefined;
  }

  async set(account: string, value: string): Promise<void> {
    await new this.keyring.AsyncEntry(SERVICE, account).setPassword(value);
  }

  async delete(account: string): Promise<boolean> {
    return new this.keyring.AsyncEntry(SERVICE, account).deleteCredential();
  }

  async accounts(): Promise<string[]> {
    const found = await this.keyring.findCredentialsAsync(SERVICE);
    return found.map((c) => c.account).filter((a) => a !== 'mcpdeck-probe');
  }

  withLock<T>(account: string, fn: () => Promise<T>): Promise<T> {
    return withFileLock(lockPath(this.locksDir, account), fn);
  }
}
