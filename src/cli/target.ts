import { resolve } from 'node:path';
import { createDeck, DEMO_NAME, type Deck, type DeckOptions } from '../core/deck.js';
import { NOTICE_MS } from '../core/deck-options.js';
import type { ServerState } from '../core/servers/state.js';
import { restartPolicyFrom } from '../core/servers/supervisor.js';
import { Workspace } from '../core/config/workspace.js';
import { normalizeEntry } from '../core/config/normalize.js';
import { whatRunsLines } from '../core/config/what-runs.js';
import { terminalInputAsker } from './ask-input.js';
import type { ListKind } from '../core/servers/lists.js';
import { Exit, UserError } from './exit-codes.js';
import { pairs } from './pairs.js';
import { sanitizeLine } from '../util/sanitize.js';
import { answerSettings, cliPolicy } from './elicit/options.js';
import { cliAuthPolicy } from './auth/policy.js';
import { ADHOC_NAME, isAdhoc, type Invocation, type TargetOptions } from './options.js';
import type { AuthManager } from '../core/auth/manager.js';
import { commandContext } from './session/context.js';
import { parseTraceparent } from '../core/tracing/trace-context.js';
import { reportIssues } from './config-issues.js';
import { closeOnSignal } from './ending.js';

export { ADHOC_NAME, isAdhoc, withTarget, type Invocation, type TargetOptions } from './options.js';

export interface DeckScope {
  /** Connect only these (the command is about one server). */
  only?: string[];
  /** Servers the command is about without connecting them (sign-in): a session that does not hold one sends the command back. */
  about?: string[];
  /** What to list after connecting; one-shot commands need only tools. */
  lists?: ListKind[];
  /**
   * The deck drives the TUI: it keeps the traffic log and the last arguments of each
   * tool, and a person answers in the TUI what the options leave to "ask".
   */
  tui?: boolean;
  /** Restart servers that die, with backoff (default: with the TUI). */
  supervise?: boolean;
  /** Leave the configuration's issues to the caller to print (the deck's screen is up: they would be drawn over). */
  reportLater?: boolean;
  /** Compare the definitions with the accepted ones (the TUI always does). */
  drift?: boolean;
  /** Where the answering policy's notes go (a declined question, ...); default: a line each on stderr. */
  policyNotes?: (text: string) => void;
  /** `mcpdeck try`: the ad hoc server can be added to the user catalog from the deck. */
  trying?: boolean;
}

const protocolOf = (options: TargetOptions) => (options.protocol ? { protocol: options.protocol } : {});
/**
 * --sandbox and the --allow-* options: the entry's `sandbox`, paths from where the person
 * stands. Asked for on the command line (or by `try`), the sandbox is required: where the
 * platform cannot sandbox, the server does not run.
 */
function sandboxOf(options: TargetOptions, inv: Invocation): { sandbox?: Record<string, string[] | boolean> } {
  const { allowHost = [], allowRead = [], allowWrite = [] } = options;
  if (!options.sandbox && !allowHost.length && !allowRead.length && !allowWrite.length) return {};
  const path = (p: string) => (p.startsWith('~') ? p : resolve(inv.cwd, p));
  return { sandbox: { required: true, ...(allowHost.length && { network: allowHost }), ...(allowRead.length && { read: allowRead.map(path) }), ...(allowWrite.length && { write: allowWrite.map(path) }) } };
}
const SANDBOX_OPTIONS = '--sandbox and --allow-*';

/** --root paths are the person's own words on the command line: relative to where they stand. */
const rootsOf = (options: TargetOptions, inv: Invocation) => (options.root?.length ? { roots: options.root.map((r) => (r.startsWith('~') ? r : resolve(inv.cwd, r))) } : {});

