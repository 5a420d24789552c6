// `mcpdeck tools` against lists as real servers send them: 130,000 tools and more (the
// README says lists up to 200,000 are read), a cursor that never ends, titled tools.
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { fixture } from '../helpers/servers.js';

const box = sandbox();

describe('mcpdeck tools with big lists', () => {
  it('prints 130,000 tools without overflowing the stack', async () => {
    const r = await runCli(['tools', '--', process.execPath, fixture('enormous-lists.mjs'), '--tools', '130000', '--page-size', '10000'], box);
    expect(r.stderr).not.toMatch(/RangeError|call stack/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^tool-130000 /m);
  }, 120_000);

  it('says when it stopped at its page limit', async () => {
    const r = await runCli(['tools', '--', process.execPath, fixture('enormous-lists.mjs'), '--endless-pages'], box);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('note: adhoc\'s tool list is not whole: stopped after 1,000 pages: the server kept sending a next cursor (1,000 tools listed)');
  }, 60_000);

  it('shows each tool\'s title beside its name, from title or annotations.title', async () => {
    const r = await runCli(['tools', '--', process.execPath, fixture('annotated-tools.mjs')], box);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^read_note +Read a note +/m);
    expect(r.stdout).toMatch(/^write_note +Write a note +/m);
  });
});
