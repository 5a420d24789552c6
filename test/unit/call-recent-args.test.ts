import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSecretName, openRecentArgs, withoutSecrets } from '../../src/core/calls/recent-args.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'mcpdeck-recent-'));

describe('recent arguments', () => {
  it('remembers the last arguments per server and tool, across openings, names with dots included', async () => {
    const env = { MCPDECK_CONFIG_DIR: freshDir() };
    const recent = openRecentArgs(env);
    expect(recent.get('s', 't')).toBeUndefined();
    recent.remember('s.one', 'get.sum', { a: 2, b: 3 });
    recent.remember('s.one', 'get.sum', { a: 5, b: 3 });
    recent.remember('s.one', 'other', { x: true });
    expect(recent.get('s.one', 'get.sum')).toEqual({ a: 5, b: 3 });
    await recent.settled!();
    const again = openRecentArgs(env);
    expect(again.get('s.one', 'get.sum')).toEqual({ a: 5, b: 3 });
    expect(again.get('s.one', 'other')).toEqual({ x: true });
    expect(again.get('s', 'one.get.sum')).toBeUndefined();
    expect(readFileSync(join(env.MCPDECK_CONFIG_DIR, 'recent-args.json'), 'utf8')).toContain('get.sum');
    // Values sent may hold what the secret filter missed: only the owner reads the file.
    expect(statSync(join(env.MCPDECK_CONFIG_DIR, 'recent-args.json')).mode & 0o777).toBe(0o600);
  });

  it('is JSONC: a comment the person wrote stays, and the indentation too', async () => {
    const dir = freshDir();
    const path = join(dir, 'recent-args.json');
    writeFileSync(path, '{\n\t// kept for the demo\n\t"calls": {},\n}\n', { mode: 0o640 });
    const recent = openRecentArgs({ MCPDECK_CONFIG_DIR: dir });
    recent.remember('s', 't', { a: 1 });
    await recent.settled!();
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('\t// kept for the demo\n');
    expect(text).toMatch(/\n\t\t"\[\\"s\\",\\"t\\"\]": \{/);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(openRecentArgs({ MCPDECK_CONFIG_DIR: dir }).get('s', 't')).toEqual({ a: 1 });
  });

  it('does not store secret-looking values, by name or by format: password', () => {
    const recent = openRecentArgs({ MCPDECK_CONFIG_DIR: freshDir() });
    const schema = { type: 'object', properties: { pin_code: { type: 'string', format: 'password' }, inner: { type: 'object', properties: { word: { format: 'password' } } } } };
    recent.remember('s', 't', {
      query: 'cats', apiKey: 'k1', access_token: 't1', Authorization: 'Bearer x', password: 'p', client_secret: 's', pin_code: '1234',
      inner: { word: 'w', keep: 1, 'X-Auth-Token': 'h' }, list: [{ token: 'a', name: 'n' }],
    }, schema);
    expect(recent.get('s', 't')).toEqual({ query: 'cats', inner: { keep: 1 }, list: [{ name: 'n' }] });
    expect(['keyword', 'monkey', 'author', 'tokens_used'].map(isSecretName)).toEqual([false, false, false, false]);
    expect(['key', 'apiKey', 'API_KEY', 'privateKey', 'sessionToken'].map(isSecretName)).toEqual([true, true, true, true, true]);
    expect(withoutSecrets('plain')).toBe('plain');
  });

  it('reads the schema as the form does: a password behind a $ref or an "or null" is left out too', () => {
    const schema = {
      type: 'object',
      $defs: { Secret: { type: 'string', format: 'password' } },
      properties: { a: { $ref: '#/$defs/Secret' }, b: { anyOf: [{ type: 'string', format: 'password', writeOnly: true }, { type: 'null' }] }, c: { type: 'string' } },
    };
    expect(withoutSecrets({ a: 'x', b: 'y', c: 'z' }, schema)).toEqual({ c: 'z' });
  });

  it('never throws: a broken file means no prefill, and remembering fails quietly', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'recent-args.json'), '{ not json');
    const recent = openRecentArgs({ MCPDECK_CONFIG_DIR: dir });
    expect(recent.get('s', 't')).toBeUndefined();
    expect(() => recent.remember('s', 't', { a: 1 })).not.toThrow();
    const blocked = openRecentArgs({ MCPDECK_CONFIG_DIR: join(dir, 'recent-args.json', 'below-a-file') });
    expect(() => blocked.remember('s', 't', { a: 1 })).not.toThrow();
    await blocked.settled!();
    expect(openRecentArgs({ MCPDECK_CONFIG_DIR: join(dir, 'recent-args.json', 'below-a-file') }).get('s', 't')).toBeUndefined();
    await recent.settled!();
    expect(readFileSync(join(dir, 'recent-args.json'), 'utf8')).toBe('{ not json');
  });
});
