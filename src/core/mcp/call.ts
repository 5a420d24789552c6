import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, ErrorCode, McpError, type CallToolResult, type Progress, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { validate } from '../schema/validator.js';

export const DEFAULT_CALL_TIMEOUT = 10 * 60_000;

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** Ms without any progress before the call is given up; resets on progress. */
  timeout?: number;
}

export interface CallOutcome {
  /** The result exactly as the server sent it. */
  result: CallToolResult;
  /** The tool ran and reported failure (`isError`), as opposed to a protocol error. */
  isError: boolean;
  durationMs: number;
  /** Present when the tool declares an outputSchema: mismatches are reported, never hidden. */
  output?: { valid: boolean; errors: string[] };
}

export type CallErrorKind = 'bad-arguments' | 'unknown-tool' | 'not-connected' | 'cancelled' | 'timeout' | 'protocol';

export class ToolCallError extends Error {
  constructor(
    readonly kind: CallErrorKind,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

/** Checks arguments against the tool's inputSchema before anything is sent. */
export function checkArguments(tool: Tool, args: Record<string, unknown>): void {
  const { valid, errors } = validate(tool.inputSchema, args);
  if (!valid) throw new ToolCallError('bad-arguments', `invalid arguments for ${tool.name}: ${errors.join('; ')}`, errors);
}

export async function callTool(client: Client, tool: Tool, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallOutcome> {
  checkArguments(tool, args);
  const started = performance.now();
  let result: CallToolResult;
  try {
    // client.callTool would throw the result away on an outputSchema mismatch: ask raw.
    result = (await client.request({ method: 'tools/call', params: { name: tool.name, arguments: args } }, CallToolResultSchema, {
      signal: options.signal,
      onprogress: options.onProgress,
      timeout: options.timeout ?? DEFAULT_CALL_TIMEOUT,
      resetTimeoutOnProgress: true,
    })) as CallToolResult;
  } catch (error) {
    throw asCallError(error, options.signal);
  }
  const durationMs = performance.now() - started;
  const isError = result.isError === true;
  return { result, isError, durationMs, output: tool.outputSchema && !isError ? checkOutput(tool.outputSchema, result) : undefined };
}

function checkOutput(schema: object, result: CallToolResult): { valid: boolean; errors: string[] } {
  if (result.structuredContent === undefined) {
    return { valid: false, errors: ['the tool declares an outputSchema but returned no structuredContent'] };
  }
  return validate(schema, result.structuredContent);
}

function asCallError(error: unknown, signal?: AbortSignal): ToolCallError {
  if (error instanceof ToolCallError) return error;
  if (signal?.aborted) return new ToolCallError('cancelled', 'the call was cancelled (the server was told)');
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) return new ToolCallError('timeout', `the call timed out: ${error.message}`);
    if (error.code === ErrorCode.ConnectionClosed) return new ToolCallError('not-connected', 'the connection closed during the call');
    return new ToolCallError('protocol', `the server refused the call: ${error.message}`);
  }
  return new ToolCallError('protocol', (error as Error).message ?? String(error));
}
