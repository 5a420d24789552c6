import type { FileSecretStore } from './file-store.js';
import type { SecretStore } from './store.js';

/**
 * The OS keychain with the 0600 file behind it. A keychain can answer the startup probe
 * and still fail later (a locked collection, a keychain daemon that died, a session
 * keyring that refuses reads); a sign-in must never fail a connection for that. At the
 * first error mcpdeck stops asking the keychain for this process and keeps secrets in
 * the file; reads look in the file too, so what was saved there on an earlier fallback
 * is never lost.
 */
export class FallbackSecretStore implements SecretStore {
  private failure?: string;

  constructor(
    private readonly keychain: SecretStore,
    private readonly file: FileSecretStore,
  ) {}

  get backend(): SecretStore['backend'] {
    return this.failure ? 'file' : 'keychain';
  }

  /** Says, for as long as this process runs, that the keychain failed and why. */
  get description(): string {
    return this.failure ? `${this.file.path} (mode 0600; the OS keychain failed: ${this.failure})` : this.keychain.description;
  }

  async get(account: string): Promise<string | undefined> {
    const value = await this.tryKeychain(() => this.keychain.get(account));
    return value ?? this.file.get(account);
  }

  async set(account: string, value: string): Promise<void> {
    const saved = await this.tryKeychain(async () => (await this.keychain.set(account, value), true));
    if (!saved) return this.file.set(account, value);
    // A copy left in the file by an earlier fallback would come back after a sign-out.
    if ((await this.file.accounts()).includes(account)) await this.file.delete(account);
  }

  async delete(account: string): Promise<boolean> {
    const inKeychain = await this.tryKeychain(() => this.keychain.delete(account));
    const inFile = await this.file.delete(account);
    return Boolean(inKeychain) || inFile;
  }

  async accounts(): Promise<string[]> {
    const held = (await this.tryKeychain(() => this.keychain.accounts())) ?? [];
    return [...new Set([...held, ...(await this.file.accounts())])];
  }

  withLock<T>(account: string, fn: () => Promise<T>): Promise<T> {
    return this.file.withLock(account, fn);
  }

  /** The keychain's answer, or undefined once it has failed (now or before). */
  private async tryKeychain<T>(use: () => Promise<T>): Promise<T | undefined> {
    if (this.failure) return undefined;
    try {
      return await use();
    } catch (error) {
      this.failure = (error as Error).message || String(error);
      return undefined;
    }
  }
}
