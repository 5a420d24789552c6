import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Deck } from '../../core/deck.js';
import type { Conversation, Decision, ToolTurn } from '../../core/models/conversation.js';
import { ModelSettingError } from '../../core/models/endpoints.js';
import { readTranscript, saveTranscript, transcriptOf, TranscriptError, type Transcript } from '../../core/models/transcript.js';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { withAnswers } from '../elicit/options.js';
import { Exit, UserError } from '../exit-codes.js';
import { connectOne, openDeck, withTarget, type Invocation, type TargetOptions } from '../target.js';
import { onInterrupt } from '../session/context.js';
import { printJson } from '../request.js';
import { conversationJson, toolLine } from '../model-text.js';

interface AskOptions extends TargetOptions {
  servers?: string;
  yes?: boolean;
  allowTools?: string;
  system?: string;
  maxSteps?: string;
  save?: string;
  replay?: string;
  json?: boolean;
}

/**
 * `mcpdeck ask "<message>"`: the model of `--model` answers over the tools of the servers
 * picked, calling them as an agent would. Read-only, closed-world tools run; the others
 * only with --yes or --allow-tools, else the model is told the person did not allow it.
 */
export function registerAsk(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withAnswers(withTarget(program.command('ask [message]').description('ask a model (--model provider:name) with the tools of your servers; --replay a saved conversation')))
    .option('--servers <names>', 'the servers whose tools the model gets, comma-separated (default: every enabled one)')
    .option('--yes', 'let the model run every tool, also those that may destroy or reach the outside world')
    .option('--allow-tools <names>', 'let the model run these tools (comma-separated: tool, server/tool, or the name the model sees)')
    .option('--system <text>', 'a system prompt')
    .option('--max-steps <n>', 'model requests per message at most (default 10)')
    .option('--save <file.json>', 'save the conversation (messages, tool calls and results; mode 0600)')
    .option('--replay <file.json>', 'send the messages of a saved conversation again, to the same servers unless --servers')
    .option('--json', 'print the reply, the tool calls and the token use as JSON')
    .action((message: string | undefined, options: AskOptions) =>
      run(async () => {
        const saved = options.replay ? await readSaved(resolve(inv.cwd, options.replay)) : undefined;
        const messages = saved ? saved.messages : message ? [message] : [];
        if (!messages.length) throw new UserError('write a message: mcpdeck ask "<message>" (or --replay <file.json>)');
        const maxSteps = options.maxSteps === undefined ? undefined : Number(options.maxSteps);
        if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps > 0)) throw new UserError(`--max-steps "${options.maxSteps}" must be a whole number above 0`);
        const named = options.servers?.split(',').map((s) => s.trim()).filter(Boolean) ?? saved?.servers;
        const model = options.model ?? saved?.model;
        const deck = await openDeck({ ...options, model }, inv, { lists: ['tools'], ...(named && { only: named }) });
        const abort = new AbortController();
        const stop = onInterrupt(() => abort.abort());
        try {
          const servers = await connectServers(deck, named);
          const allow = new Set(options.allowTools?.split(',').map((s) => s.trim()).filter(Boolean));
          const system = options.system ?? saved?.system;
          let conversation: Conversation;
          let spec: string;
          try {
            spec = deck.models.endpoint(model).spec;
            conversation = deck.models.conversation({ servers, model, maxSteps, ...(system && { system }), policy: (turn) => decide(turn, options.yes, allow) });
          } catch (error) {
            if (error instanceof ModelSettingError) throw new UserError(error.message, Exit.badInput);
            throw error;
          }
          const stopPrinting = options.json ? () => {} : printAsItComes(conversation);
          for (const text of messages) await conversation.send(text, abort.signal);
          stopPrinting();
          const snapshot = conversation.getSnapshot();
          if (options.save) saveTranscript(resolve(inv.cwd, options.save), transcriptOf(snapshot, conversation.messages, { model: spec, servers, system }));
          if (options.json) printJson(conversationJson(snapshot, spec, servers));
          else process.stderr.write(`${summary(snapshot, spec)}\n`);
          if (abort.signal.aborted) return Exit.interrupted;
          const failed = snapshot.turns.find((t) => t.kind === 'error');
          return failed ? Exit.protocol : Exit.ok;
        } finally {
          stop();
          await deck.close();
        }
      }),
    );
}

