import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CallOutcome } from '../../src/core/mcp/call.js';
import { buildResourceView, buildResultView, prettyText, resultViewOf, VIEW_LIMITS } from '../../src/core/calls/result-view.js';
import { createResultSaver, extensionFor, safeStem } from '../../src/core/calls/saver.js';
import { BLOB_TEXT_MAX, blobText } from '../../src/core/calls/blob-text.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6]);
const outcome = (result: Partial<CallToolResult>, extra: Partial<CallOutcome> = {}): CallOutcome => ({
  result: { content: [], ...result } as CallToolResult,
  isError: result.isError === true,
  durationMs: 12,
  ...extra,
});
const saverIn = () => createResultSaver(mkdtempSync(join(tmpdir(), 'mcpdeck-results-')));

describe('result view', () => {
  it('pretty-prints JSON text and leaves other text alone', () => {
    expect(prettyText('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(prettyText('{not json')).toBe('{not json');
    expect(prettyText('42')).toBe('42');
    const view = buildResultView(outcome({ content: [{ type: 'text', text: 'hello' }, { type: 'text', text: '[1]' }] }), 'x', saverIn());
    expect(view.text).toBe('hello\n\n[\n  1\n]');
    expect(view.status).toBe('ok');
    expect(view.durationMs).toBe(12);
  });

  it('saves images and audio under names from the tool and the mime type, never from the server', () => {
    const saver = saverIn();
    const view = buildResultView(outcome({
      content: [
        { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
        { type: 'audio', data: Buffer.from('RIFF').toString('base64'), mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///../../etc/passwd', blob: Buffer.from('zz').toString('base64'), mimeType: '../../evil' } },
      ],
    }), '../../make/tile', saver);
    expect(view.files.map((f) => f.path.slice(saver.dir.length + 1))).toEqual(['make_tile-1.png', 'make_tile-2.wav', 'make_tile-3.bin']);
    for (const f of view.files) expect(dirname(f.path)).toBe(saver.dir);
    expect(readFileSync(view.files[0]!.path)).toEqual(PNG);
    expect(view.files[0]).toMatchObject({ what: 'image', mimeType: 'image/png', bytes: 10 });
    expect(view.text).toContain(`[image image/png, 10 bytes → saved to ${view.files[0]!.path}]`);
    expect(view.text).toContain('── resource file:///../../etc/passwd (../../evil) ──');
  });

  it('never overwrites: a second saver into the same directory moves the counter on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-results-'));
    const a = createResultSaver(dir).save('t', PNG, 'image/png');
    const b = createResultSaver(dir).save('t', PNG, 'image/png');
    expect([a, b].map((p) => p.slice(dir.length + 1))).toEqual(['t-1.png', 't-2.png']);
    expect(readdirSync(dir).sort()).toEqual(['t-1.png', 't-2.png']);
    expect(statSync(a).mode & 0o077).toBe(0);
    expect(safeStem('.hidden')).toBe('hidden');
    expect(safeStem('')).toBe('result');
    expect(extensionFor('IMAGE/JPEG; q=1')).toBe('jpg');
  });

  it('lists resource links and shows embedded text resources', () => {
    const view = buildResultView(outcome({
      content: [
        { type: 'resource_link', uri: 'demo://a', name: 'A', mimeType: 'text/plain' },
        { type: 'resource_link', uri: 'demo://b', name: 'B' },
        { type: 'resource', resource: { uri: 'demo://c', text: '{"x":1}', mimeType: 'application/json' } },
      ],
    }), 't', saverIn());
    expect(view.links).toEqual([{ uri: 'demo://a', name: 'A', mimeType: 'text/plain' }, { uri: 'demo://b', name: 'B', mimeType: undefined }]);
    expect(view.text).toContain('[link 1] demo://a  "A"  (text/plain)');
    expect(view.text).toContain('── resource demo://c (application/json) ──\n{\n  "x": 1\n}');
    expect(view.files).toEqual([]);
  });

  it('gives structuredContent its own section with every output-schema mismatch', () => {
    const bad = buildResultView(outcome(
      { content: [{ type: 'text', text: 'done' }], structuredContent: { width: 'wide' } },
      { output: { valid: false, errors: ['/width must be number', 'must have required property \'label\''] } },
    ), 't', saverIn());
    expect(bad.text).toBe([
      'done', '', '── structured content ──', '{\n  "width": "wide"\n}',
      '✗ does not match the output schema:', '  - /width must be number', "  - must have required property 'label'",
    ].join('\n'));
    const same = buildResultView(outcome(
      { content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { a: 1 } },
      { output: { valid: true, errors: [] } },
    ), 't', saverIn());
    expect(same.text).toContain('(the same as text block 1 above)\n✓ matches the output schema');
  });

  it('marks isError results as the tool\'s error', () => {
    const view = buildResultView(outcome({ isError: true, content: [{ type: 'text', text: 'nope' }] }), 't', saverIn());
    expect(view.status).toBe('tool-error');
    expect(buildResultView(outcome({}), 't', saverIn()).text).toBe('(no content)');
  });

  it('builds a view once per outcome, however often it is asked for', () => {
    const saver = saverIn();
    const o = outcome({ content: [{ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' }] });
    expect(resultViewOf(o, 't', saver)).toBe(resultViewOf(o, 't', saver));
    expect(readdirSync(saver.dir)).toEqual(['t-1.png']);
  });

  it('reads a resource: text shown, blobs saved', () => {
    const saver = saverIn();
    const view = buildResourceView({ contents: [{ uri: 'u://t', text: 'hi' }, { uri: 'u://b', blob: PNG.toString('base64'), mimeType: 'image/png' }] }, 'r', saver);
    expect(view.text).toContain('── resource u://t ──\nhi');
    expect(existsSync(view.files[0]!.path)).toBe(true);
  });

  it('shows a small blob of a text type as text too, and saves it; a big or binary one is only saved', () => {
    const saver = saverIn();
    const blob = (text: string | Buffer, mimeType: string) => ({ type: 'resource' as const, resource: { uri: `u://${mimeType}`, blob: Buffer.from(text).toString('base64'), mimeType } });
    const view = buildResultView(outcome({
      content: [
        blob('Resource 1: \u001b[2Jplain', 'text/plain'),
        blob('{"a":1}', 'application/json'),
        blob('x'.repeat(BLOB_TEXT_MAX + 1), 'text/plain'),
        blob(Buffer.from([0xff, 0xfe, 0x00]), 'text/plain'),
        blob('looks like text', 'application/octet-stream'),
      ],
    }), 'b', saver);
    // Raw here: the pager sanitizes each row it draws (the escape shows as ⟦ESC[2J⟧ there).
    expect(view.text).toContain('(text/plain) ──\n[resource text/plain, 21 bytes → saved to');
    expect(view.text).toContain('.txt]\nResource 1: \u001b[2Jplain');
    expect(view.text).toContain('.json]\n{\n  "a": 1\n}');
    expect(view.text).not.toContain('x'.repeat(100));
    expect(view.text).not.toContain('looks like text');
    expect(view.files.map((f) => f.mimeType)).toEqual(['text/plain', 'application/json', 'text/plain', 'text/plain', 'application/octet-stream']);
    expect(blobText(Buffer.from('<svg/>'), 'image/svg+xml')).toBe('<svg/>');
    expect(blobText(Buffer.from('a: 1'), 'application/vnd.x+yaml; charset=utf-8')).toBeUndefined();
    expect(blobText(Buffer.from('{}'), 'application/ld+json; charset=utf-8')).toBe('{}');
  });

  it('stays fast for a 10 MB text result', () => {
    const big = 'x'.repeat(99) + '\n';
    const text = big.repeat(100_000);
    const started = performance.now();
    const view = buildResultView(outcome({ content: [{ type: 'text', text }] }), 't', saverIn());
    // The view holds the start (test/integration/limits-results.test.ts has the rest of the story).
    expect(view.text.startsWith(text.slice(0, VIEW_LIMITS.chars))).toBe(true);
    expect(view.cut!.total - view.cut!.shown).toBe(text.length - VIEW_LIMITS.chars);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
