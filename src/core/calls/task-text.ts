import type { TaskView } from '../mcp/task-wire.js';
import type { TaskEntry } from '../servers/tasks.js';
import { formatDuration } from '../../util/text.js';
import { sanitizeLine } from '../../util/sanitize.js';

/** A task status as words: `input_required` reads "input required". */
const statusWords = (status: TaskView['status']) => status.replace('_', ' ');

/** How long the server keeps the task: "ttl 5 min", "kept for ever", or nothing when it did not say. */
function ttlText(task: Pick<TaskView, 'ttlMs'>): string | undefined {
  if (task.ttlMs === null) return 'kept with no time limit';
  return task.ttlMs === undefined ? undefined : `ttl ${span(task.ttlMs)}`;
}

/** A span as a person says it: "300 ms", "2.50 s", "5 min", "1.5 h". */
function span(ms: number): string {
  if (ms < 60_000) return formatDuration(ms);
  const round = (n: number) => String(Math.round(n * 10) / 10);
  return ms < 3_600_000 ? `${round(ms / 60_000)} min` : `${round(ms / 3_600_000)} h`;
}

/** One line about a task, sanitized: "working · step 2 of 4 · ttl 1 min". */
export function taskLine(task: TaskView): string {
  return [statusWords(task.status), task.statusMessage && sanitizeLine(task.statusMessage), ttlText(task)].filter(Boolean).join(' · ');
}

/** Progress as the server reported it: "2/5 · counted 2". */
function progressText({ progress, total, message }: NonNullable<TaskEntry['progress']>): string {
  return [`${progress}${total ? `/${total}` : ''}`, message && sanitizeLine(message)].filter(Boolean).join(' · ');
}

/** Every field a person may want, as `label: value` lines (the CLI's `tasks get`, the deck's detail). */
export function taskFields(task: TaskView & Pick<TaskEntry, 'tool' | 'progress'>): [string, string][] {
  const fields: [string, string | undefined][] = [
    ['task', sanitizeLine(task.taskId)],
    ['status', statusWords(task.status)],
    ['message', task.statusMessage && sanitizeLine(task.statusMessage)],
    ['progress', task.progress && progressText(task.progress)],
    ['kept', ttlText(task)],
    ['tool', task.tool && sanitizeLine(task.tool)],
    ['created', task.createdAt && sanitizeLine(task.createdAt)],
    ['updated', task.lastUpdatedAt && sanitizeLine(task.lastUpdatedAt)],
    ['poll every', task.pollIntervalMs === undefined ? undefined : formatDuration(task.pollIntervalMs)],
  ];
  return fields.filter((f): f is [string, string] => f[1] !== undefined);
}
