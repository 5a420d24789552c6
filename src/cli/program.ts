import { Command, CommanderError, type Help } from 'commander';
import { ConfigWriteError } from '../core/config/write-error.js';
import { LockInTheWay } from '../util/file-lock.js';
import { VERSION } from '../util/version.js';
import { COMMAND_EXIT_CODES, Exit, EXIT_MEANINGS, UserError } from './exit-codes.js';
import type { Invocation } from './target.js';
import { sanitize } from '../util/sanitize.js';

type Run = (fn: () => Promise<number>) => void;
type Register = (program: Command, inv: Invocation, run: Run) => void;

/**
 * Each command's module, loaded when that command runs: `mcpdeck --version` loads none,
 * `mcpdeck call` not the deck UI nor the config writers. In help order; keys are the
 * words a command line starts with (names and aliases).
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  ui: async () => (await import('./commands/ui.js')).registerUi,
  try: async () => (await import('./commands/try.js')).registerTry,
  status: async () => (await import('./commands/status.js')).registerStatus,
  tools: async () => (await import('./commands/tools.js')).registerTools,
  get: async () => (await import('./commands/get.js')).registerGet,
  call: async () => (await import('./commands/call.js')).registerCall,
  app: async () => (await import('./commands/app.js')).registerApp,
  ask: async () => (await import('./commands/ask.js')).registerAsk,
  models: async () => (await import('./commands/models.js')).registerModels,
  test: async () => (await import('./commands/test.js')).registerTest,
  fuzz: async () => (await import('./commands/fuzz.js')).registerFuzz,
  lint: async () => (await import('./commands/lint.js')).registerLint,
  resources: async () => (await import('./commands/protocol.js')).registerProtocol,
  tasks: async () => (await import('./commands/tasks.js')).registerTasks,
  skills: async () => (await import('./commands/skills.js')).registerSkills,
  add: async () => (await import('./commands/manage.js')).registerManage,
  sources: async () => (await import('./commands/sources.js')).registerSources,
  import: async () => (await import('./commands/import.js')).registerImport,
  export: async () => (await import('./commands/export.js')).registerExport,
  search: async () => (await import('./commands/registry.js')).registerRegistry,
  install: async () => (await import('./commands/install.js')).registerInstall,
  approve: async () => (await import('./commands/approve.js')).registerApprove,
  auth: async () => (await import('./commands/auth.js')).registerAuth,
  session: async () => (await import('./commands/session.js')).registerSession,
  answer: async () => (await import('./commands/answer.js')).registerAnswer,
};
const ALIASES: Record<string, keyof typeof COMMANDS> = { list: 'status', remove: 'add', rm: 'add', enable: 'add', disable: 'add', revoke: 'approve', read: 'resources', templates: 'resources', prompts: 'resources', prompt: 'resources', complete: 'resources', 'log-level': 'resources', ping: 'resources', wait: 'answer', show: 'search', outdated: 'install', update: 'install' };
/** Every word a command line can start with (the deck's `ui` aside): the command reference (docs/cli.md) lists each. */
export const COMMAND_WORDS = [...Object.keys(COMMANDS), ...Object.keys(ALIASES), 'rm'].filter((w) => w !== 'ui');
const PROGRAM_FLAGS = new Set(['-V', '--version']);

/** The command a command line runs; all of them for help, an unknown word or none that is clear. */
export function commandsFor(head: string[]): string[] | 'all' {
  const first = head[0];
  if (first === undefined) return ['ui'];
  if (PROGRAM_FLAGS.has(first)) return [];
  // Options before any command word belong to the default command, the deck.
  if (first.startsWith('-')) return first === '-h' || first === '--help' ? 'all' : ['ui'];
  const name = first in COMMANDS ? first : ALIASES[first];
  return name ? [name] : 'all';
}

/** The server options that take a value: `mcpdeck --config x status` moves `status` first. */
const VALUE_OPTIONS = new Set(['-c', '--config', '--only', '--sign-in', '--url', '-H', '--header', '--transport', '-e', '--env', '--root', '--protocol', '--allow-host', '--allow-read', '--allow-write', '--registry', '--model', '--traceparent', '--trace-http']);

/**
 * The command word moved to the front when server options come before it, as people
 * type with git (`mcpdeck --config x.json status`); otherwise the deck (the default
 * command) takes the word as an argument and says "too many arguments for 'ui'".
 */
