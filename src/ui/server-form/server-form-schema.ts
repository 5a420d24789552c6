import { SERVER_NAME } from '../../core/config/server-entry.js';
import type { NewServerScope, ServerFields } from '../../core/config/server-editor.js';

const TRANSPORTS = ['stdio', 'auto', 'http', 'sse'] as const;

/**
 * The form as a JSON Schema, so the deck's one form widget (the tool-argument form) draws
 * and checks it. A new server also chooses where it goes; an edited one stays in its file.
 */
export function serverFormSchema(scopes: readonly NewServerScope[] | undefined): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', pattern: SERVER_NAME.source, description: 'letters, digits, ".", "_" and "-"' },
      transport: { type: 'string', title: 'Transport', enum: [...TRANSPORTS], enumNames: ['stdio (a command)', 'auto (a URL: Streamable HTTP, else SSE)', 'http (Streamable HTTP only)', 'sse (the older HTTP+SSE)'], default: 'stdio' },
      command: { type: 'string', title: 'Command', description: 'stdio: the program to run, e.g. npx or node' },
      args: { type: 'array', items: { type: 'string' }, title: 'Arguments', description: 'stdio: one argument per item (ctrl+n adds one)' },
      env: { type: 'array', items: { type: 'string' }, title: 'Environment', description: 'stdio: KEY=value, one per item; ${VAR} is read from your environment' },
      url: { type: 'string', title: 'URL', description: 'auto, http or sse: the server’s address' },
      headers: { type: 'array', items: { type: 'string' }, title: 'Headers', description: 'auto, http or sse: "Name: value", one per item' },
      ...(scopes && {
        scope: { type: 'string', title: 'Where', enum: scopes.map((s) => s.id), enumNames: scopes.map((s) => s.label), default: scopes[0]?.id },
      }),
    },
    required: ['name', 'transport', ...(scopes ? ['scope'] : [])],
  };
}

/** The fields as the form starts with them. */
export function formValues(fields: ServerFields): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && !(Array.isArray(v) && !v.length)));
}

/** What the form sent, as the editor takes it. */
export function fieldsFrom(values: Record<string, unknown>): ServerFields {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : undefined);
  const transport = TRANSPORTS.find((t) => t === values.transport) ?? 'stdio';
  const scope = text(values.scope);
  return {
    name: text(values.name) ?? '', transport, command: text(values.command), args: list(values.args), env: list(values.env),
    url: text(values.url), headers: list(values.headers), ...(scope && { scope }),
  };
}
