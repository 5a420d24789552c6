import type { Socket } from 'node:net';
import type { Deck } from '../../core/deck.js';
import type { PendingRequest, RequestPolicy } from '../../core/elicitation/types.js';
import { Exit, UserError } from '../exit-codes.js';
import { answerSettings } from '../elicit/options.js';
import type { DeckScope, Invocation, TargetOptions } from '../target.js';
import { attachDeck } from './attach.js';
import { commandContext, type CommandContext } from './context.js';
import { lastNoticeId, lentDeck } from './lend.js';
import { sessionPolicy } from './policy.js';
import { answerFor, waitingOutput, type AnswerWords } from './questions.js';
import { Run, type Follower } from './runs.js';
import { runProgram } from './run-program.js';
import { readMessages, send, type ToSession } from './wire.js';

/** A command about a server the session does not hold: the client runs it itself. */
class FallBack extends Error {}

/** Finished calls kept for `wait`: this many, this long. */
const KEEP_DONE = 100;
const KEEP_DONE_MS = 30 * 60_000;

/**
 * What a session does with its clients: runs their commands on its one Deck, routes each
 * command's output to its client, and parks a call whose server asks what nobody can
 * answer now, until `answer` or `wait` picks it up again.
 */
export class SessionHost {
  private readonly runs = new Map<string, Run>();
  private readonly byQuestion = new Map<number, Run>();
  private readonly seen = new Set<number>();
  private readonly sockets = new WeakMap<CommandContext, Socket>();
  private nextRun = 1;
  clients = 0;
  lastActivity = Date.now();
  /** The last client went away: a moment with nothing to do. */
  onQuiet: () => void = () => undefined;

  constructor(
    private readonly deck: () => Deck,
    /** The servers the session was started with (none: every configured one). */
    private readonly only: readonly string[] | undefined,
    /** When the session's own bundle was built (undefined: not run from the bundle). */
    private readonly build?: number,
    /** The folder the session reads, and the files of another folder's own that it would not (a command from below it). */
    private readonly folder?: { cwd: string; ownFiles: (cwd: string, env: NodeJS.ProcessEnv) => string[] },
  ) {}

  /** The deck's policy: the options of the command that is about the server, if one runs. */
  readonly policy: RequestPolicy = (request, signal) => this.runFor(request.server)?.policy?.(request, signal);

  /** Called on every change of the deck's queue: a new question belongs to the call about its server. */
  watchQuestions(): () => void {
    const queue = this.deck().requests;
    return queue.subscribe(() => {
      const pending = queue.getSnapshot().pending;
      const ids = new Set(pending.map((r) => r.id));
      for (const id of this.seen) if (!ids.has(id)) this.seen.delete(id);
      for (const [id, run] of this.byQuestion) {
        if (ids.has(id)) continue;
        run.questions.delete(id);
        this.byQuestion.delete(id);
      }
      for (const request of pending) {
        if (this.seen.has(request.id)) continue;
        this.seen.add(request.id);
        const run = this.runFor(request.server);
        if (!run) continue;
        run.questions.add(request.id);
        this.byQuestion.set(request.id, run);
        // Questions asked together (a 2026 round's several inputRequests) are said together.
        setImmediate(() => this.stopForQuestions(run));
      }
    });
  }

  /** Whether nothing is going on: no client, and no call that runs without waiting for an answer. */
  idle(): boolean {
    return this.clients === 0 && ![...this.runs.values()].some((r) => r.running && !r.questions.size);
  }

  /** Every call still running (to stop them when the session stops). */
  interruptAll(): void {
    for (const run of this.runs.values()) if (run.running) run.interrupt();
  }

