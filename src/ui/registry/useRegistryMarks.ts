import { useSyncExternalStore } from 'react';
import { RegistryDesk, type InstallMark } from '../../core/mcp-registry/desk.js';
import type { ServerState } from '../../core/servers/state.js';
import { useDeck } from '../DeckContext.js';

/** What the registry said last of the servers installed from it (deck.registry.refreshMarks fills it). */
export function useRegistryMarks(): ReadonlyMap<string, InstallMark> {
  const { registry } = useDeck();
  return useSyncExternalStore(registry.subscribe, registry.getMarks);
}

/** A server's mark, when it was installed from a registry into the file it is read from. */
export function markOf(marks: ReadonlyMap<string, InstallMark>, server: ServerState): InstallMark | undefined {
  return server.source.path === undefined ? undefined : marks.get(RegistryDesk.markKey(server.source.path, server.name));
}
