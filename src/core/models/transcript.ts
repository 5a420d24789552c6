import { readFile } from 'node:fs/promises';
import type { ModelMessage } from 'ai';
import type { ConversationSnapshot, Turn } from './conversation.js';
import { replaceFile } from '../../util/replace-file.js';
import { PRIVATE_FILE_MODE } from '../config/user-catalog.js';
import { isRecord } from '../../util/is-record.js';

/** A conversation as saved (`s` in the playground, `ask --save`): what was asked, what was called, what came back. */
export interface Transcript {
  mcpdeck: 'conversation';
  version: 1;
  model: string;
  servers: string[];
  system?: string;
  savedAt: string;
  /** What the person wrote, in order: a replay sends these again. */
  messages: string[];
  /** Each turn as it was shown: text, tool calls with their arguments and results. */
  turns: Turn[];
  usage: ConversationSnapshot['usage'];
  /** The whole exchange as the model was sent it, to go on from where it stopped. */
  history: ModelMessage[];
}

export function transcriptOf(snapshot: ConversationSnapshot, history: readonly ModelMessage[], about: { model: string; servers: readonly string[]; system?: string }): Transcript {
  const turns = [...snapshot.turns];
  return {
    mcpdeck: 'conversation', version: 1, model: about.model, servers: [...about.servers], ...(about.system && { system: about.system }), savedAt: new Date().toISOString(),
    messages: snapshot.turns.flatMap((t) => (t.kind === 'user' ? [t.text] : [])), turns, usage: snapshot.usage, history: [...history],
  };
}

/** Saved private (mode 0600): a conversation holds what the tools returned. */
export function saveTranscript(path: string, transcript: Transcript): void {
  replaceFile(path, `${JSON.stringify(transcript, null, 2)}\n`, PRIVATE_FILE_MODE);
}

export class TranscriptError extends Error {}

/** A saved conversation read back; a file that is not one says so. */
export async function readTranscript(path: string): Promise<Transcript> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TranscriptError(`${path}: ${code ? `cannot read it (${code})` : `not JSON (${(error as Error).message})`}`);
  }
  if (!isRecord(value) || value.mcpdeck !== 'conversation' || value.version !== 1) throw new TranscriptError(`${path} is not a conversation saved by mcpdeck (no "mcpdeck": "conversation", "version": 1)`);
  if (!Array.isArray(value.messages) || value.messages.some((m) => typeof m !== 'string')) throw new TranscriptError(`${path}: "messages" must be a list of the messages written`);
  if (!Array.isArray(value.servers) || value.servers.some((m) => typeof m !== 'string')) throw new TranscriptError(`${path}: "servers" must be a list of server names`);
  return value as unknown as Transcript;
}
