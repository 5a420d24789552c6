import type { CallOutcome } from '../mcp/call.js';
import type { SavedFile } from './collector.js';
import type { ResultSaver } from './saver.js';

/**
 * The whole outcome as JSON, in the shape `mcpdeck call --json` prints, one piece at a
 * time (a block per line): saving a 50 MB result never builds one string of all of it.
 */
function* wholeResultJson(outcome: CallOutcome): Generator<string> {
  const { content, ...rest } = outcome.result;
  yield '{"result":{"content":[';
  for (let i = 0; i < content.length; i++) yield `${i ? ',' : ''}\n${JSON.stringify(content[i])}`;
  yield '\n]';
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) yield `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  yield `},\n"isError":${outcome.isError},"durationMs":${Math.round(outcome.durationMs)},"output":${JSON.stringify(outcome.output ?? null)}}\n`;
}

/** Saves everything a call returned (also what the view leaves out) as a JSON file. */
export async function saveWholeResult(outcome: CallOutcome, stem: string, saver: ResultSaver): Promise<SavedFile> {
  const { path, bytes } = await saver.saveChunks(stem, wholeResultJson(outcome), 'application/json');
  return { path, what: 'the whole result (JSON)', bytes };
}
