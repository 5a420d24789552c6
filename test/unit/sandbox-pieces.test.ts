// The sandbox's pieces that need no sandbox: what an entry says, how a denied path is
// recognised in a server's words, and the one seam into the sandbox runtime's argv.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeEntry } from '../../src/core/config/normalize.js';
import { planHash } from '../../src/core/config/launch-plan.js';
import { whatRunsLines } from '../../src/core/config/what-runs.js';
import { DenialLog, pathDenials, violationOf } from '../../src/core/sandbox/denials.js';
import { sandboxSettings } from '../../src/core/sandbox/settings.js';
import { loopbackThroughProxy } from '../../src/core/sandbox/launch.js';
import { allowable, allowance, widenedSandbox } from '../../src/core/sandbox/allow.js';
import { nameFor } from '../../src/core/config/sandbox-edits.js';

const HOME = '/home/me';
const ENV = { HOME, MCPDECK_CONFIG_DIR: '/home/me/.config/mcpdeck', PATH: '/usr/bin', TOKEN: 't0k', LANG: 'C.UTF-8' };
const source = { kind: 'file' as const, path: '/work/servers.json', label: 'servers.json' };
const entry = (sandbox: unknown, extra: Record<string, unknown> = {}) => normalizeEntry('s', { command: 'node', args: ['x.js'], sandbox, ...extra }, source, ENV);

describe('the sandbox field', () => {
  it('takes true, "required" or what it may reach; paths are filled in and made absolute', () => {
    expect(entry(true).config).toMatchObject({ sandbox: { network: [], read: [], write: [], required: false, home: HOME } });
    expect(entry('required').config).toMatchObject({ sandbox: { required: true } });
    const config = entry({ network: ['api.github.com'], read: ['~/notes', 'data'], write: ['${HOME}/out'], env: ['TOKEN'] }).config;
    expect(config).toMatchObject({ sandbox: { network: ['api.github.com'], read: ['/home/me/notes', '/work/data'], write: ['/home/me/out'], env: { TOKEN: 't0k', LANG: 'C.UTF-8' } } });
    expect(entry(false).config).not.toHaveProperty('sandbox');
  });

  it('never lets mcpdeck\'s own files or the usual secret places be read', () => {
    const { deny } = sandboxSettings({ read: ['~'] }, (t) => t, '/work', ENV);
    for (const place of ['/home/me/.config/mcpdeck', '/home/me/.ssh', '/home/me/.aws', '/home/me/.config/gcloud', '/home/me/.npmrc', '/home/me/.mozilla']) expect(deny).toContain(place);
  });

  it('refuses what it cannot mean, and says a remote server is not sandboxed', () => {
    expect(entry('yes').issues[0]!.message).toMatch(/"sandbox": must be true, false, "required" or an object/);
    expect(entry({ network: 'x' }).issues[0]!.message).toMatch(/sandbox/);
    expect(entry({ shell: true }).issues[0]!.message).toMatch(/sandbox/);
    const http = normalizeEntry('r', { url: 'https://example.com/mcp', sandbox: true }, source, ENV);
    expect(http.issues.map((i) => i.message).join()).toMatch(/"sandbox" is for stdio servers: a http server runs elsewhere/);
  });

  it('is part of the launch plan: a change asks for approval again, and what runs says it', () => {
    const plain = entry(undefined).plan;
    expect(planHash(entry(true).plan)).not.toBe(planHash(plain));
    expect(planHash(entry(true).plan)).toBe(planHash(entry({}).plan));
    expect(planHash(entry({ network: ['a.example'] }).plan)).not.toBe(planHash(entry(true).plan));
    expect(whatRunsLines(entry({ network: ['api.github.com'], read: ['~/notes'] }).runs!)).toContain('sandbox: network api.github.com; reads ~/notes');
    expect(whatRunsLines(entry(true).runs!)).toContain('sandbox: no network; nothing of your home folder');
  });
});