/** --traceparent (else MCPDECK_TRACEPARENT) and --trace-http; the deck records HTTP exchanges for its Network view. */
function wireOptions(options: TargetOptions, inv: Invocation, tui: boolean): DeckOptions['wire'] {
  const traceparent = options.traceparent ?? (inv.env.MCPDECK_TRACEPARENT || undefined);
  if (traceparent && !parseTraceparent(traceparent)) {
    const from = options.traceparent ? '--traceparent' : 'MCPDECK_TRACEPARENT';
    throw new UserError(`${from} "${sanitizeLine(traceparent)}" is not a W3C traceparent (00-<32 hex digits>-<16 hex digits>-<2 hex digits>)`, Exit.badInput);
  }
  const along = (name: 'MCPDECK_TRACESTATE' | 'MCPDECK_BAGGAGE', max: number) => {
    const value = inv.env[name]?.trim();
    if (value && (value.length > max || !/^[\x20-\x7e]+$/.test(value))) throw new UserError(`${name} must be printable ASCII of at most ${max} characters (W3C ${name === 'MCPDECK_BAGGAGE' ? 'Baggage' : 'Trace Context'})`, Exit.badInput);
    return value || undefined;
  };
  const tracestate = along('MCPDECK_TRACESTATE', 512);
  const baggage = along('MCPDECK_BAGGAGE', 8192);
  return { traceparent, tracestate, baggage, network: tui, harPath: options.traceHttp && resolve(inv.cwd, options.traceHttp) };
}

const onlyNames = (options: TargetOptions) => options.only?.split(',').map((s) => s.trim()).filter(Boolean);

export function deckOptions(options: TargetOptions, inv: Invocation, { only, lists, tui = false, supervise = tui, drift = tui, trying = false }: DeckScope = {}): DeckOptions {
  const workspace = new Workspace(inv.env, inv.cwd);
  const base: DeckOptions = {
    lists,
    restart: supervise ? restartPolicyFrom(inv.env) : undefined,
    traffic: tui,
    rootsEditable: tui,
    // A command exits once it has its answer: its servers get a short grace, not a graceful wait.
    oneShot: !tui,
    // The deck and a session live long; a command counts once and exits.
    countTokensApart: supervise,
    // The TUI shows notices and sign-ins for a while; a command reads them all at its end.
    ...(tui && { noticeMs: NOTICE_MS }),
    cwd: inv.cwd,
    env: inv.env,
    ...(drift && workspace.driftStores()),
    configFiles: options.config,
    strict: options.strict,
    demo: options.demo,
    only: only ?? onlyNames(options),
    registry: options.registry,
    model: options.model,
    wire: wireOptions(options, inv, tui),
  };
  if (options.env?.length && !inv.commandLine?.length) {
    throw new UserError(`-e is for an ad hoc stdio server (a command after --)${options.url ? '; a remote one takes --header' : '; for a configured one, set "env" in its entry'}`, Exit.badInput);
  }
  const sandbox = sandboxOf(options, inv);
  if (sandbox.sandbox && !inv.commandLine?.length) {
    throw new UserError(`${SANDBOX_OPTIONS} are for an ad hoc stdio server (a command after --)${options.url ? ': a remote server runs elsewhere and is not sandboxed' : '; for a configured one, set "sandbox" in its entry'}`, Exit.badInput);
  }
  if (options.url) {
    const headers = pairs(options.header, ':', '--header');
    const raw = { type: options.transport ?? 'http', url: options.url, ...(Object.keys(headers).length && { headers }), ...protocolOf(options), ...rootsOf(options, inv) };
    const def = normalizeEntry(ADHOC_NAME, raw, { kind: 'adhoc', label: 'command line' }, inv.env);
    // --url without --transport may fall back to SSE, as for a config entry without a type.
    if (!options.transport && def.config?.type === 'http') def.config.typeAssumed = true;
    return { ...base, adhoc: [def], ...(trying && { userCatalog: workspace.catalog }) };
  }
  if (inv.commandLine?.length) {
    const [command, ...args] = inv.commandLine;
    const env = pairs(options.env, '=', '-e');
    const def = normalizeEntry(ADHOC_NAME, { command, args, ...(Object.keys(env).length && { env }), ...protocolOf(options), ...rootsOf(options, inv), ...sandbox }, { kind: 'adhoc', label: 'command line' }, inv.env);
    return { ...base, adhoc: [def], ...(trying && { userCatalog: workspace.catalog }) };
  }
  if (options.protocol) throw new UserError('--protocol is for an ad hoc server (--url, or a command after --); for a configured one, set "protocol" in its entry', Exit.badInput);
  if (options.root?.length) throw new UserError('--root is for an ad hoc server (--url, or a command after --); for a configured one, set "roots" in its entry', Exit.badInput);
  return {
    ...base,
    ...workspace.configStores({ strict: options.strict }),
    // The CLI asks for `${input:id}` values on the terminal; the deck asks in its own form.
    ...(!tui && { askInput: terminalInputAsker() }),
  };
}

