import { useState } from 'react';
import type { CallOutcome } from '../../../core/mcp/call.js';
import type { SavedFile } from '../../../core/calls/result-view.js';
import type { ResultSaver } from '../../../core/calls/saver.js';
import { saveWholeResult } from '../../../core/calls/whole-result.js';

/**
 * Saves everything a call returned to a JSON file, in the background: the view shows
 * a bounded part of a huge result, the file holds all of it. `save` is undefined while
 * a save is under way (or there is nothing to save).
 */
export function useWholeSave(outcome: CallOutcome | undefined, stem: string, saver: ResultSaver) {
  const [state, setState] = useState<{ saving?: boolean; file?: SavedFile; error?: string }>({});
  const save = outcome && !state.saving ? () => {
    setState((s) => ({ ...s, saving: true, error: undefined }));
    saveWholeResult(outcome, stem, saver).then(
      (file) => setState({ file }),
      (error: unknown) => setState((s) => ({ file: s.file, error: `could not save the result: ${(error as Error)?.message ?? String(error)}` })),
    );
  } : undefined;
  const status = state.saving ? 'saving the whole result…' : state.error;
  return { file: state.file, status, save };
}
