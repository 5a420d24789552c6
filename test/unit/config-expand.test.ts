import { describe, expect, it } from 'vitest';
import { expandValue, inputRefs, type ExpandContext } from '../../src/core/config/expand.js';
import { normalizeEntry } from '../../src/core/config/normalize.js';

const context = (extra: Partial<ExpandContext> = {}): ExpandContext => ({
  env: { TOKEN: 's3cret', EMPTY: '', userHome: 'not-this' },
  missing: new Set(),
  missingInputs: new Set(),
  ...extra,
});

describe('expanding ${...} in values', () => {
  it('${VAR}, ${VAR:-default} and ${env:VAR} read the environment', () => {
    const c = context();
    expect(expandValue('Bearer ${TOKEN} ${env:TOKEN} ${NOPE:-dflt} ${env:NOPE:-d2} [${EMPTY}]', c)).toBe('Bearer s3cret s3cret dflt d2 []');
    expect([...c.missing]).toEqual([]);
  });

  it('collects unset names and leaves them as written', () => {
    const c = context();
    expect(expandValue('${A} ${env:B}', c)).toBe('${A} ${env:B}');
    expect([...c.missing]).toEqual(['A', 'B']);
  });

  it('${input:id} takes the answer, or waits for one', () => {
    const answered = context({ input: (id) => (id === 'key' ? 'k-1' : undefined) });
    expect(expandValue('x=${input:key} y=${input:other-id}', answered)).toBe('x=k-1 y=${input:other-id}');
    expect([...answered.missingInputs]).toEqual(['other-id']);
    expect(inputRefs('${input:a} ${B} ${input:c-d}')).toEqual(['a', 'c-d']);
  });

  it('the editors\' built-ins win over an env var of the same name; other ${...} stay as written', () => {
    expect(expandValue('${userHome}/x ${workspaceFolder} ${command:foo}', context({ builtins: { userHome: '/h', workspaceFolder: '/w' } }))).toBe('/h/x /w ${command:foo}');
  });

  it('an unanswered input is one error naming it, and the server waits (no config)', () => {
    const d = normalizeEntry('gh', { type: 'http', url: 'https://x.test/mcp', headers: { Authorization: 'Bearer ${input:token}' } }, { kind: 'adhoc', label: 't' }, {});
    expect(d.config).toBeUndefined();
    expect(d.missingInputs).toEqual(['token']);
    expect(d.issues.map((i) => i.message)).toEqual([expect.stringContaining('${input:token} has no value yet')]);
  });

  it('expands cwd too', () => {
    const d = normalizeEntry('s', { command: 'node', cwd: '${ROOT}/srv' }, { kind: 'adhoc', label: 't' }, { ROOT: '/opt' });
    expect(d.config).toMatchObject({ cwd: '/opt/srv' });
  });

  it('a url that is not http(s) is reported with its secrets masked', () => {
    const d = normalizeEntry('s', { type: 'http', url: 'ftp://me:pw@host/x?token=abc' }, { kind: 'adhoc', label: 't' }, {});
    expect(d.issues[0]!.message).not.toMatch(/pw@|abc/);
  });
});
