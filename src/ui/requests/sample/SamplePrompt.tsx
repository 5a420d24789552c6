import { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import type { SamplingRequest } from '../../../core/elicitation/types.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { AnswerLine } from '../lines/AnswerLine.js';
import { Conversation, conversationRows } from './Conversation.js';
import { RefusalLines, refusalLines } from '../lines/RefusalLines.js';
import { LinesView } from '../../widgets/form/raw/LinesView.js';
import { modelLine, toolsLine } from './sample-lines.js';
import { ToolUsePanel } from './ToolUsePanel.js';
import { useReplyText } from './useReplyText.js';
import { useModelDraft, type ModelDraft } from './useModelDraft.js';
import { cutJson } from '../../../util/json.js';
import { useRespond } from '../useRespond.js';
import { clipRows, wrapRows } from '../../widgets/text/wrap.js';
import { stackRows } from '../../layout/stack-rows.js';

const LABEL = 8;

/**
 * Sampling by hand: the person reads what the server would send a model and writes
 * the model's reply, so sampling servers can be tried with no model at all.
 */
export function SamplePrompt({ request, width, height }: { request: SamplingRequest; width: number; height: number }) {
  const theme = useTheme();
  const { params } = request;
  const reply = useReplyText();
  const { refused, respond } = useRespond(request.id);
  const [empty, setEmpty] = useState(false);
  const [fromEnd, setFromEnd] = useState(0);
  const [usingTool, setUsingTool] = useState(false);
  const model = useModelDraft(request, reply.replace);
  const tools = params.toolChoice?.mode === 'none' ? [] : params.tools ?? [];
  // Wrapped once per request and width, not on every key typed into the reply.
  const rows = useMemo(() => conversationRows(params, width), [params, width]);
  const errors = empty ? ['write a reply first, or decline'] : model.draft.phase === 'failed' ? [`the model: ${sanitizeLine(model.draft.message)}`] : refusalLines(refused);
  const drafted = draftLine(model.draft);
  const system = clipRows(wrapRows(params.systemPrompt ?? '(none)', width - LABEL), 2);
  const offered = params.tools?.length ? 1 : 0;
  const replyRows = usingTool ? Math.max(4, Math.floor(height / 2)) : Math.min(6, Math.max(2, Math.floor(height / 4)));
  const fit = stackRows(height, { system, model: 1, tools: offered, talk: { min: 2 }, replyHeading: 1, reply: replyRows, drafted: drafted ? 1 : 0, errors, answer: 1 });
  const talkRows = fit.talk;
  const page = Math.max(1, talkRows - 2);
  const maxFromEnd = Math.max(0, rows.length - talkRows + 1);
  useKeys(['sample'], {
    toolUse: tools.length && !usingTool ? () => setUsingTool(true) : undefined,
    writeText: usingTool ? () => setUsingTool(false) : undefined,
    askModel: usingTool ? undefined : model.ask,
    sendReply: usingTool ? undefined : () => {
      const chosen = model.accept?.();
      if (chosen) return void respond(chosen);
      const text = reply.text();
      if (!text.trim()) return setEmpty(true);
      setEmpty(false);
      const by = model.modelOf(text);
      respond({ action: 'reply', text, ...(by && { model: by }) });
    },
    declineSample: () => void respond({ action: 'decline' }),
    scrollUp: fromEnd < maxFromEnd ? () => setFromEnd((n) => Math.min(maxFromEnd, n + page)) : undefined,
    scrollDown: fromEnd > 0 ? () => setFromEnd((n) => Math.max(0, n - page)) : undefined,
  }, { priority: PRIORITY.modal, capture: true, onText: usingTool ? undefined : reply.onText });
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {system.map((row, i) => (
        <Text key={i} wrap="truncate-end"><Text dimColor>{(i ? '' : 'system').padEnd(LABEL)}</Text>{row}</Text>
      ))}
      <Text wrap="truncate-end"><Text dimColor>{'model'.padEnd(LABEL)}</Text>{sanitizeLine(modelLine(params))}</Text>
      {offered ? <Text wrap="truncate-end"><Text dimColor>{'tools'.padEnd(LABEL)}</Text>{sanitizeLine(toolsLine(params))}</Text> : null}
      <Conversation rows={rows} height={talkRows} fromEnd={Math.min(fromEnd, maxFromEnd)} />
      {usingTool ? <ToolUsePanel tools={tools} width={width} height={fit.replyHeading + fit.reply} onUse={(name, input) => void respond({ action: 'tool', name, input })} /> : (
        <>
          <Text bold color={theme.accent}>Your reply, as the assistant:</Text>
          <LinesView editor={reply.editor} width={width} height={replyRows} placeholder="the assistant's reply; enter starts a new line" />
        </>
      )}
      {drafted ? <Text wrap="truncate-end" color={theme.accent}>{drafted}</Text> : null}
      <RefusalLines lines={errors} />
      <AnswerLine buttons={[
        // In the tools the form has its own send ([ Use tool ]).
        ...(usingTool ? [] : [{ label: 'Send', key: 'ctrl+s' }, { label: 'Ask the model', key: 'ctrl+g' }]),
        ...(tools.length ? [usingTool ? { label: 'Write text', key: 'ctrl+t' } : { label: 'Use a tool', key: 'ctrl+t' }] : []),
        { label: 'Decline', key: 'ctrl+x/esc' },
      ]} />
    </Box>
  );
}

/** What the model is doing with the request, or the tool use it chose (sent with ctrl+s). */
function draftLine(draft: ModelDraft): string | undefined {
  if (draft.phase === 'asking') return `asking ${sanitizeLine(draft.model ?? 'the model')}…`;
  if (draft.phase === 'tool') return `${sanitizeLine(draft.answer.model ?? 'the model')} answers with a use of ${sanitizeLine(draft.answer.name)} ${sanitizeLine(cutJson(draft.answer.input)).slice(0, 200)}: ctrl+s sends it`;
  return undefined;
}
