import type { Command } from 'commander';
import { Exit, UserError } from '../exit-codes.js';
import { followSignIn } from '../auth/follow.js';
import { printDoctor } from '../auth/doctor-output.js';
import { printStatus } from '../auth/status-output.js';
import { diagnose } from '../../core/auth/doctor.js';
import type { Deck } from '../../core/deck.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { isAdhoc, openDeck, pickServer, withTarget, type Invocation, type TargetOptions } from '../target.js';

type Run = (fn: () => Promise<number>) => void;

export function registerAuth(program: Command, inv: Invocation, run: Run): void {
  const authCommand = program.command('auth').description('sign in to remote servers (OAuth), sign out, see who is signed in, diagnose a sign-in');

  withTarget(authCommand.command('login [server]').description('sign in through the browser (or paste the redirected URL)'))
    .option('--no-browser', 'do not open a browser: print the link and wait for the callback or a paste')
    .option('--scope <scopes>', 'ask for these scopes too (space-separated)')
    .action((server: string | undefined, options: TargetOptions & { browser: boolean; scope?: string }) =>
      withServer(inv, options, server, run, async (deck, name) => {
        const attempt = deck.auth.signIn(name, deck.remoteConfig(name), {
          noBrowser: !options.browser,
          extraScopes: options.scope?.split(/\s+/).filter(Boolean),
        });
        const end = await followSignIn(deck.auth, attempt);
        if (end.phase === 'cancelled') throw new UserError('sign-in cancelled', Exit.interrupted);
        if (end.phase !== 'signed-in' && end.notAsked) {
          // Nothing to do: the server can be used as it is. The line says so (and why signing in anyway failed).
          process.stderr.write(`${name}: ${sanitizeLine(end.error ?? '')}\n`);
          return Exit.ok;
        }
        if (end.phase !== 'signed-in') throw new UserError(`sign-in to ${name} failed: ${end.error ?? 'see above'}`, Exit.needsAuth);
        const record = await deck.auth.credentials.read(deck.remoteConfig(name).url);
        const who = record?.subject ? ` as ${sanitizeLine(record.subject)}` : '';
        process.stderr.write(`Signed in to ${name}${who} (scopes: ${sanitizeLine(record?.scopes?.join(' ') || 'none stated')}).\n`);
        if (deck.remoteConfig(name).disabled) return Exit.ok;
        // Proof that the sign-in works: connect on a fresh transport with it and list the tools.
        await deck.setEnabled(name, true, { remember: false });
        const state = deck.server(name)!;
        if (state.status !== 'connected') throw new UserError(`signed in, but ${name} did not connect: ${state.error}`, state.status === 'needs-auth' ? Exit.needsAuth : Exit.connection);
        process.stderr.write(`Connected: ${state.tools.length} tools.\n`);
        return Exit.ok;
      }),
    );

  withTarget(authCommand.command('logout [server]').description("sign out: delete the server's stored tokens and registered client"))
    .action((server: string | undefined, options: TargetOptions) =>
      withServer(inv, options, server, run, async (deck, name) => {
        // A server connected with the tokens (a session's) connects again without them: it asks for a sign-in.
        const removed = await deck.signOut(name);
        process.stderr.write(removed ? `Signed out of ${name}: its tokens and registered client are deleted.\n` : `${name} was not signed in: there was nothing to delete.\n`);
        return Exit.ok;
      }),
    );

  withTarget(authCommand.command('status').description('who is signed in where: scopes and expiry (never tokens)'))
    .option('--json', 'print JSON')
    .action((options: TargetOptions & { json?: boolean }) =>
      run(async () => {
        const deck = await openDeck(options, inv, { only: [] });
        try {
          await printStatus(deck, Boolean(options.json));
          return Exit.ok;
        } finally {
          await deck.close();
        }
      }),
    );

  withTarget(authCommand.command('doctor [server]').description("walk a server's sign-in step by step and say what fails and what to do"))
    .option('--json', 'print JSON')
    .action((server: string | undefined, options: TargetOptions & { json?: boolean }) =>
      withServer(inv, options, server, run, async (deck, name) => {
        const report = await diagnose(deck.remoteConfig(name), deck.auth.credentials, inv.env);
        printDoctor(name, report, Boolean(options.json));
        return report.steps.some((s) => s.status === 'failed') ? Exit.needsAuth : Exit.ok;
      }),
    );
}

/** Opens a deck that connects nothing and runs `fn` on one remote server. */
function withServer(inv: Invocation, options: TargetOptions, server: string | undefined, run: Run, fn: (deck: Deck, name: string) => Promise<number>): void {
  run(async () => {
    const adhoc = isAdhoc(options, inv);
    const deck = await openDeck(options, inv, { only: [], about: server && !adhoc ? [server] : undefined });
    try {
      const name = pickServer(deck, server, adhoc);
      try {
        deck.remoteConfig(name);
      } catch (error) {
        throw new UserError((error as Error).message);
      }
      return await fn(deck, name);
    } finally {
      await deck.close();
    }
  });
}