  connection(socket: Socket): void {
    this.clients++;
    this.lastActivity = Date.now();
    let own: Run | undefined;
    let ownFollower: Follower | undefined;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.clients--;
      this.lastActivity = Date.now();
      if (!this.clients) this.onQuiet();
      if (own && ownFollower) own.unfollow(ownFollower, true);
      for (const run of this.runs.values()) if (run !== own) run.unfollowSocket(socket);
    });
    let attached: ((message: ToSession) => boolean) | undefined;
    readMessages<ToSession>(socket, (message) => {
      if (attached) {
        if (!attached(message)) socket.destroy();
        return;
      }
      if (message.t === 'int') return own?.interrupt();
      // A client sends one `run` or `attach`, first: anything else ends it.
      if ((message.t !== 'run' && message.t !== 'attach') || own) return socket.destroy();
      const why = this.elsewhere(message) ?? (message.t === 'run' ? this.otherBuild(message) : undefined);
      if (why) send(socket, { t: 'fallback', why });
      else if (message.t === 'attach') attached = attachDeck(this.deck(), socket, message);
      else {
        own = this.start(socket, message);
        ownFollower = own.currentFollower();
      }
    });
  }

  /**
   * A client in a folder below the session's (found by walking up) that has servers of its
   * own: that folder's configuration is not the session's, so the command runs there. Why, or undefined.
   */
  private elsewhere(message: { cwd?: string; env: NodeJS.ProcessEnv }): string | undefined {
    if (!this.folder || message.cwd === undefined || message.cwd === this.folder.cwd) return undefined;
    const [file] = this.folder.ownFiles(message.cwd, message.env);
    return file && `${file} defines servers of this folder's own, which the session for ${this.folder.cwd} does not read: running without it`;
  }

  /**
   * mcpdeck was updated (or rebuilt) under the running session: its commands' modules may be
   * gone. It still answers `session status` and `stop` (loaded at its start); the rest runs in the client.
   */
  private otherBuild(message: Extract<ToSession, { t: 'run' }>): string | undefined {
    if (this.build === undefined || message.build === undefined || message.build === this.build) return undefined;
    const [verb, sub] = message.argv.filter((a) => !a.startsWith('-'));
    if (verb === 'session' && (sub === 'status' || sub === 'stop')) return undefined;
    return 'the session runs the mcpdeck that was installed when it started, not this one: running without it (mcpdeck session stop ends it)';
  }

  private start(socket: Socket, message: Extract<ToSession, { t: 'run' }>): Run {
    const run = new Run(`c${this.nextRun++}`, message.argv, Date.now());
    const context: CommandContext = {
      lend: (options, inv, scope) => this.lend(run, options, inv, scope),
      onInterrupt: (fn) => run.onInterrupt(fn),
      write: (stream, chunk) => run.write(typeof chunk === 'string' ? { t: stream, d: chunk } : { t: stream, b: Buffer.from(chunk).toString('base64') }),
      isTTY: (stream) => (stream === 'o' ? message.tty.out : message.tty.err),
      columns: message.tty.columns,
    };
    this.sockets.set(context, socket);
    this.runs.set(run.id, run);
    const inv: Invocation = { env: message.env, cwd: message.cwd };
    void commandContext.run(context, () => runProgram(message.argv, inv)).then((code) => this.ended(run, code), () => this.ended(run, 70));
    run.follow(this.follower(socket, (code) => send(socket, { t: 'exit', code }), socket), (r) => this.sayQuestions(r), Exit.waiting);
    return run;
  }

  private ended(run: Run, code: number): void {
    run.finish(code);
    this.lastActivity = Date.now();
    const done = [...this.runs.values()].filter((r) => !r.running);
    for (const old of done.slice(0, Math.max(0, done.length - KEEP_DONE))) this.runs.delete(old.id);
    for (const old of done) if (Date.now() - old.endedAt! > KEEP_DONE_MS) this.runs.delete(old.id);
    // A command that borrowed nothing (answer, wait, session) is nobody's to wait for.
    if (!run.servers) this.runs.delete(run.id);
  }

  private follower(socket: Socket, settle: (code: number) => void, owner: Socket): Follower {
    return { send: (m) => send(socket, m), settle, socket: owner };
  }

  /** The session's deck for a command; a server the session does not hold sends the command back to its client. */
  private async lend(run: Run, options: TargetOptions, inv: Invocation, scope: DeckScope): Promise<Deck> {
    const deck = this.deck();
    const holds = (name: string) => Boolean(deck.server(name)) && (!this.only || this.only.includes(name));
    const named = [...(scope.only ?? []), ...(scope.about ?? [])];
    if (named.some((name) => !holds(name))) {
      run.fallback = true;
      throw new FallBack(`not in this session: ${named.join(', ')}`);
    }
    const say = scope.policyNotes ?? ((text: string) => run.write({ t: 'e', d: `${text}\n` }));
    run.policy = sessionPolicy(answerSettings(options, inv.cwd), say, (request, signal) => deck.models.answerSample(request, options.model, signal));
    run.servers = scope.only ?? 'all';
    return lentDeck(deck, { noticesAfter: lastNoticeId(deck.requests) });
  }

  /** The newest call still running that is about `server`. */
  private runFor(server: string): Run | undefined {
    return [...this.runs.values()].reverse().find((r) => r.running && r.servers && (r.servers === 'all' || r.servers.includes(server)));
  }

  private stopForQuestions(run: Run): void {
    if (run.running && run.questions.size) run.stopFor((r) => this.sayQuestions(r), Exit.waiting);
  }

  /** What a call waits on, in its own output (kept for whoever follows it next). */
  private sayQuestions(run: Run): void {
    const { stdout, stderr } = waitingOutput(run.id, this.questionsOf(run), run.json);
    if (stdout) run.write({ t: 'o', d: stdout });
    if (stderr) run.write({ t: 'e', d: stderr });
  }

  private questionsOf(run: Run): PendingRequest[] {
    return this.deck().requests.getSnapshot().pending.filter((r) => run.questions.has(r.id));
  }

  /** `mcpdeck answer`: sends the answer, then follows the call that waited on it (its result, or its next question). */
  async answer(id: number, words: AnswerWords): Promise<number> {
    const queue = this.deck().requests;
    const request = queue.getSnapshot().pending.find((r) => r.id === id);
    if (!request) throw new UserError(`no question ${id} waits in this session (mcpdeck session status lists the questions)`);
    // Looked up first: answered, the question leaves the queue and its call with it.
    const run = this.byQuestion.get(id);
    const result = queue.respond(id, answerFor(request, words));
    if (!result.ok) {
      const fields = Object.entries(result.fieldErrors ?? {}).map(([k, m]) => `\n  ${k ? `${k}: ` : ''}${m}`);
      throw new UserError(`${result.message}${fields.join('')}`);
    }
    run?.questions.delete(id);
    this.byQuestion.delete(id);
    if (!run) {
      process.stderr.write(`mcpdeck: answered question ${id}\n`);
      return Exit.ok;
    }
    return this.followRun(run);
  }

  /** `mcpdeck wait <call>`: the call's output until it ends, or until it asks again. */
  wait(callId: string): Promise<number> {
    const run = this.runs.get(callId);
    if (!run) throw new UserError(`no call ${callId} in this session (it ended more than 30 minutes ago, or never was)`);
    return this.followRun(run);
  }

  /** The calling command's client follows `run`: Ctrl-C stops following (the call goes on). */
  private followRun(run: Run): Promise<number> {
    const context = commandContext.getStore();
    const socket = context && this.sockets.get(context);
    if (!context || !socket) throw new Error('followRun outside a session command');
    return new Promise<number>((resolve) => {
      const follower = this.follower(socket, (code) => {
        stop();
        resolve(code);
      }, socket);
      const stop = context.onInterrupt(() => {
        run.unfollow(follower, false);
        resolve(Exit.interrupted);
      });
      run.follow(follower, (r) => this.sayQuestions(r), Exit.waiting);
    });
  }

  /** The calls the session holds, newest first, for `session status`. */
  calls(): { id: string; argv: readonly string[]; state: 'running' | 'waiting' | 'ended'; code: number | null; questions: number[] }[] {
    return [...this.runs.values()].reverse().filter((r) => r.servers).map((r) => ({
      id: r.id,
      argv: r.argv,
      state: !r.running ? 'ended' : r.questions.size ? 'waiting' : 'running',
      code: r.code ?? null,
      questions: [...r.questions],
    }));
  }
}
