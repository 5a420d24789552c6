import type { Command } from 'commander';
import type { LoggingLevel, ReadResourceResult } from '../../core/mcp/types.js';
import { LOG_LEVELS } from '../../core/servers/log-messages.js';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { itemList, type ListRow } from '../format.js';
import type { Listed } from '../../core/mcp/list.js';
import { block } from '../render-result.js';
import { isAdhoc, type Invocation } from '../target.js';
import { onServer, printJson, requireCapability, splitWords, withRequest, type RequestCommandOptions, type RequestContext } from '../request.js';
import { blobText } from '../../core/calls/blob-text.js';

type Run = (fn: () => Promise<number>) => void;

/** `key=value` words as plain strings (prompt arguments and completion context are strings). */
function stringPairs(words: string[], what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const word of words) {
    const at = word.indexOf('=');
    if (at <= 0) throw new UserError(`${what} "${word}" must look like key=value`);
    out[word.slice(0, at)] = word.slice(at + 1);
  }
  return out;
}

const bytes = (base64: string) => Buffer.byteLength(base64, 'base64');

/** Notes about a list that is not whole go to stderr, so stdout stays the list. */
function noteTruncated(truncated: string | undefined): void {
  if (truncated) process.stderr.write(`note: ${sanitizeLine(truncated)}\n`);
}

/** The title (or name) and MIME type beside a resource or template. */
const titleAndType = (r: { name: string; title?: string; mimeType?: string }) => [r.title ?? r.name, r.mimeType].filter(Boolean).join('  ');

/**
 * `mcpdeck <command> [server]` listing one kind of thing: JSON, the list, or a line when
 * there is nothing (a server without the capability has nothing); the note of a cut list on stderr.
 */
function listCommand<T>(
  program: Command,
  inv: Invocation,
  run: Run,
  spec: { command: string; description: string; noun?: string; capability: 'resources' | 'prompts'; list: (ctx: RequestContext) => Promise<Listed<T>>; row: (item: T) => ListRow },
): void {
  withRequest(program.command(`${spec.command} [server]`).description(spec.description))
    .action((server: string | undefined, options: RequestCommandOptions) =>
      run(() =>
        onServer(options, inv, isAdhoc(options, inv) ? undefined : server, [], async (ctx) => {
          const listed: Listed<T> = ctx.state.capabilities?.[spec.capability] ? await spec.list(ctx) : { items: [] };
          if (ctx.json) printJson(listed.items);
          else if (!listed.items.length) process.stdout.write(`${ctx.name} has no ${spec.noun ?? spec.command}\n`);
          else process.stdout.write(`${itemList(listed.items.map(spec.row), process.stdout)}\n`);
          noteTruncated(listed.truncated);
          return Exit.ok;
        }),
      ),
    );
}

/**
 * The protocol beyond tools, one request each: resources, read, templates, prompts,
 * prompt, complete, log-level, ping. Every one connects the one server it is about.
 */
