import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { isRecord } from '../../util/is-record.js';

/** The 2026-07-28 Tasks extension, declared in `capabilities.extensions`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
const STATUSES: readonly string[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];
export const isTerminal = (status: TaskStatus) => status === 'completed' || status === 'failed' || status === 'cancelled';

/** A task as both generations describe it (2025: `ttl`, `pollInterval`; 2026: `ttlMs`, `pollIntervalMs`). */
export interface TaskView {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  /** Ms from creation the server keeps it; null: for ever; undefined: not said. */
  ttlMs?: number | null;
  pollIntervalMs?: number;
}

/** What a 2026-07-28 `tasks/get` adds: the questions waiting, or the end. */
export interface DetailedTask extends TaskView {
  inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
  result?: CallToolResult;
  error?: { code?: number; message?: string };
}

/** Whether a tool runs as a task (2025-11-25 `execution.taskSupport`): required, on request, or never. */
export function taskSupport(tool: { execution?: { taskSupport?: string } }): 'required' | 'optional' | undefined {
  const support = tool.execution?.taskSupport;
  return support === 'required' || support === 'optional' ? support : undefined;
}

type TaskCapabilities = { tasks?: { requests?: { tools?: { call?: object } } }; extensions?: Record<string, object> } | undefined;

/**
 * Why a server has no tasks to ask about: it declares no `tasks` capability (2025-11-25)
 * or no tasks extension (2026-07-28); undefined when it offers them.
 */
export function noTasksReason(era: 'modern' | 'legacy' | undefined, capabilities: TaskCapabilities): string | undefined {
  if (era === 'modern') return capabilities?.extensions?.[TASKS_EXTENSION] ? undefined : `it declares no ${TASKS_EXTENSION} extension`;
  return capabilities?.tasks ? undefined : 'it declares no "tasks" capability';
}

/**
 * Why this call cannot go as asked, before anything is sent: a tool that requires a task
 * on a server that offers none for tools/call (it would answer -32601), or a task asked
 * of a tool or server that has none.
 */
export function taskProblem(
  tool: { name: string; execution?: { taskSupport?: string } },
  era: 'modern' | 'legacy' | undefined,
  capabilities: TaskCapabilities,
  asked: boolean,
): string | undefined {
  if (era === 'modern') {
    if (asked && noTasksReason(era, capabilities)) return `the server does not offer tasks (no ${TASKS_EXTENSION} extension): call ${tool.name} without --task`;
    return undefined;
  }
  const support = taskSupport(tool);
  const offered = Boolean(capabilities?.tasks?.requests?.tools?.call);
  if (support === 'required' && !offered) return `${tool.name} runs only as a task, and the server does not offer tasks for tools/call (its capabilities have no tasks.requests.tools.call)`;
  if (asked && !support) return `${tool.name} does not run as a task (its execution.taskSupport is ${tool.execution?.taskSupport ?? 'not set'}): call it without --task`;
  if (asked && !offered) return `the server does not offer tasks for tools/call: call ${tool.name} without --task`;
  return undefined;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A task from either generation's shape, or undefined for anything that is not one. */
export function parseTask(raw: unknown): DetailedTask | undefined {
  if (!isRecord(raw) || typeof raw.taskId !== 'string' || !raw.taskId || !STATUSES.includes(raw.status as string)) return undefined;
  const ttl = raw.ttlMs !== undefined ? raw.ttlMs : raw.ttl;
  const task: DetailedTask = {
    taskId: raw.taskId,
    status: raw.status as TaskStatus,
    statusMessage: str(raw.statusMessage),
    createdAt: str(raw.createdAt),
    lastUpdatedAt: str(raw.lastUpdatedAt),
    ttlMs: ttl === null ? null : num(ttl),
    pollIntervalMs: num(raw.pollIntervalMs ?? raw.pollInterval),
  };
  if (isRecord(raw.inputRequests)) {
    task.inputRequests = Object.fromEntries(
      Object.entries(raw.inputRequests).flatMap(([key, request]) =>
        isRecord(request) && typeof request.method === 'string' ? [[key, { method: request.method, params: isRecord(request.params) ? request.params : undefined }]] : [],
      ),
    );
  }
  if (isRecord(raw.result)) task.result = { content: [], ...raw.result } as CallToolResult;
  if (isRecord(raw.error)) task.error = { code: typeof raw.error.code === 'number' ? raw.error.code : undefined, message: str(raw.error.message) };
  return task;
}

/** The task a `tools/call` answered with instead of a result: 2025 `{ task }`, 2026 `resultType: "task"`. */
export function createdTask(result: unknown): DetailedTask | undefined {
  if (!isRecord(result)) return undefined;
  if (result.resultType === 'task') return parseTask(result);
  return isRecord(result.task) ? parseTask(result.task) : undefined;
}

const looksLikeTask = (value: unknown) => isRecord(value) && (value.resultType === 'task' || isRecord(value.task));

interface Codec {
  decodeResult(method: string, raw: unknown): unknown;
}
interface StandardSchema {
  '~standard': { validate(value: unknown): unknown };
}
type Funnel = (codec: Codec, request: { method: string }, schema: StandardSchema, options: unknown) => Promise<unknown>;

/**
 * Lets a `tools/call` answer with a task. The SDK has no task runtime: on 2026-07-28 its
 * codec refuses `resultType: "task"` and on 2025 its result schema drops `task`; the
 * task comes back as the call's result and call.ts follows it. One seam of the SDK's
 * request funnel, for that one method; every other request goes through untouched.
 */
export function acceptTaskResults(client: Client): void {
  const target = client as unknown as { _requestWithSchemaViaCodec?: Funnel };
  const original = target._requestWithSchemaViaCodec;
  // An SDK without this seam: calls work as before, a task result is refused by the SDK.
  if (typeof original !== 'function') return;
  const funnel = original.bind(client);
  target._requestWithSchemaViaCodec = (codec, request, schema, options) => {
    if (request.method !== 'tools/call') return funnel(codec, request, schema, options);
    const decoding: Codec = Object.create(codec, {
      decodeResult: { value: (method: string, raw: unknown) => (looksLikeTask(raw) ? { kind: 'complete', result: raw } : codec.decodeResult(method, raw)) },
    });
    const checking: StandardSchema = { '~standard': { ...schema['~standard'], validate: (value) => (looksLikeTask(value) ? { value } : schema['~standard'].validate(value)) } };
    return funnel(decoding, request, checking, options);
  };
}
