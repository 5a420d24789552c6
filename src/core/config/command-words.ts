import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parse } from 'shell-quote';
import { expandHome } from './normalize.js';

/**
 * A whole command line typed where only the program goes (`node /path/server.js` as
 * the command, no arguments), split into its words the way a shell would: quotes and
 * backslashes respected, `$VAR` kept as `${VAR}` for the config's own expansion.
 * Undefined when the rule does not apply: arguments given, no space, or the command
 * is itself a file (`/opt/My Server/run`). Throws on what only a shell can run (a
 * pipe, a redirection, `&&`).
 */
export function splitCommandLine(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): string[] | undefined {
  const line = command.trim();
  if (args.length || !/\s/.test(line) || existsSync(resolve(cwd, expandHome(line, env)))) return undefined;
  const words = parse(line, (name) => `\${${name}}`).map((word) => {
    if (typeof word === 'string') return word;
    // A glob stays as written: the server gets the pattern, as it would from the config file.
    if ('pattern' in word) return word.pattern;
    const what = 'comment' in word ? `#${word.comment}` : word.op;
    throw new Error(`the command line holds "${what}", which only a shell runs: use sh as the command, -c and the line as its arguments`);
  });
  return words.length > 1 ? words : undefined;
}

/** What a split made of the line, for the person who typed it. */
export function splitNotice(words: readonly string[]): string {
  return `command ${words[0]}, arguments ${words.slice(1).map((w) => JSON.stringify(w)).join(' ')}`;
}

/**
 * A server of the user's catalog starts in the home folder, not in the folder it was
 * added from; a command that names a file of that folder by a relative path
 * (`node ./server.js`, `python tools/mcp.py`) keeps the folder as its `cwd`.
 */
export function addedFromFolder(words: readonly string[], cwd: string): string | undefined {
  const local = (word: string) => !isAbsolute(word) && !word.startsWith('-') && /[\\/]|\.(?:[cm]?[jt]s|py|sh|rb)$/.test(word) && existsSync(resolve(cwd, word));
  return words.some(local) ? cwd : undefined;
}
