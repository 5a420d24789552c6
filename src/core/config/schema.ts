import { z } from 'zod';
import { SPOKEN_REVISIONS } from '../mcp/revisions.js';

/** The known fields of an `mcpServers` entry; unknown ones are reported, not fatal. */
const build = () => {
  const stringMap = z.record(z.string(), z.string());
  // 0 is "no timeout", as in the other clients' files mcpdeck reads.
  const ms = z.number().int().nonnegative();
  return z.object({
    type: z.string().optional(),
    command: z.string().optional(),
    args: z.array(z.string()).optional(),
    env: stringMap.optional(),
    cwd: z.string().optional(),
    url: z.string().optional(),
    headers: stringMap.optional(),
    module: z.string().optional(),
    export: z.string().optional(),
    disabled: z.boolean().optional(),
    timeout: ms.optional(),
    requestTimeout: ms.optional(),
    /** Which protocol generation to speak: "auto" (default), "legacy" (2025), "modern" (2026-07-28), or one exact revision. */
    protocol: z
      .string()
      .refine((value) => ['auto', 'legacy', 'modern', ...SPOKEN_REVISIONS].includes(value), `must be "auto", "legacy", "modern" or a revision mcpdeck speaks: ${SPOKEN_REVISIONS.join(', ')}`)
      .optional(),
    /** Folders offered to the server as roots; `~` and ${VAR} are expanded, a relative path is from the file's folder. */
    roots: z.array(z.string().min(1, 'a root must name a folder')).optional(),
    /** Run a stdio server in an OS sandbox: `true`, `"required"`, or what it may reach (sandbox/settings.ts). */
    sandbox: z
      .union([
        z.boolean(),
        z.literal('required'),
        z.strictObject({
          network: z.array(z.string().min(1, 'a host must be named')).optional(),
          read: z.array(z.string().min(1, 'a path must be named')).optional(),
          write: z.array(z.string().min(1, 'a path must be named')).optional(),
          env: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name')).optional(),
          required: z.boolean().optional(),
        }),
      ], { error: 'must be true, false, "required" or an object with network, read, write, env, required' })
      .optional(),
    tools: z
      .strictObject({ allow: z.array(z.string()).optional(), block: z.array(z.string()).optional() })
      .optional(),
    oauth: z
      .looseObject({
        clientId: z.string().optional(),
        clientSecret: z.string().optional(),
        scopes: z.array(z.string()).optional(),
        callbackPort: z.number().int().min(0).max(65535).optional(),
        clientMetadataUrl: z.string().optional(),
      })
      .optional(),
  });
};

let built: ReturnType<typeof build> | undefined;
/** Built when the first entry is read: with nothing configured (the demo alone) it never is. */
export const serverEntrySchema = () => (built ??= build());

export type ServerEntry = z.infer<ReturnType<typeof build>>;
export const knownFields = () => Object.keys(serverEntrySchema().shape);

export const TYPE_ALIASES: Record<string, 'stdio' | 'sse' | 'http' | 'inprocess'> = {
  stdio: 'stdio',
  sse: 'sse',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  streamable_http: 'http',
  inprocess: 'inprocess',
  'in-process': 'inprocess',
};
