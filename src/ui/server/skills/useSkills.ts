import { useSyncExternalStore } from 'react';
import type { SkillsView } from '../../../core/skills/desk.js';
import { useDeck } from '../../DeckContext.js';

const NOTHING: SkillsView = {};

/** A server's skills as last listed, live. */
export function useSkills(server: string): SkillsView {
  const { skills } = useDeck();
  return useSyncExternalStore(skills.subscribe, skills.getSnapshot)[server] ?? NOTHING;
}
