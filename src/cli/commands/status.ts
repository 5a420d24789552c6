import type { Command } from 'commander';
import { terminalJson } from '../../util/json.js';
import type { Deck } from '../../core/deck.js';
import type { ServerState } from '../../core/servers/state.js';
import { Exit } from '../exit-codes.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { restartNote } from '../../core/servers/status-label.js';
import { worstExit } from '../../core/servers/status.js';
import { reloadNotice } from '../../core/config/reload.js';
import { statusTable, summary } from '../format.js';
import { ENCODING } from '../../core/tokens/meter.js';
import { openDeck, withTarget, type Invocation, type TargetOptions } from '../target.js';
import { onInterrupt } from '../session/context.js';

interface StatusOptions extends TargetOptions {
  json?: boolean;
  watch?: boolean;
  tokens?: boolean;
}

export function statusJson(s: ServerState, tokens?: number) {
  return {
    name: s.name,
    status: s.status,
    error: s.error ?? null,
    transport: s.transport ?? null,
    /** Why the transport is sse though the configuration named none: Streamable HTTP was refused. */
    fallback: s.fallback ?? null,
    tools: s.status === 'connected' ? s.tools.length : null,
    hiddenTools: s.hiddenTools,
    /** What the tool definitions cost in a model's context (o200k_base). */
    tokens: s.status === 'connected' ? (tokens ?? null) : null,
    source: s.source.label,
    sourcePath: s.source.path ?? null,
    server: s.serverInfo ? { name: s.serverInfo.name, version: s.serverInfo.version } : null,
    protocolVersion: s.protocolVersion ?? null,
    protocolEra: s.protocolEra ?? null,
    roots: s.roots,
    /** What it starts (secrets masked) and the folder it starts in. */
    runs: s.runs ?? null,
    cwd: s.runs?.cwd ?? null,
    /** A sandboxed stdio server: what the sandbox refused it (host or path, when, during which tool call); null: unsandboxed. */
    sandbox: s.sandbox
      ? {
          sandboxed: !s.sandbox.unavailable,
          unavailable: s.sandbox.unavailable ?? null,
          blocked: s.sandbox.blocked,
          denials: s.sandbox.denials.map((d) => ({ kind: d.kind, target: d.target, at: new Date(d.at).toISOString(), tool: d.tool ?? null, seen: d.seen })),
        }
      : null,
    approval: s.approval
      ? {
          needed: s.approval.needed,
          file: s.approval.file,
          changed: Boolean(s.approval.changed),
          by: s.approval.by ?? null,
          runs: s.approval.runs ?? null,
          approve: s.approval.needed ? `mcpdeck approve ${s.name}` : null,
        }
      : null,
  };
}

/** 0 when every enabled server connected, else the code of the worst state. */
export function statusExit(servers: readonly ServerState[]): number {
  const worst = worstExit(servers.map((s) => s.status));
  return worst ? Exit[worst] : Exit.ok;
}

export function registerStatus(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withTarget(program.command('status').alias('list').description('connect every server and show its status'))
    .option('--json', 'print JSON')
    .option('-w, --watch', 'keep running and show every change')
    .option('--tokens', "count what each server's tool definitions cost in a model's context (loads the tokenizer)")
    .action((options: StatusOptions) =>
      run(async () => {
        const deck = await openDeck(options, inv, { supervise: Boolean(options.watch) });
        try {
          if (options.watch) return await watch(deck, options);
          return await connectAndPrint(deck, Boolean(options.json), options.tokens);
        } finally {
          await deck.close();
        }
      }),
    );
}

/** Connects every server and prints the status; with `tokens`, what each server's tools cost too. */
export async function connectAndPrint(deck: Deck, json: boolean, tokens = false): Promise<number> {
  // Asked for, the tokenizer (2.7 MB) loads while the servers start.
  const warm = tokens ? deck.tokens.warm() : undefined;
  await deck.connectAll();
  await warm;
  if (tokens) await Promise.all(deck.getSnapshot().servers.map((s) => deck.tokens.countTools(s.tools)));
  return printStatus(deck, json, tokens);
}

export function printStatus(deck: Deck, json: boolean, tokens = false): number {
  const servers = deck.getSnapshot().servers;
  const counted = tokens ? (s: ServerState) => deck.tokens.server(s, { all: true }) : undefined;
  if (json) process.stdout.write(`${terminalJson(servers.map((s) => statusJson(s, counted?.(s))), 2)}\n`);
  else process.stdout.write(`${statusTable(servers, process.stdout, counted)}\n${summary(servers)}\n${counted ? `Tokens: what each server's tool definitions cost in a model's context (${ENCODING}).\n` : ''}${approvalNote(servers)}`);
  return statusExit(servers);
}

/** Redraws on a terminal; otherwise prints one line (or JSON object) per change. Ends on Ctrl-C. */
async function watch(deck: Deck, options: StatusOptions): Promise<number> {
  const out = process.stdout;
  const redraw = () => {
    const servers = deck.getSnapshot().servers;
    out.write(`\x1b[H\x1b[2J${statusTable(servers, out)}\n${summary(servers)}\n(watching; Ctrl-C to stop)\n`);
  };
  const off = out.isTTY && !options.json
    ? deck.subscribe(redraw)
    : deck.events.on('status', (e) => {
        const note = restartNote(e.restart, e.status);
        out.write(options.json ? `${terminalJson({ ...e, time: new Date().toISOString() })}\n` : `${sanitizeLine(e.name)}: ${e.status}${e.error ? ` (${sanitizeLine(e.error)})` : ''}${note ? ` · ${note}` : ''}\n`);
      });
  // Lines say what a changed configuration file did; the redrawn table just shows it.
  const offReload = out.isTTY && !options.json ? () => undefined : deck.configEvents.on('reloaded', (r) => {
    const notice = reloadNotice(r);
    if (notice) out.write(options.json ? `${terminalJson({ event: 'config-reloaded', added: r.added, removed: r.removed, changed: r.changed, waiting: r.waiting, issues: r.newIssues.map((i) => i.message), time: new Date().toISOString() })}\n` : `${sanitizeLine(notice.text)}\n`);
  });
  const stopWatching = deck.watchConfig();
  if (out.isTTY && !options.json) redraw();
  void deck.connectAll();
  // A pending promise alone does not keep Node running; a timer does.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  await new Promise<void>((resolve) => onInterrupt(resolve));
  clearInterval(keepAlive);
  stopWatching();
  offReload();
  off();
  return Exit.ok;
}

/** Under the table: what waits for approval, and how to review and approve it. */
export function approvalNote(servers: readonly ServerState[]): string {
  const waiting = servers.filter((s) => s.status === 'needs-approval');
  if (!waiting.length) return '';
  const files = [...new Set(waiting.map((s) => s.approval!.file))];
  return [
    `${waiting.length} server${waiting.length === 1 ? '' : 's'} from this project's files ${waiting.length === 1 ? 'was' : 'were'} not started: ${files.map(sanitizeLine).join(', ')}`,
    `  see what each runs: mcpdeck get <name>; approve: mcpdeck approve <name> (or --file <path>); in the deck: A on the server`,
    '',
  ].join('\n');
}
