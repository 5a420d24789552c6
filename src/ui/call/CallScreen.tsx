import { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import { startCall, type CallRun } from '../../core/calls/call-run.js';
import { mayDestroy } from '../../core/servers/tools.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { useServer } from '../hooks/useServers.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useTheme } from '../theme/ThemeContext.js';
import { SchemaForm } from '../widgets/form/SchemaForm.js';
import { taskProblem, taskSupport } from '../../core/mcp/task-wire.js';
import { useKeys } from '../keys/useKeys.js';
import { CallHeader, HEADER_ROWS } from './CallHeader.js';
import { ConfirmCall } from './ConfirmCall.js';
import { CallRunView } from './CallRunView.js';
import { stackRows } from '../layout/stack-rows.js';

type Phase =
  | { name: 'form' }
  | { name: 'confirm'; args: Record<string, unknown>; invalid?: string[] }
  | { name: 'call'; run: CallRun };

/** Calling one tool by hand: form → (confirm) → running → result, and again. */
export function CallScreen({ server: serverName, tool: toolName }: { server: string; tool: string }) {
  const deck = useDeck();
  const theme = useTheme();
  const size = useBodySize();
  const server = useServer(serverName);
  const tool = server?.tools.find((t) => t.name === toolName);
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  const [asTask, setAsTask] = useState(false);
  const support = tool && taskSupport(tool);
  const legacy = server?.protocolEra === 'legacy';
  // A task the person may ask for (2025-11-25, taskSupport optional): ctrl+k in the form.
  useKeys(['callForm'], { toggleTask: legacy && support === 'optional' ? () => setAsTask((on) => !on) : undefined }, { active: phase.name === 'form' });
  // Read once: the form starts from the arguments last sent, here or in an earlier session.
  // The form unmounts in the other phases, so coming back to it starts a new one from `initial`.
  const [initial, setInitial] = useState(() => deck.recentArgs?.get(serverName, toolName));
  const run = phase.name === 'call' ? phase.run : undefined;
  // Leaving the screen mid-call cancels it: nobody would see the result.
  useEffect(() => () => run?.cancel(), [run]);

  if (!tool) {
    const why = !server ? 'is no longer configured' : server.status === 'connected' ? `has no tool "${sanitizeLine(toolName)}"` : `is ${server.status}`;
    return <Text color={theme.error}>{`${sanitizeLine(serverName)} ${why}. esc goes back.`}</Text>;
  }
  // `invalid`: sent anyway, with what the schema says is wrong (the server checks them itself).
  const send = (args: Record<string, unknown>, invalid?: readonly string[]) => {
    deck.recentArgs?.remember(serverName, tool.name, args, tool.inputSchema);
    setInitial(args);
    setPhase({ name: 'call', run: startCall(deck, serverName, tool.name, args, { task: asTask, ...(invalid?.length && { invalid }) }) });
  };
  const submit = (args: Record<string, unknown>, invalid?: string[]) =>
    (mayDestroy(tool) ? setPhase({ name: 'confirm', args, ...(invalid && { invalid }) }) : send(args, invalid));
  const backToForm = (args: Record<string, unknown>) => {
    setInitial(args);
    setPhase({ name: 'form' });
  };
  // Said before the form: a tool that needs a task this server cannot run (it would answer -32601).
  const problem = taskProblem(tool, server?.protocolEra, server?.capabilities, asTask);
  const taskNote = problem ?? (legacy && support === 'required' ? 'runs as a task (the tool requires it): its status shows while it runs' : legacy && support === 'optional' ? `${asTask ? '●' : '○'} run as a task (ctrl+k)` : undefined);
  const { phase: rows } = stackRows(size.rows, { header: HEADER_ROWS, taskNote: Boolean(taskNote), phase: { min: 4 } });
  return (
    <Box flexDirection="column" height={size.rows}>
      <CallHeader tool={tool} />
      {taskNote ? <Text color={problem ? theme.error : theme.accent} wrap="truncate-end">{sanitizeLine(taskNote)}</Text> : null}
      {phase.name === 'form' ? (
        <SchemaForm schema={tool.inputSchema} initial={initial} submitLabel="call" width={size.columns} height={rows} onSubmit={submit} onSendAnyway={submit} />
      ) : phase.name === 'confirm' ? (
        <ConfirmCall tool={tool} args={phase.args} width={size.columns} onYes={() => send(phase.args, phase.invalid)} onNo={() => backToForm(phase.args)} />
      ) : (
        <CallRunView run={phase.run} state={server!} width={size.columns} height={rows} onAgain={() => backToForm(phase.run.args)} onRetry={() => send(phase.run.args, phase.run.invalid)} />
      )}
    </Box>
  );
}
