import { useEffect, useState } from 'react';
import type { RegistryEntry } from '../../core/mcp-registry/server-json.js';
import { useDeck } from '../DeckContext.js';

/** A read of the registry: what it gave, or why it could not; undefined while it is asked. */
export type Read<T> = { value: T } | { error: string } | undefined;

/** Asks, and gives the answer or the error's message to `then`. */
export function settle<T>(ask: () => Promise<T>, then: (read: NonNullable<Read<T>>) => void): void {
  // The desk reads its settings as it is called: a broken settings file throws there, not in the promise.
  Promise.resolve().then(ask).then((value) => then({ value }), (error: Error) => then({ error: error.message }));
}

/** One version of a server (the latest unless `version`), and every version it published (newest first). */
export function useRegistryEntry(name: string, version?: string): { entry: Read<RegistryEntry>; versions: Read<RegistryEntry[]> } {
  const deck = useDeck();
  const [entry, setEntry] = useState<{ version?: string; read: Read<RegistryEntry> }>();
  useEffect(() => {
    let live = true;
    settle(() => deck.registry.server(name, version), (read) => live && setEntry({ version, read }));
    return () => void (live = false);
  }, [deck, name, version]);
  const [versions, setVersions] = useState<Read<RegistryEntry[]>>();
  useEffect(() => {
    let live = true;
    settle(() => deck.registry.versions(name), (read) => live && setVersions(read));
    return () => void (live = false);
  }, [deck, name]);
  // While another version is read, the one before is not shown as if it were it.
  return { entry: entry && entry.version === version ? entry.read : undefined, versions };
}
