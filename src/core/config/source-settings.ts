import { join } from 'node:path';
import { readJsonFile } from './read-json.js';
import type { ConfigIssue } from './types.js';
import { PRIVATE_FILE_MODE, userConfigDir } from './user-catalog.js';
const writer = () => import('./write.js');
import { isRecord } from '../../util/is-record.js';

/** Which sources the person chose not to read (`mcpdeck sources --hide`, the deck's source list). */
export interface SourceSettings {
  readonly path: string;
  hidden(): string[];
  setHidden(id: string, hidden: boolean): Promise<void>;
}

/** Kept in sources.json beside the user catalog; a broken file hides nothing and is never overwritten. */
export function openSourceSettings(env: NodeJS.ProcessEnv = process.env): SourceSettings {
  const path = join(userConfigDir(env), 'sources.json');
  const list = (value: unknown) => (isRecord(value) && Array.isArray(value.hidden) ? value.hidden.filter((v): v is string => typeof v === 'string') : []);
  return {
    path,
    hidden: () => {
      const issues: ConfigIssue[] = [];
      return list(readJsonFile(path, issues, false)?.value);
    },
    setHidden: async (id, hidden) => (await writer()).updateJsonFile(path, (document) => {
      const now = list(document);
      if (now.includes(id) === hidden) return { changes: [], result: undefined };
      return { changes: [{ path: ['hidden'], value: hidden ? [...now, id] : now.filter((h) => h !== id) }], result: undefined };
    }, { newFileMode: PRIVATE_FILE_MODE }),
  };
}

/** Session-only settings (tests, --strict): nothing is written. */
export function memorySourceSettings(initial: string[] = []): SourceSettings {
  let hidden = [...initial];
  return {
    path: '(this session)',
    hidden: () => hidden,
    setHidden: async (id, hide) => {
      hidden = hide ? [...new Set([...hidden, id])] : hidden.filter((h) => h !== id);
    },
  };
}
