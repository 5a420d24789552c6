import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../src/core/config/command-words.js';

const cwd = mkdtempSync(join(tmpdir(), 'mcpdeck-words-'));
const split = (command: string, args: string[] = []) => splitCommandLine(command, args, cwd, { HOME: cwd });

describe('a whole command line typed as the command', () => {
  it('is split as a shell would: quotes and backslashes respected, $VAR kept for the config to expand', () => {
    expect(split('node /srv/index.js')).toEqual(['node', '/srv/index.js']);
    expect(split(`npx -y "@scope/server" '/a b/c' d\\ e $HOME \${TOKEN}`)).toEqual(['npx', '-y', '@scope/server', '/a b/c', 'd e', '${HOME}', '${TOKEN}']);
  });

  it('is left alone with arguments given, without a space, or when it is itself a file (a path with a space)', () => {
    mkdirSync(join(cwd, 'My Server'));
    writeFileSync(join(cwd, 'My Server', 'run'), '');
    expect(split('node /srv/index.js', ['--x'])).toBeUndefined();
    expect(split('node')).toBeUndefined();
    expect(split(join(cwd, 'My Server', 'run'))).toBeUndefined();
    expect(split('My Server/run')).toBeUndefined();
    expect(split('~/My Server/run')).toBeUndefined();
  });

  it('that needs a shell (a pipe, &&, a redirection) is refused with what to do instead', () => {
    expect(() => split('node s.js | tee log')).toThrow('holds "|", which only a shell runs: use sh as the command, -c and the line as its arguments');
    expect(() => split('a && b')).toThrow('"&&"');
  });
});
