// The playground's rows: what a conversation looks like on screen, made once per turn and,
// for the reply that streams, once per line; server and model text sanitized on the way.
import { describe, expect, it } from 'vitest';
import type { ToolTurn, Turn } from '../../src/core/models/conversation.js';
import { chatRows, RowCache } from '../../src/ui/playground/chat-rows.js';

const texts = (turns: readonly Turn[], width: number, cache?: RowCache) => chatRows(turns, width, cache).map((r) => `${(r.label ?? '').padEnd(7)}${r.text}`);

const echo = (status: ToolTurn['status'], text?: string): ToolTurn => ({
  kind: 'tool', id: 'call_1', name: 'echo', server: 'everything', tool: 'echo', args: { message: 'hi' }, status,
  ...(text !== undefined && { outcome: { result: { content: [{ type: 'text', text }] }, isError: false, durationMs: 12 } as unknown as ToolTurn['outcome'] }),
});

describe('the playground rows', () => {
  it('are the same, word by word, whether made again or kept from the frame before', () => {
    const words = 'the quick brown fox jumps over the lazy dog\nand then\n\nruns away over the hills and far away'.split(' ');
    const cache = new RowCache();
    let text = '';
    for (const word of words) {
      text += `${text ? ' ' : ''}${word}`;
      const turns: Turn[] = [{ kind: 'user', text: 'go' }, { kind: 'assistant', text, streaming: true }];
      expect(texts(turns, 30, cache)).toEqual(texts(turns, 30));
    }
    const done: Turn[] = [{ kind: 'user', text: 'go' }, { kind: 'assistant', text, streaming: false }];
    expect(texts(done, 30, cache)).toEqual(texts(done, 30));
    expect(texts(done, 30).at(-1)).toBe('       hills and far away');
    // Another width wraps again.
    expect(texts(done, 60, cache)).toEqual(texts(done, 60));
  });

  it('mark the reply that streams, and show a tool call, its status, the start of its result and how much more there is', () => {
    expect(texts([{ kind: 'assistant', text: 'Let me', streaming: true }], 40)).toEqual(['model  Let me▍']);
    expect(texts([echo('running')], 60)).toEqual(['◌      everything/echo {"message":"hi"}']);
    expect(texts([echo('done', 'one\ntwo\nthree\nfour\nfive')], 60)).toEqual([
      '✓      everything/echo {"message":"hi"}',
      '       → one',
      '         two',
      '         three',
      '         done in 12 ms · 2 more lines (tab, then enter: the whole result)',
    ]);
    expect(texts([{ ...echo('denied'), error: 'not allowed by the person' }], 60)).toEqual([
      '⊘      everything/echo {"message":"hi"}',
      '         not run: not allowed by the person',
    ]);
  });

  it('never let a control sequence through, from the model, the person or a server', () => {
    const rows = texts([
      { kind: 'user', text: 'a\x1b[2Jb' },
      { kind: 'assistant', text: 'c\x1b]0;title\x07d', streaming: false },
      { ...echo('done', 'e\x1b[31m\u202ef'), tool: 'ec\x1bho' },
      { kind: 'error', text: 'g\x07h' },
    ], 80).join('\n');
    expect(rows).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/);
    expect(rows).toContain('a⟦ESC[2J⟧b');
  });
});
