import { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import type { ToolTurn } from '../../core/models/conversation.js';
import type { Transcript } from '../../core/models/transcript.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useThrottledStore } from '../hooks/useThrottledStore.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { stackRows } from '../layout/stack-rows.js';
import { useTheme } from '../theme/ThemeContext.js';
import { TextField } from '../widgets/text/TextField.js';
import { useTextInput } from '../widgets/text/useTextInput.js';
import { AskPrompt, ASK_ROWS } from './AskPrompt.js';
import { CallDetail } from './CallDetail.js';
import { ChatLog } from './ChatLog.js';
import { callRows, chatRows, RowCache } from './chat-rows.js';
import { PathPrompt } from './PathPrompt.js';
import { StatsLine } from './StatsLine.js';
import { ChatHeader } from './ChatHeader.js';
import type { Chat, ChatControl } from './useChat.js';
import { useChatFiles, type Said } from './useChatFiles.js';
import { useChatScroll } from './useChatScroll.js';

/** A model streams a word at a time: the conversation is drawn at most this often (25 a second). */
const FRAME_MS = 40;

interface Props {
  chat: Chat;
  control: Pick<ChatControl, 'send' | 'stop'>;
  spec: string;
  width: number;
  height: number;
  lastFile?: string;
  onFile: (path: string) => void;
  onReplay: (transcript: Transcript) => void;
}

/** One conversation: its turns as they stream, a call that asks, the message line, and what it has cost so far. */
export function ChatView({ chat, control, spec, width, height, lastFile, onFile, onReplay }: Props) {
  const theme = useTheme();
  const { conversation } = chat;
  const snapshot = useThrottledStore(conversation, FRAME_MS);
  const input = useTextInput('');
  const [focus, setFocus] = useState<'message' | 'calls'>('message');
  const [picked, setPicked] = useState<string>();
  const [detail, setDetail] = useState<string>();
  const [said, say] = useState<Said>();
  const files = useChatFiles({ chat, spec, lastFile, onFile, onReplay, say });
  const asking = snapshot.turns.find((t): t is ToolTurn => t.kind === 'tool' && t.status === 'asking');
  const calls = snapshot.turns.filter((t): t is ToolTurn => t.kind === 'tool');
  const layout = stackRows(height, { header: 1, log: { min: 1 }, ask: asking ? ASK_ROWS : 0, notice: Boolean(said), input: 1, stats: 1 });
  const [cache] = useState(() => new RowCache());
  const rows = useMemo(() => chatRows(snapshot.turns, width, cache), [snapshot.turns, width, cache]);
  const scroll = useChatScroll(rows.length, layout.log);
  const open = calls.find((t) => t.id === detail);
  const typing = focus === 'message' && !snapshot.busy && !files.asking && !open;
  const pick = (id: string | undefined) => {
    setPicked(id);
    const at = id === undefined ? undefined : callRows(rows).get(id);
    if (at !== undefined) scroll.show(at);
  };
  const step = (by: number) => {
    const at = calls.findIndex((t) => t.id === picked);
    const next = calls[Math.max(0, Math.min(calls.length - 1, (at < 0 ? calls.length : at) + by))];
    pick(next?.id);
  };
  useKeys(['playground'], {
    sendMessage: () => {
      const text = input.value.trim();
      if (!text) return;
      input.set('');
      say(undefined);
      scroll.follow();
      control.send(conversation, [text]).catch((error: Error) => say({ text: error.message, ok: false }));
    },
  }, { priority: PRIORITY.text, active: typing, onText: input.onText });
  useKeys(['playground'], {
    stopTurn: snapshot.busy && focus === 'message' ? control.stop : undefined,
    focusCalls: focus === 'message' && calls.length ? () => (setFocus('calls'), pick(picked && calls.some((t) => t.id === picked) ? picked : calls.at(-1)?.id)) : undefined,
    ...(focus === 'calls' && {
      prevCall: () => step(-1),
      nextCall: () => step(1),
      openCall: picked ? () => setDetail(picked) : undefined,
      focusMessage: () => setFocus('message'),
    }),
    saveChat: !snapshot.busy && snapshot.turns.length ? files.askSave : undefined,
    replayChat: !snapshot.busy ? files.askReplay : undefined,
    saveCase: !snapshot.busy ? files.askCase : undefined,
    scrollUp: scroll.up,
    scrollDown: scroll.down,
  }, { active: !files.asking && !open });
  if (open) return <CallDetail turn={open} width={width} height={height} onClose={() => setDetail(undefined)} />;
  const tool = asking ? conversation.tools.find((t) => t.name === asking.name)?.tool : undefined;
  return (
    <Box flexDirection="column" height={height}>
      <ChatHeader spec={spec} servers={chat.servers} tools={conversation.tools} />
      <ChatLog rows={rows} start={scroll.start} height={layout.log} picked={focus === 'calls' ? picked : undefined} />
      {asking ? <AskPrompt key={asking.id} turn={asking} tool={tool} width={width} onDecide={(d) => conversation.decide(asking.id, d)} onStop={control.stop} /> : null}
      {said ? <Text color={said.ok ? theme.success : theme.error} wrap="truncate-end">{sanitizeLine(said.text)}</Text> : null}
      {files.asking ? (
        <PathPrompt label={PATH_LABEL[files.asking.kind]} initial={files.asking.initial} onDone={files.done} onCancel={files.cancel} />
      ) : snapshot.busy ? (
        <Text dimColor wrap="truncate-end">{asking ? '› a tool call waits for you (y/a/n above)' : '› the model is answering… (esc stops)'}</Text>
      ) : (
        <Text wrap="truncate-end">
          <Text bold color={theme.accent}>{'› '}</Text>
          <TextField value={input.value} cursor={input.cursor} focused={typing} placeholder="a message for the model (enter sends)" />
        </Text>
      )}
      <StatsLine snapshot={snapshot} scroll={scroll.label} />
    </Box>
  );
}

const PATH_LABEL = { save: 'Save to', replay: 'Replay the conversation in', case: 'Add an eval case to' } as const;
