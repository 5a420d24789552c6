import { Box, Text } from 'ink';
import type { CallRun, CallState } from '../../core/calls/call-run.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useKeys } from '../keys/useKeys.js';
import { useRequests } from '../hooks/useRequests.js';
import { useTick } from '../hooks/useTick.js';
import { ProgressBar } from './ProgressBar.js';
import { useTheme } from '../theme/ThemeContext.js';
import { taskLine } from '../../core/calls/task-text.js';

const SPIN = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Elapsed time, the server's progress (a bar with a total, the count so far without) and its message, and esc to cancel. */
export function RunningView({ run, state, width }: { run: CallRun; state: CallState; width: number }) {
  const tick = useTick(100);
  const theme = useTheme();
  useKeys(['running'], { cancel: run.cancel });
  // The server asked the person something: the call waits on them, not on the server.
  const asking = useRequests().pending.some((r) => r.server === run.server);
  const elapsed = ((Date.now() - state.startedAt) / 1000).toFixed(1);
  const { progress } = state;
  const spinner = SPIN[tick % SPIN.length]!;
  // Without a total a bare number says little: it is a count so far.
  const count = progress ? (progress.total ? `${progress.progress}/${progress.total}` : `${progress.progress} so far (no total given)`) : '';
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text wrap="truncate-end">{`${spinner} ${state.task ? 'task' : 'calling'} ${sanitizeLine(run.tool)} · ${asking ? 'waiting for your answer · ' : ''}${elapsed} s`}</Text>
      {state.task ? <Text wrap="truncate-end" color={theme.accent}>{`task ${sanitizeLine(state.task.taskId)} · ${taskLine(state.task)}`}</Text> : null}
      <Box>
        {progress?.total ? <ProgressBar value={progress.progress} total={progress.total} width={Math.min(40, Math.max(10, width - 30))} /> : null}
        <Text>{progress ? `${progress.total ? ' ' : ''}${count}` : 'no progress reported yet'}</Text>
      </Box>
      <Text wrap="truncate-end">{progress?.message ? sanitizeLine(progress.message) : ' '}</Text>
      <Text dimColor>{run.fetching ? 'esc stops waiting (the task runs on); other keys still work' : state.task ? 'esc cancels the task (tasks/cancel); other keys still work' : 'esc cancels the call (the server is told); other keys still work'}</Text>
    </Box>
  );
}