/** Builds the deck and reports configuration problems on stderr; errors in --config files stop here. */
export async function openDeck(options: TargetOptions, inv: Invocation, scope: DeckScope = {}): Promise<Deck> {
  // A session runs this command: its deck is lent (src/cli/session/).
  const session = commandContext.getStore();
  if (session) return session.lend(options, inv, scope);
  const answers = answerSettings(options, inv.cwd);
  // The TUI asks in its own overlay; a command asks on the terminal only about the one server it is about.
  const signIn = options.signIn ?? (scope.only?.length === 1 || isAdhoc(options, inv) ? undefined : 'never');
  const deck: Deck = await createDeck({
    ...deckOptions(options, inv, scope),
    requestPolicy: cliPolicy(answers, scope.tui, scope.policyNotes, (request, signal) => deck.models.answerSample(request, undefined, signal)),
    ...(!scope.tui && { authPolicy: (auth: AuthManager) => cliAuthPolicy(auth, signIn) }),
  });
  closeOnSignal(deck);
  for (const name of scope.only ? [] : (onlyNames(options) ?? [])) {
    if (!deck.server(name)) deck.configIssues.push({ severity: 'error', message: `--only names "${name}", which is not configured` });
  }
  if (!scope.reportLater) reportIssues(deck.configIssues);
  // A broken --config file or a bad --only stops the command; a broken .mcp.json is only reported.
  const explicit = new Set((options.config ?? []).map((f) => resolve(inv.cwd, f)));
  const fatal = deck.configIssues.find((i) => i.severity === 'error' && !i.server && (!i.file || explicit.has(i.file)));
  if (fatal) {
    await deck.close();
    throw new UserError(fatal.message, Exit.badInput);
  }
  return deck;
}

/** Why a server from a project's file did not start, what it would run, and how to let it. */
export function approvalHint(state: ServerState): string {
  const { approval, name } = state;
  if (!approval) return `${name} needs approval`;
  const runs = approval.runs ? whatRunsLines(approval.runs).map((l) => `\n  ${sanitizeLine(l)}`).join('') : '';
  const why = approval.changed ? 'changed since it was approved' : 'not approved yet';
  return `${name} comes from ${sanitizeLine(approval.file)} and is ${why}; nothing from it was started.${runs}\n  approve it with: mcpdeck approve ${name}  (or the whole file: mcpdeck approve --file ${sanitizeLine(approval.file)})`;
}

/** The server a command is about: the ad hoc one, or a configured one by name. */
export function pickServer(deck: Deck, name: string | undefined, adhoc: boolean): string {
  if (adhoc) return ADHOC_NAME;
  if (!name) throw new UserError('name a server (see `mcpdeck status`)');
  if (!deck.server(name)) {
    const known = deck.getSnapshot().servers.map((s) => s.name);
    // The built-in demo stands in only while nothing is configured: after `mcpdeck add` it takes --demo.
    const demo = name === DEMO_NAME ? `; the built-in demo is used only while no server is configured: add --demo to use it now` : '';
    throw new UserError(`no server named "${name}"; configured: ${known.join(', ') || 'none'}${demo}`);
  }
  return name;
}

/** Connects just one server and fails with the right exit code when it cannot. */
export async function connectOne(deck: Deck, name: string): Promise<ServerState> {
  await deck.reconnect(name);
  const state = deck.server(name)!;
  if (state.status === 'connected') return state;
  if (state.status === 'disabled') throw new UserError(`${name} is disabled (enable it with \`mcpdeck enable ${name}\`)`);
  if (state.status === 'needs-approval') throw new UserError(approvalHint(state), Exit.needsApproval);
  if (state.status === 'needs-auth') {
    throw new UserError(`${state.error ?? `${name} needs sign-in`}\n  sign in with: mcpdeck auth login ${name === ADHOC_NAME ? '--url <url>' : name} (or add --sign-in auto)`, Exit.needsAuth);
  }
  throw new UserError(`${name} failed to connect: ${state.error}`, state.configIssues.some((i) => i.severity === 'error') ? Exit.badInput : Exit.connection);
}