export function commandFirst(head: string[]): string[] {
  for (let i = 0; i < head.length; i++) {
    const word = head[i]!;
    if (!word.startsWith('-')) return i > 0 && (word in COMMANDS || word in ALIASES) ? [word, ...head.slice(0, i), ...head.slice(i + 1)] : head;
    if (PROGRAM_FLAGS.has(word) || word === '-h' || word === '--help') return head;
    if (VALUE_OPTIONS.has(word)) i++;
  }
  return head;
}

/**
 * A first word that names no command: without this the deck (the default command) takes
 * it as an argument and says "too many arguments for 'ui'".
 */
export function unknownCommand(head: string[]): UserError | undefined {
  const first = head[0];
  if (first === undefined || first.startsWith('-') || first === 'help' || first in COMMANDS || first in ALIASES) return undefined;
  return new UserError(`unknown command "${first}"; mcpdeck --help lists the commands`);
}

/** Builds the program with the commands `head` needs; `result` resolves with the exit code of whichever command ran. */
export async function buildProgram(inv: Invocation, head: string[] = []): Promise<{ program: Command; result: Promise<number> }> {
  let settle!: (code: number) => void;
  const result = new Promise<number>((resolve) => (settle = resolve));
  const run: Run = (fn) => {
    fn().then(settle, (error: unknown) => settle(report(error)));
  };
  const program = baseProgram();
  const wanted = commandsFor(head);
  const names = wanted === 'all' ? Object.keys(COMMANDS) : wanted;
  const registers = await Promise.all(names.map((name) => COMMANDS[name]!()));
  for (const register of registers) register(program, inv, run);
  program.addHelpText('after', () => `\n${exitHelp(program.createHelp())}`);
  return { program, result };
}

function baseProgram(): Command {
  return new Command('mcpdeck')
    .description('A terminal deck for MCP servers: status, tools, calls. Run with no command for the interactive deck.')
    .version(VERSION)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) });
}

/** What `mcpdeck --help` shows of a command: its line in the list. */
export interface HelpEntry {
  name: string;
  aliases: string[];
  /** As the help writes them: `<server>`, `[pairs...]`. */
  args: string[];
  options: boolean;
  description: string;
}

/** The list `mcpdeck --help` shows, read off the whole program (scripts/bundle.mjs keeps it beside the bundle). */
export function helpIndex(program: Command): HelpEntry[] {
  return program.commands.map((c) => ({
    name: c.name(),
    aliases: c.aliases(),
    args: c.registeredArguments.map((a) => (a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`)),
    options: c.options.length > 0,
    description: c.description(),
  }));
}

/**
 * `mcpdeck --help` from the index: the same text, at the terminal's width, without
 * loading every command's module (66 chunks) to list them.
 */
export function printTopHelp(index: HelpEntry[]): number {
  const program = baseProgram();
  for (const entry of index) {
    const command = program.command(entry.name).description(entry.description).aliases(entry.aliases);
    for (const arg of entry.args) command.argument(arg);
    // Help only asks whether a command has options, to write "[options]".
    if (entry.options) command.option('--options');
  }
  program.addHelpText('after', () => `\n${exitHelp(program.createHelp())}`);
  program.outputHelp();
  return Exit.ok;
}

/** Every exit code and what it means, in the words of docs/exit-codes.md, laid out like the options. */
function exitHelp(help: Help): string {
  const codes = (Object.keys(Exit) as (keyof typeof Exit)[]).map((key) => help.formatItem(String(Exit[key]), 3, EXIT_MEANINGS[key], help));
  return ['Exit codes:', ...codes, '', help.boxWrap(COMMAND_EXIT_CODES, help.helpWidth ?? 80)].join('\n');
}

/** One message for the person, no stack trace for their mistakes. */
export function report(error: unknown): number {
  if (error instanceof UserError || error instanceof ConfigWriteError || error instanceof LockInTheWay) {
    process.stderr.write(`mcpdeck: ${sanitize(error.message)}\n`);
    return error instanceof UserError ? error.code : Exit.badInput;
  }
  if (error instanceof CommanderError) return error.exitCode === 0 ? Exit.ok : Exit.badInput;
  process.stderr.write(`mcpdeck: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
  return 70;
}