export function registerProtocol(program: Command, inv: Invocation, run: Run): void {
  listCommand(program, inv, run, {
    command: 'resources',
    description: "list a server's resources",
    capability: 'resources',
    list: (ctx) => ctx.deck.list(ctx.name, 'resources', ctx.send),
    row: (r) => ({ label: r.uri, extra: titleAndType(r), description: r.description }),
  });
  listCommand(program, inv, run, {
    command: 'templates',
    description: "list a server's resource templates",
    noun: 'resource templates',
    capability: 'resources',
    list: (ctx) => ctx.deck.list(ctx.name, 'resourceTemplates', ctx.send),
    row: (t) => ({ label: t.uriTemplate, extra: titleAndType(t), description: t.description }),
  });
  listCommand(program, inv, run, {
    command: 'prompts',
    description: "list a server's prompts with their arguments (* required)",
    capability: 'prompts',
    list: (ctx) => ctx.deck.list(ctx.name, 'prompts', ctx.send),
    row: (p) => ({ label: p.name, extra: (p.arguments ?? []).map((a) => `${a.name}${a.required ? '*' : ''}`).join(' '), description: p.description }),
  });

  withRequest(program.command('read <server> [uri]').description('read a resource: mcpdeck read <server> <uri>'))
    .action((first: string, second: string | undefined, options: RequestCommandOptions) =>
      run(async () => {
        const { server, rest } = splitWords(isAdhoc(options, inv), [first, second]);
        const [uri] = rest;
        if (!uri) throw new UserError('name a resource: mcpdeck read <server> <uri> (see `mcpdeck resources <server>`)');
        return onServer(options, inv, server, [], async (ctx) => {
          requireCapability(ctx, 'resources', 'resources');
          const result = await ctx.deck.readResource(ctx.name, uri, ctx.send);
          if (ctx.json) printJson(result);
          else printContents(result);
          return Exit.ok;
        });
      }),
    );

  withRequest(program.command('prompt <server> [name] [pairs...]').description('get a prompt: mcpdeck prompt <server> <name> key=value ...'))
    .action((first: string, second: string | undefined, more: string[], options: RequestCommandOptions) =>
      run(async () => {
        const { server, rest } = splitWords(isAdhoc(options, inv), [first, second, ...more]);
        const [name, ...words] = rest;
        if (!name) throw new UserError('name a prompt: mcpdeck prompt <server> <name> [key=value ...] (see `mcpdeck prompts <server>`)');
        const args = stringPairs(words, 'prompt argument');
        return onServer(options, inv, server, [], async (ctx) => {
          requireCapability(ctx, 'prompts', 'prompts');
          checkPromptArgs(ctx, (await ctx.deck.list(ctx.name, 'prompts', ctx.send)).items, name, args);
          const result = await ctx.deck.getPrompt(ctx.name, name, args, ctx.send);
          if (ctx.json) printJson(result);
          else {
            const lines = result.description ? [`# ${sanitizeLine(result.description)}`] : [];
            for (const message of result.messages) lines.push(`${sanitizeLine(String(message.role))}:`, block(message.content));
            process.stdout.write(`${lines.join('\n')}\n`);
          }
          return Exit.ok;
        });
      }),
    );

  withRequest(
    program
      .command('complete <server> [argument] [words...]')
      .description('ask for completions: mcpdeck complete <server> (--prompt <name> | --template <uriTemplate>) <argument> [value] [key=value context ...]'),
  )
    .option('--prompt <name>', 'complete an argument of this prompt')
    .option('--template <uriTemplate>', 'complete a variable of this resource template')
    .action((first: string, second: string | undefined, more: string[], options: RequestCommandOptions & { prompt?: string; template?: string }) =>
      run(async () => {
        const { server, rest } = splitWords(isAdhoc(options, inv), [first, second, ...more]);
        if (Boolean(options.prompt) === Boolean(options.template)) throw new UserError('say what to complete: --prompt <name> or --template <uriTemplate> (one of them)');
        const [argument, ...words] = rest;
        if (!argument) throw new UserError('name the argument to complete: mcpdeck complete <server> --prompt <name> <argument> [value]');
        // The value typed so far is the first word that is not key=value context (may be empty).
        const value = words[0] !== undefined && !words[0].includes('=') ? words.shift()! : '';
        const context = stringPairs(words, 'context');
        const ref = options.prompt ? { type: 'ref/prompt' as const, name: options.prompt } : { type: 'ref/resource' as const, uri: options.template! };
        return onServer(options, inv, server, [], async (ctx) => {
          requireCapability(ctx, 'completions', 'completions');
          const { completion } = await ctx.deck.complete(ctx.name, { ref, argument: { name: argument, value }, ...(Object.keys(context).length && { context: { arguments: context } }) }, ctx.send);
          if (ctx.json) printJson(completion);
          else {
            process.stdout.write(completion.values.map((v) => `${sanitizeLine(v)}\n`).join(''));
            if (!completion.values.length) process.stderr.write('no suggestions\n');
            if (completion.hasMore || (completion.total ?? 0) > completion.values.length) {
              process.stderr.write(`${completion.values.length}${completion.total !== undefined ? ` of ${completion.total}` : ''} shown; the server has more\n`);
            }
          }
          return Exit.ok;
        });
      }),
    );

  withRequest(program.command('log-level <server> [level]').description(`set a server's log level (${LOG_LEVELS.join(', ')})`))
    .action((first: string, second: string | undefined, options: RequestCommandOptions) =>
      run(async () => {
        const { server, rest } = splitWords(isAdhoc(options, inv), [first, second]);
        const [level] = rest;
        if (!level) throw new UserError(`name a level: ${LOG_LEVELS.join(', ')}`);
        if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new UserError(`"${sanitizeLine(level)}" is not a log level; the valid levels are ${LOG_LEVELS.join(', ')}`);
        return onServer(options, inv, server, [], async (ctx) => {
          requireCapability(ctx, 'logging', 'logging');
          await ctx.deck.setLogLevel(ctx.name, level as LoggingLevel, ctx.send);
          const modern = ctx.state.protocolEra === 'modern';
          if (ctx.json) printJson({ level, protocolVersion: ctx.state.protocolVersion ?? null, sent: modern ? null : 'logging/setLevel' });
          else if (modern) {
            process.stdout.write(
              `${ctx.name} speaks ${sanitizeLine(ctx.state.protocolVersion ?? '2026-07-28')}, which has no logging/setLevel: the level goes with each request ` +
                `(_meta "io.modelcontextprotocol/logLevel"), so nothing was sent and nothing stays set.\n` +
                `Give the level to the command that should log: --log-level ${level} (mcpdeck sends "info" when none is given).\n`,
            );
          } else process.stdout.write(`${ctx.name} logs at ${level} and above for this session (logging/setLevel)\n`);
          return Exit.ok;
        });
      }),
    );

  withRequest(program.command('ping [server]').description('check that a server answers (2026-07-28: with server/discover, which replaced ping)'))
    .action((server: string | undefined, options: RequestCommandOptions) =>
      run(() =>
        onServer(options, inv, isAdhoc(options, inv) ? undefined : server, [], async (ctx) => {
          const started = performance.now();
          const method = await ctx.deck.ping(ctx.name, ctx.send);
          const durationMs = Math.round(performance.now() - started);
          if (ctx.json) printJson({ ok: true, method, durationMs, protocolVersion: ctx.state.protocolVersion ?? null });
          else {
            const how = method === 'ping' ? 'ping' : `${method}; ${sanitizeLine(ctx.state.protocolVersion ?? '2026-07-28')} has no ping`;
            process.stdout.write(`${ctx.name} answered in ${durationMs} ms (${how})\n`);
          }
          return Exit.ok;
        }),
      ),
    );
}

