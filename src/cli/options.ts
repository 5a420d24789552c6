import { Option, type Command } from 'commander';
import type { SignInMode } from '../core/auth/manager.js';
import type { OnElicit, OnSample } from './elicit/policy.js';

// The options commands declare, kept apart from what they do: registering the deck
// command (the default) must load nothing else, so its first frame comes at once.

/** The answering options as commander parses them. */
export interface AnswerOptions {
  onElicit?: OnElicit;
  answers?: string;
  onSample?: OnSample;
  sampleReply?: string;
  /** `provider:name`: the model for --on-sample model (and the playground, `ask`, `eval`). */
  model?: string;
}

/** How the command answers what servers ask (elicitation forms and links, sampling). */
export function withAnswers(command: Command): Command {
  return command
    .addOption(
      new Option('--on-elicit <mode>', "answer servers' forms and links: ask at the terminal (fails without one), accept-defaults, decline or cancel")
        .choices(['ask', 'accept-defaults', 'decline', 'cancel']),
    )
    .option('--answers <file.json>', 'answer form fields by name from a JSON object; fields it leaves out take their default')
    .addOption(new Option('--on-sample <mode>', 'answer sampling requests: ask (write the reply at the terminal), model (the --model answers; using this option is your yes to each request) or decline').choices(['ask', 'model', 'decline']))
    .option('--sample-reply <file>', "answer sampling requests with this file's text as the assistant's reply")
    .option('--model <provider:name>', 'the model: for ask, the deck\'s playground (m) and --on-sample model (e.g. openai:gpt-4.1, anthropic:claude-sonnet-4-5, ollama:qwen3); default: models.default in settings.json');
}

const SIGN_IN_MODES: SignInMode[] = ['auto', 'ask', 'never'];

/** The answering options are set on the commands that take them (withAnswers); the others ask, or fail without a terminal. */
export interface TargetOptions extends AnswerOptions {
  /** The MCP Registry the deck's registry screen reads (`--registry`). */
  registry?: string;
  config?: string[];
  strict?: boolean;
  only?: string;
  demo?: boolean;
  url?: string;
  transport?: 'http' | 'sse';
  signIn?: SignInMode;
  header?: string[];
  protocol?: string;
  root?: string[];
  env?: string[];
  /** An ad hoc stdio server in a sandbox (`try`: the default, `--no-sandbox` turns it off), and what it may reach. */
  sandbox?: boolean;
  allowHost?: string[];
  allowRead?: string[];
  allowWrite?: string[];
  /** A W3C traceparent to join (`--traceparent`), and where to write the HTTP exchanges as HAR (`--trace-http`). */
  traceparent?: string;
  traceHttp?: string;
}

/** Words after `--` on the command line: an ad hoc stdio server (or, for add, its command). */
export interface Invocation {
  commandLine?: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export const ADHOC_NAME = 'adhoc';

/** A repeatable option's values, in the order given. */
export const collect = (v: string, prev: string[] = []) => [...prev, v];

/** The options every command that reads servers shares. */
/** The configured servers a command reaches: which files, which servers, and when to sign in. */
export function withConfigured(command: Command): Command {
  return command
    .option('-c, --config <file>', 'read servers from this file (repeatable)', collect)
    .option('--strict', 'read only the --config files')
    .option('--only <names>', 'connect only these servers (comma-separated); list the rest as disabled')
    .option('--demo', 'add the built-in demo server')
    .addOption(new Option('--sign-in <when>', 'a server wants a sign-in: auto (browser at once), ask (default for one server on a terminal), never').choices(SIGN_IN_MODES))
    .option('--traceparent <value>', 'join this W3C trace: every request carries a traceparent in it (default: MCPDECK_TRACEPARENT, else a new trace per call or run)')
    .option('--trace-http <file>', "write remote servers' HTTP exchanges (sign-ins included) to this HAR 1.2 file, secrets masked");
}

/** The configured servers, or an ad hoc one (`--url`, or a command after `--`). */
export function withTarget(command: Command): Command {
  return withConfigured(command)
    .option('--url <url>', 'an ad hoc remote server that is not in any configuration')
    .option('-H, --header <"Name: value">', 'an HTTP header for --url (repeatable), e.g. a static Authorization token', collect)
    .addOption(new Option('--transport <type>', 'transport for --url (default: http, falling back to sse)').choices(['http', 'sse']))
    .option('-e, --env <KEY=value>', 'an environment variable for an ad hoc stdio server (after --; repeatable)', collect)
    .option('--root <path>', 'a folder to offer an ad hoc server as a root (repeatable); without it, none is sent', collect)
    .option('--protocol <which>', 'protocol for an ad hoc server (--url or after --): auto (default), legacy (2025), modern (2026-07-28), or a revision')
    .option('--sandbox', 'run an ad hoc stdio server (after --) in a sandbox: no network, nothing of your home folder, writes only to its own temp folder')
    .option('--allow-host <host>', 'a host the sandboxed ad hoc server may reach (repeatable; localhost only when named)', collect)
    .option('--allow-read <path>', 'a path the sandboxed ad hoc server may read (repeatable)', collect)
    .option('--allow-write <path>', 'a path the sandboxed ad hoc server may write (repeatable)', collect);
}

export function isAdhoc(options: TargetOptions, inv: Invocation): boolean {
  return Boolean(options.url || inv.commandLine?.length);
}