async function readSaved(path: string): Promise<Transcript> {
  try {
    return await readTranscript(path);
  } catch (error) {
    if (error instanceof TranscriptError) throw new UserError(`--replay ${error.message}`);
    throw error;
  }
}

/** The servers named (each must connect), or every enabled one that connects (the others are said and left out). */
async function connectServers(deck: Deck, named: string[] | undefined): Promise<string[]> {
  if (named) {
    for (const name of named) if (!deck.server(name)) throw new UserError(`no server named "${sanitizeLine(name)}" (see \`mcpdeck status\`)`);
    for (const name of named) await connectOne(deck, name);
    return named;
  }
  const names = deck.getSnapshot().servers.filter((s) => s.status !== 'disabled' && s.status !== 'needs-approval').map((s) => s.name);
  const connected: string[] = [];
  await Promise.all(names.map((name) => connectOne(deck, name).then(() => connected.push(name), (error: Error) => process.stderr.write(`mcpdeck: ${sanitizeLine(name)} left out: ${sanitizeLine(error.message.split('\n')[0] ?? '')}\n`))));
  if (!connected.length) throw new UserError('no server is connected to give the model tools: add one (mcpdeck add) or name it with --servers', Exit.connection);
  return names.filter((n) => connected.includes(n));
}

/** --yes runs all; --allow-tools the ones it names; any other call that asks first is refused, and said. */
function decide(turn: ToolTurn, yes: boolean | undefined, allow: Set<string>): Decision {
  if (yes || allow.has(turn.name) || allow.has(turn.tool) || allow.has(`${turn.server}/${turn.tool}`)) return 'once';
  process.stderr.write(`mcpdeck: the model called ${sanitizeLine(turn.server)}/${sanitizeLine(turn.tool)}, which may change things or reach the outside world: not run (allow it with --allow-tools ${sanitizeLine(turn.tool)}, or --yes)\n`);
  return 'deny';
}

/** The reply streams to stdout as it comes; each tool call is a line on stderr, then how it ended. */
function printAsItComes(conversation: Conversation): () => void {
  let seen = 0;
  let printed = 0;
  const ended = new Set<string>();
  const flush = () => {
    const { turns } = conversation.getSnapshot();
    for (let i = seen; i < turns.length; i++) {
      const turn = turns[i]!;
      if (turn.kind === 'assistant') {
        process.stdout.write(sanitize(turn.text.slice(i === seen ? printed : 0)));
        printed = turn.text.length;
        if (turn.streaming) return;
        process.stdout.write('\n');
      } else if (turn.kind === 'tool') {
        if (!ended.has(`${turn.id}:start`)) (ended.add(`${turn.id}:start`), process.stderr.write(`→ ${toolLine(turn)}\n`));
        if (turn.status === 'asking' || turn.status === 'running') return;
        if (!ended.has(turn.id)) (ended.add(turn.id), process.stderr.write(`  ${endLine(turn)}\n`));
      } else if (turn.kind === 'error') process.stderr.write(`mcpdeck: ${sanitizeLine(turn.text)}\n`);
      seen = i + 1;
      printed = 0;
    }
  };
  return conversation.subscribe(flush);
}

function endLine(turn: ToolTurn): string {
  if (turn.status === 'denied') return '⊘ not run';
  if (turn.error) return `✗ ${sanitizeLine(turn.error)}`;
  const ms = turn.outcome ? ` in ${Math.round(turn.outcome.durationMs)} ms` : '';
  return turn.status === 'failed' ? `✗ the tool returned an error${ms}` : `✓ done${ms}`;
}

function summary(snapshot: ReturnType<Conversation['getSnapshot']>, spec: string): string {
  const calls = snapshot.turns.filter((t) => t.kind === 'tool').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${sanitizeLine(spec)} · ${plural(snapshot.steps, 'model request')} · ${plural(calls, 'tool call')} · ${snapshot.usage.input} tokens in, ${snapshot.usage.output} out · ${(snapshot.ms / 1000).toFixed(1)} s`;
}