describe('denied paths in what a server says', () => {
  const settings = sandboxSettings({ read: ['~/notes'] }, (t) => t, '/work', ENV);
  const scan = (text: string) => pathDenials(text, settings, settings.read, ['/tmp/private']);

  it('are paths it was refused: a secret place, the home folder outside what was named, a write anywhere but its own', () => {
    expect(scan("Error: ENOENT: no such file or directory, open '/home/me/.ssh/id_rsa'")).toEqual([{ kind: 'read', target: '/home/me/.ssh/id_rsa' }]);
    expect(scan('EACCES: permission denied, open "~/.aws/credentials"')).toEqual([{ kind: 'read', target: join(HOME, '.aws/credentials') }]);
    expect(scan("EROFS: read-only file system, open '/work/out.txt'")).toEqual([{ kind: 'write', target: '/work/out.txt' }]);
    expect(scan("ENOENT: no such file or directory, open '/home/me/Documents/a.txt'")).toEqual([{ kind: 'read', target: '/home/me/Documents/a.txt' }]);
  });

  it('are not what it may read or write, nor paths in lines that say nothing failed', () => {
    expect(scan("ENOENT: no such file or directory, open '/home/me/notes/missing.txt'")).toEqual([]);
    expect(scan("EROFS: read-only file system, open '/tmp/private/x'")).toEqual([]);
    expect(scan('reading /home/me/.ssh/config')).toEqual([]);
    expect(scan("ENOENT: no such file or directory, open '/usr/lib/x'")).toEqual([]);
  });

  it('are listed once per target and tool call; every refused connection counts, a named path once', () => {
    const log = new DenialLog();
    expect(log.add({ kind: 'read', target: '/a', at: 1, seen: 'stderr', tool: 't' })?.blocked).toBe(1);
    expect(log.add({ kind: 'read', target: '/a', at: 2, seen: 'result', tool: 't' })).toBeUndefined();
    expect(log.add({ kind: 'read', target: '/a', at: 3, seen: 'stderr', tool: 'u' })?.denials).toHaveLength(2);
    expect(log.add({ kind: 'network', target: 'x.example:443', at: 4, seen: 'proxy', tool: 't' })?.blocked).toBe(3);
    expect(log.add({ kind: 'network', target: 'x.example:443', at: 5, seen: 'proxy', tool: 't' })).toMatchObject({ blocked: 4, denials: { length: 3 } });
  });
});

describe('the seam into the sandbox runtime: loopback through its proxy', () => {
  const shell = "bwrap --setenv NO_PROXY localhost,127.0.0.1,::1,169.254.0.0/16 --setenv no_proxy localhost,127.0.0.1 -- cmd";
  it('edits the NO_PROXY the runtime sets, so that the proxy decides (and records) loopback too', () => {
    expect(loopbackThroughProxy(['-c', shell])[1]).toBe('bwrap --setenv NO_PROXY 169.254.0.0/16 --setenv no_proxy 169.254.0.0/16 -- cmd');
  });
});

describe('allowing what a server was denied', () => {
  const settings = sandboxSettings({}, (t) => t, '/work', ENV);
  it('names a host without its port and a path under the home folder as ~/…', () => {
    expect(allowance({ kind: 'network', target: 'api.github.com:443' }, settings)).toEqual({ field: 'network', value: 'api.github.com' });
    expect(allowance({ kind: 'network', target: '[::1]:8080' }, settings)).toEqual({ field: 'network', value: '[::1]' });
    expect(allowance({ kind: 'read', target: '/home/me/notes/a.txt' }, settings)).toEqual({ field: 'read', value: '~/notes/a.txt' });
    expect(allowance({ kind: 'write', target: '/srv/out' }, settings)).toEqual({ field: 'write', value: '/srv/out' });
  });

  it('never allows a secret place or mcpdeck\'s own files', () => {
    expect(() => allowance({ kind: 'read', target: '/home/me/.ssh/id_rsa' }, settings)).toThrow(/never reads/);
    expect(allowable([{ kind: 'read', target: '/home/me/.aws/credentials' }, { kind: 'network', target: 'x.example:80' }], settings)).toEqual([{ kind: 'network', target: 'x.example:80' }]);
  });

  it('widens the entry as written, each once, keeping required', () => {
    expect(widenedSandbox('required', [{ kind: 'network', target: 'a.example:443' }, { kind: 'network', target: 'a.example:80' }], settings)).toEqual({ required: true, network: ['a.example'] });
    expect(widenedSandbox({ read: ['~/notes'] }, [{ kind: 'read', target: '/home/me/docs' }], settings)).toEqual({ read: ['~/notes', '~/docs'] });
  });

  it('gives a tried server a name from its package, script or host', () => {
    expect(nameFor({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem@1.2.0', '/tmp'] })).toBe('server-filesystem');
    expect(nameFor({ command: 'node', args: ['/x/sandbox-probe.mjs'] })).toBe('sandbox-probe');
    expect(nameFor({ command: '/usr/local/bin/my-server', args: [] })).toBe('my-server');
    expect(nameFor({ url: 'https://mcp.linear.app/mcp' })).toBe('linear');
  });
});

describe("the runtime's violation lines", () => {
  it("are the proxy's refused hosts, and macOS's refused files (its sandbox log)", () => {
    expect(violationOf('deny network-outbound example.org:443 (host is not on the allow list)')).toEqual({ kind: 'network', target: 'example.org:443' });
    expect(violationOf('node(4242) deny(1) file-read-data /Users/me/.ssh/id_rsa')).toEqual({ kind: 'read', target: '/Users/me/.ssh/id_rsa' });
    expect(violationOf('node(4242) deny(1) file-write-create /Users/me/out.txt')).toEqual({ kind: 'write', target: '/Users/me/out.txt' });
    expect(violationOf('node(4242) deny(1) mach-lookup com.apple.x')).toBeUndefined();
  });
});
