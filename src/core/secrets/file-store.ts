import { readFileSync, statSync } from 'node:fs';
import { replaceFile } from '../../util/replace-file.js';
import { withFileLock } from '../../util/file-lock.js';
import { lockPath } from './lock-path.js';
import type { SecretStore } from './store.js';
import { isRecord } from '../../util/is-record.js';

type Entries = Record<string, string>;

/**
 * Secrets in one JSON file with mode 0600, rewritten atomically under a cross-process
 * lock, so two mcpdeck processes never lose each other's writes.
 */
export class FileSecretStore implements SecretStore {
  readonly backend = 'file';
  readonly description: string;

  constructor(
    readonly path: string,
    private readonly locksDir: string,
    why: string,
  ) {
    this.description = `${path} (mode 0600; ${why})`;
  }

  async get(account: string): Promise<string | undefined> {
    return this.read()[account];
  }

  async set(account: string, value: string): Promise<void> {
    await this.update((entries) => void (entries[account] = value));
  }

  async delete(account: string): Promise<boolean> {
    let found = false;
    await this.update((entries) => {
      found = account in entries;
      delete entries[account];
    });
    return found;
  }

  async accounts(): Promise<string[]> {
    return Object.keys(this.read());
  }

  withLock<T>(account: string, fn: () => Promise<T>): Promise<T> {
    return withFileLock(lockPath(this.locksDir, account), fn);
  }

  private async update(change: (entries: Entries) => void): Promise<void> {
    await withFileLock(this.path, () => {
      const entries = this.read();
      change(entries);
      replaceFile(this.path, `${JSON.stringify({ version: 1, secrets: entries }, null, 2)}\n`, 0o600);
    });
  }

  private read(): Entries {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const mode = statSync(this.path).mode & 0o077;
    if (mode) throw new Error(`${this.path} is readable by others (mode ${(mode | 0o600).toString(8)}); run chmod 600 on it`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${this.path} is not valid JSON; it holds mcpdeck's saved sign-ins — fix or delete it`);
    }
    const secrets = isRecord(parsed) ? parsed.secrets : undefined;
    if (!isRecord(secrets)) return {};
    return Object.fromEntries(Object.entries(secrets).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
}
