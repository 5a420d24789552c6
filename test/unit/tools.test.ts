import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { declaresWrites, filterTools, iconSummary, qualifiedName, toolIcons, toolMatcher } from '../../src/core/servers/tools.js';
import { shapesApart } from './helpers/hidden-class.js';

const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });
const NAMES = ['read_file', 'write_file', 'delete_file', 'list_dir', 'search'];
const tools = NAMES.map(tool);
const names = (filter: Parameters<typeof toolMatcher>[1]) => NAMES.filter(toolMatcher('srv', filter));

describe('toolMatcher', () => {
  it('shows everything without a filter, or with empty lists', () => {
    expect(names(undefined)).toEqual(NAMES);
    expect(names({ allow: [], block: [] })).toEqual(NAMES);
  });

  it('shows only what an allow glob matches', () => {
    expect(names({ allow: ['*_file'] })).toEqual(['read_file', 'write_file', 'delete_file']);
    expect(names({ allow: ['read_*', 'search'] })).toEqual(['read_file', 'search']);
  });

  it('hides what a block glob matches', () => {
    expect(names({ block: ['delete_*', 'write_*'] })).toEqual(['read_file', 'list_dir', 'search']);
  });

  it('lets block win over allow', () => {
    expect(names({ allow: ['*_file'], block: ['delete_file'] })).toEqual(['read_file', 'write_file']);
  });

  it('understands brace and negation globs', () => {
    expect(names({ allow: ['{read,list}_*'] })).toEqual(['read_file', 'list_dir']);
    expect(names({ block: ['!*_file'] })).toEqual(['read_file', 'write_file', 'delete_file']);
  });

  it('matches the whole name, not a part', () => {
    expect(names({ allow: ['file'] })).toEqual([]);
  });

  it('lets * cover any tool name, including ones with "/" or a leading "."', () => {
    const odd = ['github/search', '.internal', 'plain'];
    expect(odd.filter(toolMatcher('srv', { block: ['*'] }))).toEqual([]);
  });
});

describe('filterTools', () => {
  it('qualifies shown tools as mcp__<server>__<tool> and counts the hidden ones', () => {
    const { shown, hidden } = filterTools('fs', tools, { block: ['delete_*', 'write_*'] });
    expect(shown.map((t) => t.qualifiedName)).toEqual(['mcp__fs__read_file', 'mcp__fs__list_dir', 'mcp__fs__search']);
    expect(shown[0]).toEqual({ name: 'read_file', inputSchema: { type: 'object' }, qualifiedName: 'mcp__fs__read_file' });
    expect(hidden).toBe(2);
  });

  it('does not change the tools it was given', () => {
    filterTools('fs', tools, undefined);
    expect(tools[0]).not.toHaveProperty('qualifiedName');
  });

  it('gives tools of one shape one hidden class (a spread per tool gave each a map of its own)', () => {
    const listed = JSON.parse(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({
      name: `tool-${i}`, description: `Tool ${i}`, inputSchema: { type: 'object' }, annotations: { readOnlyHint: i % 2 === 0 },
    })))) as Tool[];
    expect(shapesApart(listed)).toBe(0);
    expect(shapesApart(filterTools('big', listed, undefined).shown)).toBe(0);
  });

  it('builds qualified names from server and tool', () => {
    expect(qualifiedName('my-server', 'do.thing')).toBe('mcp__my-server__do.thing');
  });
});

describe('toolMatcher over qualified names', () => {
  it('matches a glob written against mcp__<server>__<tool>', () => {
    expect(['a', 'b'].filter(toolMatcher('fs', { allow: ['mcp__fs__a'] }))).toEqual(['a']);
    expect(['a', 'b'].filter(toolMatcher('fs', { block: ['mcp__other__*'] }))).toEqual(['a', 'b']);
  });
});

describe('toolIcons', () => {
  it('accepts only https: and data: icon URLs and says what it ignored', () => {
    const icons = [
      { src: 'https://example.com/a.png', mimeType: 'image/png', sizes: ['16x16', '32x32'], theme: 'dark' as const },
      { src: 'HTTPS://EXAMPLE.COM/b.png' },
      { src: 'data:image/png;base64,AAAA' },
      { src: 'http://example.com/c.png' },
      { src: 'file:///etc/passwd' },
      { src: 'javascript:alert(1)' },
      { src: 'not a url at all' },
      { src: 'http://example.com/d.png' },
    ];
    const checked = toolIcons({ icons });
    expect(checked.accepted.map((i) => i.src)).toEqual(['https://example.com/a.png', 'HTTPS://EXAMPLE.COM/b.png', 'data:image/png;base64,AAAA']);
    expect(checked.ignored).toEqual(['http:', 'file:', 'javascript:', 'not a URL', 'http:']);
    expect(iconSummary({ icons })).toBe(
      '3 (image/png 16x16 32x32 dark https; https; data), 5 ignored: http: URL, file: URL, javascript: URL, not a URL (only https: and data: URLs are accepted)',
    );
  });

  it('says nothing of a tool without icons', () => {
    expect(toolIcons({})).toEqual({ accepted: [], ignored: [] });
    expect(iconSummary({ icons: [] })).toBeUndefined();
  });
});

describe('declaresWrites', () => {
  it('is only for a tool that declares it is neither read-only nor destructive', () => {
    expect(declaresWrites({ annotations: { readOnlyHint: false, destructiveHint: false } })).toBe(true);
    expect(declaresWrites({ annotations: { readOnlyHint: false } })).toBe(false);
    expect(declaresWrites({ annotations: { destructiveHint: false } })).toBe(false);
    expect(declaresWrites({})).toBe(false);
  });
});