/** Each content of a read: text as is (sanitized), a small text blob as text, other binary as its size; a header when there is more than one. */
function printContents(result: ReadResourceResult): void {
  const many = result.contents.length > 1;
  const parts = result.contents.map((c) => {
    const head = `[${sanitizeLine(c.uri)}${c.mimeType ? ` ${sanitizeLine(c.mimeType)}` : ''}]`;
    if ('text' in c && typeof c.text === 'string') return many ? `${head}\n${sanitize(c.text)}` : sanitize(c.text);
    const blob = 'blob' in c && typeof c.blob === 'string' ? c.blob : '';
    // A small blob of a text type is read as text, as the deck shows it.
    const text = blobText(Buffer.from(blob, 'base64'), c.mimeType);
    if (text !== undefined) return many ? `${head}\n${sanitize(text)}` : sanitize(text);
    return `${head.slice(0, -1)}, ${bytes(blob)} bytes of binary; --json has it in base64]`;
  });
  if (!result.contents.length) process.stderr.write('the resource has no contents\n');
  else process.stdout.write(`${parts.join('\n')}\n`);
}

/** An unknown prompt or a missing required argument is the person's mistake: said before anything is sent. */
function checkPromptArgs(ctx: RequestContext, prompts: { name: string; arguments?: { name: string; required?: boolean }[] }[], name: string, args: Record<string, string>): void {
  const prompt = prompts.find((p) => p.name === name);
  if (!prompt) throw new UserError(`${ctx.name} has no prompt "${name}"${prompts.length ? `; it has: ${prompts.map((p) => sanitizeLine(p.name)).join(', ')}` : ''}`);
  const declared = prompt.arguments ?? [];
  const missing = declared.filter((a) => a.required && !(a.name in args)).map((a) => sanitizeLine(a.name));
  const unknown = Object.keys(args).filter((k) => !declared.some((a) => a.name === k));
  if (missing.length || unknown.length) {
    const usage = declared.map((a) => `${sanitizeLine(a.name)}=…${a.required ? '' : ' (optional)'}`).join(' ') || '(no arguments)';
    const problems = [missing.length && `missing ${missing.join(', ')}`, unknown.length && `unknown ${unknown.map(sanitizeLine).join(', ')}`].filter(Boolean).join('; ');
    throw new UserError(`prompt "${name}": ${problems}; it takes ${usage}`);
  }
}
