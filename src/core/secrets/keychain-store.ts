import { withFileLock } from '../../util/file-lock.js';
import { lockPath } from './lock-path.js';
import type { SecretStore } from './store.js';

const SERVICE = 'mcpdeck';
type Keyring = typeof import('@napi-rs/keyring');

/**
 * On Linux only a Secret Service (GNOME Keyring, KWallet, KeePassXC) will do: left to
 * choose, the binding falls back to the kernel keyring, which answers the probe from one
 * session keyring, refuses later reads from another (AccessDenied) and forgets
 * everything at logout.
 */
const ENTRY_OPTIONS = { linux: { store: 'secret-service' as const } };

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
      await new keyring.AsyncEntry(SERVICE, 'mcpdeck-probe', ENTRY_OPTIONS).getPassword();
      return { store: new KeychainSecretStore(keyring, locksDir) };
    } catch (error) {
      return { why: (error as Error).message };
    }
  }

  private entry(account: string) {
    return new this.keyring.AsyncEntry(SERVICE, account, ENTRY_OPTIONS);
  }

  async get(account: string): Promise<string | undefined> {
    return (await this.entry(account).getPassword()) ?? undefined;
  }

  async set(account: string, value: string): Promise<void> {
    await this.entry(account).setPassword(value);
  }

  async delete(account: string): Promise<boolean> {
    return this.entry(account).deleteCredential();
  }

  async accounts(): Promise<string[]> {
    const found = await this.keyring.findCredentialsAsync(SERVICE);
    return found.map((c) => c.account).filter((a) => a !== 'mcpdeck-probe');
  }

  withLock<T>(account: string, fn: () => Promise<T>): Promise<T> {
    return withFileLock(lockPath(this.locksDir, account), fn);
  }
}
