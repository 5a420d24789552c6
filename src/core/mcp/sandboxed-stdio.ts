import type { StdioConfig } from '../config/types.js';
import type { Denial } from '../sandbox/denials.js';
import type { SandboxSettings } from '../sandbox/settings.js';
import { StdioTransport } from './stdio-transport.js';
import { ConnectError } from './errors.js';
import type { TransportHooks } from './transports.js';

/** What the sandbox of a server tells its connection: a denial, how to read the server's words for more, or that it could not be had. */
export type SandboxEvent =
  | { type: 'denial'; denial: Pick<Denial, 'kind' | 'target' | 'seen'> }
  | { type: 'started'; scan: (text: string) => Pick<Denial, 'kind' | 'target'>[]; settings: SandboxSettings }
  | { type: 'unavailable'; reason: string };

/**
 * A stdio server in its sandbox (core/sandbox/, loaded only now). Where the platform
 * cannot sandbox, a server whose sandbox is required is not run; any other (an entry of the
 * person's own with `"sandbox": true`) runs unsandboxed, and the person is told.
 */
export async function sandboxedStdio(config: StdioConfig & { sandbox: NonNullable<StdioConfig['sandbox']> }, hooks: TransportHooks): Promise<StdioTransport> {
  const [{ sandboxLaunch, sandboxUnavailable, sandboxStarting }, { pathDenials }] = await Promise.all([import('../sandbox/launch.js'), import('../sandbox/denials.js')]);
  const settings = config.sandbox;
  // The runtime starts (its proxy) while the platform is checked; a failed start is said when launching.
  sandboxStarting();
  const why = await sandboxUnavailable();
  if (why) {
    // Required: marked so in its entry, approved sandboxed, or sandboxed from the command line or by `try`.
    if (settings.required) throw new ConnectError(`${why}; the server may run only sandboxed, so mcpdeck does not run it`);
    hooks.onSandbox?.({ type: 'unavailable', reason: why });
    hooks.onNote?.(`${why}; the server runs unsandboxed, with all of your rights`);
    return new StdioTransport({ ...config, ...hooks });
  }
  const tell = (denial: Pick<Denial, 'kind' | 'target' | 'seen'>) => hooks.onSandbox?.({ type: 'denial', denial });
  let launch;
  try {
    launch = await sandboxLaunch({
      command: config.command, args: config.args, env: config.env, cwd: config.cwd, roots: config.roots ?? [], settings,
      onDenial: (denial) => tell({ ...denial, seen: denial.kind === 'network' ? 'proxy' : 'system' }),
    });
  } catch (error) {
    throw new ConnectError(`the sandbox could not be set up: ${(error as Error).message}`);
  }
  const { readable, writable } = launch;
  const scan = (text: string) => pathDenials(text, settings, readable, writable);
  hooks.onSandbox?.({ type: 'started', scan, settings });
  return new StdioTransport({
    ...config, ...hooks, command: launch.command, args: launch.args, env: launch.env, onEnd: launch.end,
    onStderr: (chunk) => {
      hooks.onStderr?.(chunk);
      for (const found of scan(chunk)) tell({ ...found, seen: 'stderr' });
    },
  });
}
