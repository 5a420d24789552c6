import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Deck } from '../../core/deck.js';
import type { ServerState } from '../../core/servers/state.js';
import { whatRunsLines } from '../../core/config/what-runs.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { openDeck, type Invocation, type TargetOptions } from '../target.js';
import { collect } from '../options.js';
import { readTestFile, type TestFile } from '../../core/checks/test-file.js';
import { approveEvalsFile, evalsFileAt } from '../approve-evals.js';

interface ApproveOptions extends TargetOptions {
  file?: string;
  revoke?: boolean;
  sandboxed?: boolean;
}

const describe = (s: ServerState) => [
  `${sanitizeLine(s.name)}  (${sanitizeLine(s.approval!.file)})${s.approval!.changed ? '  changed since approved' : ''}`,
  ...(s.approval!.runs ? whatRunsLines(s.approval!.runs).map((l) => `  ${sanitizeLine(l)}`) : []),
].join('\n');

/** The servers a --file names (by absolute path), or the one named; a clear error for neither. */
function chosen(deck: Deck, inv: Invocation, server: string | undefined, file: string | undefined): ServerState[] {
  const fromProjects = deck.getSnapshot().servers.filter((s) => s.approval);
  if (file) {
    const path = resolve(inv.cwd, file);
    const of = fromProjects.filter((s) => s.approval!.file === path);
    if (!of.length) {
      const files = [...new Set(fromProjects.map((s) => s.approval!.file))];
      throw new UserError(`no server here comes from ${path}; project files with servers: ${files.join(', ') || 'none'}`);
    }
    return of;
  }
  if (!server) throw new UserError('name a server, or a file with --file <path> (see `mcpdeck approve` with no arguments for what waits)');
  const state = deck.server(server);
  if (!state) throw new UserError(`no server named "${server}"; configured: ${deck.getSnapshot().servers.map((s) => s.name).join(', ') || 'none'}`);
  if (!state.approval) throw new UserError(`${server} comes from ${state.source.path ?? state.source.label}, which needs no approval: only servers from a project's files do`);
  return [state];
}

async function act(deck: Deck, inv: Invocation, server: string | undefined, options: ApproveOptions, revoke: boolean): Promise<number> {
  if (!server && !options.file && !revoke) {
    const waiting = deck.getSnapshot().servers.filter((s) => s.approval?.needed);
    process.stdout.write(waiting.length ? `waiting for approval:\n${waiting.map(describe).join('\n')}\n` : 'nothing here waits for approval\n');
    return Exit.ok;
  }
  const tests = options.file ? testsFileAt(deck, resolve(inv.cwd, options.file)) : undefined;
  if (tests) return approveTestsFile(deck, tests, revoke);
  const evals = options.file && !tests ? await evalsFileAt(deck, resolve(inv.cwd, options.file)) : undefined;
  if (evals) return approveEvalsFile(deck, evals, revoke);
  const servers = chosen(deck, inv, server, options.file);
  const scope = options.file ? 'file' : 'server';
  const first = servers[0]!;
  const what = options.file ? `${servers.length} server${servers.length === 1 ? '' : 's'} of ${first.approval!.file}` : first.name;
  if (revoke) {
    const gone = await deck.revoke(first.name, scope);
    const still = servers.filter((s) => deck.server(s.name)?.approval?.needed === false);
    process.stdout.write(gone ? `revoked the approval of ${what}\n` : `${what} had no approval of mcpdeck's to revoke\n`);
    for (const s of still) process.stdout.write(`${s.name} still runs: ${s.approval!.by === 'claude-code' ? "Claude Code's lists in ~/.claude.json enable it" : 'its whole file is approved (revoke --file)'}\n`);
    return Exit.ok;
  }
  if (scope === 'server' && first.approval?.needed === false) {
    process.stdout.write(`${first.name} is already approved${first.approval.by === 'claude-code' ? " (by Claude Code's lists in ~/.claude.json)" : ''}\n`);
    return Exit.ok;
  }
  await deck.approve(first.name, scope, { connect: false, sandboxed: Boolean(options.sandboxed) });
  process.stdout.write(`approved ${what}${options.sandboxed ? ' to run sandboxed' : ''}; it may now run:\n${servers.map((s) => describe(deck.server(s.name) ?? s)).join('\n')}\n`);
  return Exit.ok;
}

/** A --file that is a tests file (and defines no server): its calls are what is approved. */
function testsFileAt(deck: Deck, path: string): TestFile | undefined {
  if (deck.getSnapshot().servers.some((s) => s.approval?.file === path)) return undefined;
  try {
    return readTestFile(path);
  } catch {
    return undefined;
  }
}

async function approveTestsFile(deck: Deck, file: TestFile, revoke: boolean): Promise<number> {
  if (revoke) {
    const gone = await deck.setTestsApproval(file, false);
    process.stdout.write(gone ? `revoked the approval of ${file.path}\n` : `${file.path} had no approval to revoke\n`);
    return Exit.ok;
  }
  await deck.setTestsApproval(file, true);
  const calls = file.tests.map((t) => `  ${sanitizeLine(t.name)}: ${sanitizeLine(t.server)} ${sanitizeLine(t.tool)}`);
  process.stdout.write(`approved ${file.path}; mcpdeck test may now make its ${file.tests.length} call${file.tests.length === 1 ? '' : 's'} (a changed call asks again):\n${calls.join('\n')}\n`);
  return Exit.ok;
}

export function registerApprove(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  const define = (name: string, description: string, revoke: boolean) => {
    const command = program
      .command(`${name} [server]`)
      .description(description)
      .option('-f, --file <path>', "the whole file: every server it defines now (a server added or changed later asks again); or a tests or eval file, as it is now")
      .option('-c, --config <file>', 'read servers from this file too (repeatable)', collect);
    if (!revoke) {
      command.option('--revoke', 'take the approval back (same as `mcpdeck revoke`)');
      command.option('--sandboxed', 'approve it to run sandboxed: a stdio server whose entry names no sandbox gets the default one (no network, nothing of your home folder)');
    }
    command.action((server: string | undefined, options: ApproveOptions) =>
      run(async () => {
        const deck = await openDeck(options, inv, { only: [] });
        try {
          return await act(deck, inv, server, options, revoke || Boolean(options.revoke));
        } finally {
          await deck.close();
        }
      }),
    );
  };
  define('approve', "let a server from this project's files run (kept in the user config, bound to the file and its definitions); with no name, list what waits", false);
  define('revoke', 'take back the approval of a server, or of a file with --file', true);
}
