// The protocol's types as the rest of mcpdeck sees them: one place that names the SDK,
// so the UI and the CLI never import it (see ARCHITECTURE.md: nothing outside src/core/mcp imports the SDKs).
export type {
  CallToolResult,
  CompleteRequest,
  CompleteResult,
  CreateMessageRequest,
  ElicitRequestFormParams,
  GetPromptResult,
  FetchLike,
  Implementation,
  JSONRPCMessage,
  LoggingLevel,
  LoggingMessageNotification,
  Progress,
  Prompt,
  PromptMessage,
  ReadResourceResult,
  RequestOptions,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/client';
import type { RequestOptions } from '@modelcontextprotocol/client';
export { UriTemplate } from '@modelcontextprotocol/client';

/** A request's options, with the person's own `_meta` (the CLI's --meta) added to what mcpdeck sends. */
export interface SendOptions extends RequestOptions {
  meta?: Record<string, unknown>;
}

/** Which generation of the protocol a session speaks: 2026-07-28 and later, or the 2025 revisions. */
export type ProtocolEra = 'modern' | 'legacy';
