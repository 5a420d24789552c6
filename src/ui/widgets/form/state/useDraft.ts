import { useKept, type Kept } from '../../../hooks/useKept.js';

type Args = Record<string, unknown>;

/**
 * What was typed in an arguments form this session, sent or not, by the form's key (a
 * server and its prompt, template or tool). `keep` is for SchemaForm's onChange.
 */
export type Draft = Kept<Args>;

/** A form's draft, so leaving it (esc, another tab) and opening it again loses nothing typed. */
export function useDraft(...key: readonly string[]): Draft {
  return useKept<Args>('draft', ...key);
}
