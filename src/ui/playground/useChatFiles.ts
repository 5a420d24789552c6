import { resolve } from 'node:path';
import { useState } from 'react';
import { readTranscript, saveTranscript, transcriptOf, type Transcript } from '../../core/models/transcript.js';
import { caseOf, EVAL_FILE } from './eval-case.js';
import { useDeck } from '../DeckContext.js';
import type { Chat } from './useChat.js';

/** Where conversations are saved unless the person says otherwise: under the launch folder. */
const FOLDER = '.mcpdeck/conversations/';

/** `.mcpdeck/conversations/2026-11-29T02-30-27.json`: a name that sorts by time and every file system takes. */
function defaultFile(now = new Date()): string {
  return `${FOLDER}${now.toISOString().replace(/\.\d+Z$/, '').replaceAll(':', '-')}.json`;
}

export interface Said {
  text: string;
  ok: boolean;
}

export interface ChatFiles {
  /** Which file is being asked for, and what it starts as. */
  asking?: { kind: 'save' | 'replay' | 'case'; initial: string };
  askSave: () => void;
  /** `e`: the last message and the tools the model called, as an eval case. */
  askCase?: () => void;
  askReplay: () => void;
  cancel: () => void;
  /** The path typed: saved to, or replayed from. */
  done: (path: string) => void;
}

interface Options {
  chat: Chat;
  spec: string;
  /** The file last saved or replayed here (the replay's default). */
  lastFile?: string;
  onFile: (path: string) => void;
  onReplay: (transcript: Transcript) => void;
  say: (said: Said) => void;
}

/** `s` and `r`: a conversation saved to a file (mode 0600) under the launch folder, or one read back to replay. */
export function useChatFiles({ chat, spec, lastFile, onFile, onReplay, say }: Options): ChatFiles {
  const deck = useDeck();
  const [asking, setAsking] = useState<ChatFiles['asking']>();
  const save = (path: string) => {
    const file = resolve(deck.cwd, path);
    const { conversation, servers, system } = chat;
    try {
      saveTranscript(file, transcriptOf(conversation.getSnapshot(), conversation.messages, { model: spec, servers, system }));
      onFile(path);
      say({ text: `saved to ${file} (r replays it)`, ok: true });
    } catch (error) {
      say({ text: `not saved: ${(error as Error).message}`, ok: false });
    }
  };
  const saveCase = (path: string) => {
    const evalCase = caseOf(chat.conversation.getSnapshot().turns, chat.conversation.tools, chat.servers, chat.system);
    if (!evalCase) return;
    deck.saveEvalCase(resolve(deck.cwd, path), evalCase).then(
      (name) => say({ text: `case "${name}" added to ${path} (mcpdeck eval ${path})`, ok: true }),
      (error: Error) => say({ text: `not saved: ${error.message}`, ok: false }),
    );
  };
  const replay = (path: string) => {
    readTranscript(resolve(deck.cwd, path)).then(
      (transcript) => {
        onFile(path);
        onReplay(transcript);
      },
      (error: Error) => say({ text: `not replayed: ${error.message}`, ok: false }),
    );
  };
  return {
    asking,
    askSave: () => setAsking({ kind: 'save', initial: defaultFile() }),
    askReplay: () => setAsking({ kind: 'replay', initial: lastFile ?? FOLDER }),
    askCase: caseOf(chat.conversation.getSnapshot().turns, chat.conversation.tools, chat.servers, chat.system) ? () => setAsking({ kind: 'case', initial: EVAL_FILE }) : undefined,
    cancel: () => setAsking(undefined),
    done: (path) => {
      const kind = asking?.kind;
      setAsking(undefined);
      if (kind === 'save') save(path);
      else if (kind === 'replay') replay(path);
      else if (kind === 'case') saveCase(path);
    },
  };
}
