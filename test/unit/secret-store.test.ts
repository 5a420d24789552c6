import { mkdtempSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSecretStore, type SecretStore } from '../../src/core/secrets/store.js';

/** A keychain that answers the startup probe, then fails as a misbehaving one does. */
function brokenKeychain(fails: { read?: boolean; write?: boolean }) {
  const held = new Map<string, string>();
  const denied = () => new Error("Couldn't access platform storage: AccessDenied");
  const store: SecretStore = {
    backend: 'keychain',
    description: 'OS keychain',
    get: async (a) => {
      if (fails.read) throw denied();
      return held.get(a);
    },
    set: async (a, v) => {
      if (fails.write) throw denied();
      held.set(a, v);
    },
    delete: async (a) => held.delete(a),
    accounts: async () => [...held.keys()],
    withLock: (_a, fn) => fn(),
  };
  return { held, probe: async () => ({ store }) };
}

const dir = () => mkdtempSync(join(tmpdir(), 'mcpdeck-secrets-'));
const fileEntries = (d: string) => (JSON.parse(readFileSync(join(d, 'secrets.json'), 'utf8')) as { secrets: Record<string, string> }).secrets;

describe('the secret store when the keychain fails after its probe', () => {
  it('keeps a sign-in in the 0600 file when the keychain refuses a write, and says so', async () => {
    const d = dir();
    const store = await openSecretStore({ dir: d, keychain: brokenKeychain({ write: true }).probe });
    expect(store.description).toBe('OS keychain');
    await store.set('oauth:https://a.example/mcp', 'tokens');
    expect(await store.get('oauth:https://a.example/mcp')).toBe('tokens');
    expect(fileEntries(d)).toEqual({ 'oauth:https://a.example/mcp': 'tokens' });
    expect(statSync(join(d, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(store.backend).toBe('file');
    expect(store.description).toMatch(/secrets\.json \(mode 0600; the OS keychain failed: Couldn't access platform storage: AccessDenied\)/);
  });

  it('reads what an earlier fallback saved when the keychain refuses a read, and never throws', async () => {
    const d = dir();
    const first = await openSecretStore({ dir: d, keychain: brokenKeychain({ write: true }).probe });
    await first.set('oauth:https://a.example/mcp', 'tokens');
    const later = await openSecretStore({ dir: d, keychain: brokenKeychain({ read: true, write: true }).probe });
    expect(await later.get('oauth:https://a.example/mcp')).toBe('tokens');
    expect(await later.get('oauth:https://b.example/mcp')).toBeUndefined();
    expect(await later.accounts()).toEqual(['oauth:https://a.example/mcp']);
    expect(later.description).toMatch(/the OS keychain failed/);
  });

  it('finds a file copy when the keychain works again, and moves the next write back to the keychain', async () => {
    const d = dir();
    const broken = await openSecretStore({ dir: d, keychain: brokenKeychain({ write: true }).probe });
    await broken.set('oauth:https://a.example/mcp', 'old');
    const healthy = brokenKeychain({});
    const store = await openSecretStore({ dir: d, keychain: healthy.probe });
    expect(await store.get('oauth:https://a.example/mcp')).toBe('old');
    await store.set('oauth:https://a.example/mcp', 'new');
    expect(healthy.held.get('oauth:https://a.example/mcp')).toBe('new');
    expect(fileEntries(d)).toEqual({});
    expect(store.description).toBe('OS keychain');
    expect(await store.delete('oauth:https://a.example/mcp')).toBe(true);
    expect(await store.get('oauth:https://a.example/mcp')).toBeUndefined();
  });

  it('after a refused read, saves to the file and signs out of both places', async () => {
    const d = dir();
    const keychain = brokenKeychain({ read: true });
    keychain.held.set('oauth:https://a.example/mcp', 'unreadable');
    const store = await openSecretStore({ dir: d, keychain: keychain.probe });
    expect(await store.get('oauth:https://a.example/mcp')).toBeUndefined();
    await store.set('oauth:https://a.example/mcp', 'fresh');
    expect(fileEntries(d)).toEqual({ 'oauth:https://a.example/mcp': 'fresh' });
    expect(await store.get('oauth:https://a.example/mcp')).toBe('fresh');
    expect(await store.delete('oauth:https://a.example/mcp')).toBe(true);
    expect(fileEntries(d)).toEqual({});
    expect(await store.accounts()).toEqual([]);
  });

  // These machines have no D-Bus session, so no Secret Service: the kernel keyring must not be used instead.
  it.runIf(process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS)('uses the file and says why when no Secret Service answers, never the kernel keyring', async () => {
    const d = dir();
    const store = await openSecretStore({ dir: d, prefer: 'auto' });
    expect(store.backend).toBe('file');
    expect(store.description).toMatch(/secrets\.json \(mode 0600; no OS keychain: /);
  });
});
