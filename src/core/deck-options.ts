import type { ConfigSessionOptions } from './config/session.js';
import type { ServerDefinition } from './config/types.js';
import type { UserCatalog } from './config/user-catalog.js';
import type { RecentArgs } from './calls/recent-args.js';
import type { AuthManager, AuthPolicy } from './auth/manager.js';
import type { RequestPolicy } from './elicitation/types.js';
import type { ListKind } from './servers/lists.js';
import type { RestartPolicy } from './servers/supervisor.js';
import type { WatcherFactory } from './config/watch.js';
import type { ConfigReload } from './config/reload.js';
import type { DefinitionStore } from './drift/store.js';
import type { Clock } from './clock.js';
import type { WireOptions } from './network/wire.js';

/** How long the TUI shows a notice ("signed in to X", a withdrawn request, a page done). */
export const NOTICE_MS = 8_000;

/** How a Deck is built: every part injected (the CLI passes the real ones, tests their own). */
export interface DeckOptions extends Omit<ConfigSessionOptions, 'userCatalog'> {
  userCatalog?: UserCatalog;
  /** The arguments last sent per tool, for prefilling forms (absent: no prefill). */
  recentArgs?: RecentArgs;
  /** Add the built-in demo server (also used when nothing is configured at all). */
  demo?: boolean;
  /** Servers not in any configuration (`--url`, `-- command`): they replace all others. */
  adhoc?: ServerDefinition[];
  only?: string[];
  defaultCallTimeout?: number;
  /** What to list after connecting (default: everything). One-shot commands need only tools. */
  lists?: ListKind[];
  /** Keep the traffic log (default true); one-shot commands never show it, so they skip its cost. */
  traffic?: boolean;
  /** OAuth for remote servers (default: credentials in the user config folder, browser via $BROWSER or `open`). */
  auth?: AuthManager;
  /** Restart servers that die, with backoff (the TUI and `status --watch`; one-shot commands do not). */
  restart?: RestartPolicy;
  /** Who answers what servers ask: a policy (the CLI's options), or, without one, a person through `requests`. */
  requestPolicy?: RequestPolicy;
  /** When a server wants a sign-in: at once, after asking, or never (built from the deck's AuthManager). */
  authPolicy?: (auth: AuthManager) => AuthPolicy;
  /** Roots can be changed while servers run (the TUI): they are declared with `listChanged`. */
  rootsEditable?: boolean;
  /** A command that ends once it has its answer: closing gives each stdio server a short grace, not a graceful wait. */
  oneShot?: boolean;
  /**
   * Token counts from a process of their own that ends when idle (tokens/counter.ts), for
   * a deck that lives long: the tokenizer's 56 MiB would otherwise stay for good.
   */
  countTokensApart?: boolean;
  /** How `watchConfig` watches the configuration files (default: their folders, with fs.watch); false: never. */
  watcher?: WatcherFactory | false;
  /** The definitions the person accepted, per server: with it, the deck watches for drift (`deck.drift`). */
  definitions?: DefinitionStore;
  /** Time for what expires (default: the system clock). */
  clock?: Clock;
  /** The MCP Registry to read (`--registry`); unset, the `registry` setting or the official one. */
  registry?: string;
  /** The model for the playground, `ask`, evals and sampling by model (`--model provider:name`); unset, the `models` setting's default. */
  model?: string;
  /** Trace context to join, and whether (and where) HTTP exchanges are recorded (network/wire.ts). */
  wire?: WireOptions;
  /** How long notices and finished sign-ins stay in the stores (the TUI: NOTICE_MS); unset: until dismissed. */
  noticeMs?: number;
}

export interface DeckConfigEvents extends Record<string, unknown> {
  /** The configuration was read again while the deck runs (a file changed, or `reload()`). */
  reloaded: ConfigReload;
}

export type { ApprovalScope } from './config/approvals.js';
