import type { ConfigSource } from '../config/types.js';

/** Quotes a word for POSIX shells: plain words stay as they are, anything else is single-quoted (a masked secret, ••••••, reads as a plain word). */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_\/.,:=@%+•-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

export interface CommandTarget {
  server: string;
  tool: string;
  args: Record<string, unknown>;
  /** Where the server came from: the demo needs --demo, a --config file needs -c, an ad hoc server its URL or command. */
  source?: ConfigSource;
  /** The server's (redacted) config, read only for ad hoc servers. */
  config?: Record<string, unknown>;
  /** The arguments fail the schema and were sent anyway: the command sends them unchecked too. */
  unchecked?: boolean;
}

/** Said with a repeat command whose arguments fail the schema; a shell comment. */
export const UNCHECKED_NOTE = '# the arguments fail the schema: --no-validate sends them as they are';

/** What a command line needs to find a configured server again: the demo needs --demo, a --config file -c. */
export function sourceOptions(source: ConfigSource | undefined): string[] {
  return source?.kind === 'demo' ? ['--demo'] : source?.kind === 'file' && source.path ? ['-c', source.path] : [];
}

/** How to make the same call from a shell with `mcpdeck call`. */
/** A sandboxed ad hoc server's sandbox as options, so the command copied runs it sandboxed too. */
function sandboxOptions(sandbox: unknown): string[] {
  if (typeof sandbox !== 'object' || sandbox === null) return [];
  const list = (key: string) => {
    const value = (sandbox as Record<string, unknown>)[key];
    return Array.isArray(value) ? value.map(String) : [];
  };
  const allow = (option: string, key: string) => list(key).flatMap((v) => [option, v]);
  return ['--sandbox', ...allow('--allow-host', 'network'), ...allow('--allow-read', 'read'), ...allow('--allow-write', 'write')];
}

export function callCommandLine({ server, tool, args, source, config, unchecked }: CommandTarget): string {
  const argsPart = [...(Object.keys(args).length ? ['--args', JSON.stringify(args)] : []), ...(unchecked ? ['--no-validate'] : [])];
  let words: string[];
  if (source?.kind === 'adhoc' && config) {
    // An ad hoc server has no name to give: the tool comes first, the server after.
    const url = typeof config.url === 'string' ? config.url : undefined;
    const command = typeof config.command === 'string' ? config.command : undefined;
    const rest = Array.isArray(config.args) ? config.args.map(String) : [];
    const transport = config.type === 'sse' ? ['--transport', 'sse'] : [];
    const target = url ? ['--url', url, ...transport] : command ? [...sandboxOptions(config.sandbox), '--', command, ...rest] : [];
    words = ['call', tool, ...argsPart, ...target];
  } else {
    words = ['call', server, tool, ...argsPart, ...sourceOptions(source)];
  }
  return ['mcpdeck', ...words.map(shellQuote)].join(' ');
}
