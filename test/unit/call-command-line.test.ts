import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { callCommandLine, shellQuote } from '../../src/core/calls/command-line.js';

/** The words a real POSIX shell makes of a command line. */
function shellWords(line: string): string[] {
  const out = execFileSync('/bin/sh', ['-c', `printf '%s\\0' ${line}`]).toString();
  return out.split('\0').slice(0, -1);
}

describe('the equivalent command line', () => {
  it('calls a configured server with --args as JSON', () => {
    expect(callCommandLine({ server: 'everything', tool: 'get-sum', args: { a: 2, b: 3 } }))
      .toBe(`mcpdeck call everything get-sum --args '{"a":2,"b":3}'`);
    expect(callCommandLine({ server: 's', tool: 't', args: {} })).toBe('mcpdeck call s t');
  });

  it('sends arguments that fail the schema unchecked, before the ad hoc command', () => {
    expect(callCommandLine({ server: 'everything', tool: 'get-sum', args: { a: 'x' }, unchecked: true }))
      .toBe(`mcpdeck call everything get-sum --args '{"a":"x"}' --no-validate`);
    const config = { command: 'node', args: ['server.js'] };
    expect(callCommandLine({ server: 'x', tool: 't', args: {}, unchecked: true, source: { kind: 'adhoc', label: 'ad hoc' }, config }))
      .toBe('mcpdeck call t --no-validate -- node server.js');
  });

  it('quotes anything a shell would read differently, so the shell hands back the exact words', () => {
    const args = { text: "it's $HOME `date` \\ \"q\" *", n: null, nested: { a: ['x y'] } };
    const line = callCommandLine({ server: 'my server', tool: "o'neil", args });
    const words = shellWords(line.replace(/^mcpdeck /, ''));
    expect(words).toEqual(['call', 'my server', "o'neil", '--args', JSON.stringify(args)]);
    expect(shellQuote('plain-word_1.2')).toBe('plain-word_1.2');
    expect(shellQuote('')).toBe("''");
  });

  it('adds what the CLI needs to find the server: --demo, -c file, or the ad hoc target', () => {
    expect(callCommandLine({ server: 'demo', tool: 'echo', args: { message: 'hi' }, source: { kind: 'demo', label: 'built-in' } }))
      .toBe(`mcpdeck call demo echo --args '{"message":"hi"}' --demo`);
    expect(callCommandLine({ server: 'x', tool: 't', args: {}, source: { kind: 'file', path: '/tmp/my servers.json', label: 'f' } }))
      .toBe(`mcpdeck call x t -c '/tmp/my servers.json'`);
    const adhoc = { kind: 'adhoc', label: 'command line' } as const;
    expect(callCommandLine({ server: 'adhoc', tool: 't', args: {}, source: adhoc, config: { type: 'sse', url: 'http://127.0.0.1:3001/sse' } }))
      .toBe('mcpdeck call t --url http://127.0.0.1:3001/sse --transport sse');
    expect(callCommandLine({ server: 'adhoc', tool: 't', args: { a: 1 }, source: adhoc, config: { command: 'node', args: ['server.js', 'stdio'] } }))
      .toBe(`mcpdeck call t --args '{"a":1}' -- node server.js stdio`);
  });

  it('copies a sandboxed ad hoc server with its sandbox, so the copy runs sandboxed too', () => {
    const adhoc = { kind: 'adhoc', label: 'command line' } as const;
    const sandbox = { network: ['api.example.com'], read: ['/data/in'], write: [], env: {}, required: true, deny: ['/home/me/.ssh'], home: '/home/me' };
    expect(callCommandLine({ server: 'adhoc', tool: 't', args: {}, source: adhoc, config: { type: 'stdio', command: 'node', args: ['s.js'], sandbox } }))
      .toBe('mcpdeck call t --sandbox --allow-host api.example.com --allow-read /data/in -- node s.js');
  });
});
