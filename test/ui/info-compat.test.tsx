import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { fixtureServer } from '../helpers/servers.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

/** One fixture server, opened on its Info tab in a terminal tall enough to show the tab whole. */
async function openInfo(file: string, ...args: string[]): Promise<{ deck: Deck; app: Rendered }> {
  const deck = await deckWith({ incompatible: fixtureServer(file, ...args) });
  const app = renderApp(deck, { columns: 160, rows: 80 });
  app.resize(160, 80);
  await deck.connectAll();
  await app.waitFor('✓ connected');
  await app.press(KEY.enter);
  await app.waitFor(/Tools.*Resources.*Prompts/);
  await app.press('5');
  return { deck, app };
}

const lines = (frame: string) => frame.split('\n').map((l) => l.trimEnd());

describe('the Info tab: Compatibility', () => {
  let deck: Deck | undefined;
  let app: Rendered | undefined;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('says, per rule, which clients break on which tools, errors first, and where the details are', async () => {
    ({ deck, app } = await openInfo('incompatible-tools.mjs'));
    const frame = lines(await app.waitFor('Compatibility'));
    const at = frame.findIndex((l) => l === 'Compatibility');
    const section = frame.slice(at + 1, frame.findIndex((l, i) => i > at && l.startsWith('Configuration')));
    expect(section[0]).toBe('  ✗ OpenAI API, Anthropic API, Claude Desktop / claude.ai: tool name outside ^[a-zA-Z0-9_-]{1,64}$ — files.read, search_every_repository_issue_and_pull_…');
    expect(section).toContain('  ✗ Claude Code: mcp__<server>__<tool> outside ^[a-zA-Z0-9_-]{1,64}$ — files.read, search_every_repository_issue_and_pull_…');
    expect(section).toContain('  ✗ Anthropic API, Claude Code, Claude Desktop / claude.ai: oneOf, anyOf or allOf at the root of the input schema — pick_one');
    expect(section).toContain('  ✗ OpenAI API: more than 128 tools — 130 tools, 2 more than 128');
    expect(section).toContain('  ! VS Code: more than 128 tools — 130 tools, 2 more than 128');
    expect(section).toContain('  · VS Code, Gemini CLI: no readOnlyHint — tool_002, tool_004, tool_006 and 59 more');
    expect(section.at(-1)).toBe('  mcpdeck lint incompatible lists each finding, what it costs and its source');
    // Errors, then warnings, then notes.
    const glyphs = section.slice(0, -1).map((l) => l.trim()[0]);
    expect(glyphs).toEqual([...glyphs].sort((a, b) => '✗!·'.indexOf(a!) - '✗!·'.indexOf(b!)));
  });

  it('a server that breaks nothing says so, with its notes', async () => {
    ({ deck, app } = await openInfo('incompatible-tools.mjs', '--clean'));
    const frame = await app.waitFor('Compatibility');
    expect(frame).toContain("  · OpenAI API: input schema outside OpenAI's strict mode — read_note, write_note, stats");
    expect(frame).not.toMatch(/^ {2}[✗!] /m);
  });

  it('a list too long to check between two frames is left to mcpdeck lint, and said so', async () => {
    ({ deck, app } = await openInfo('enormous-lists.mjs', '--tools', '2500'));
    const frame = await app.waitFor('Compatibility');
    expect(frame).toContain('  2,500 tools: more than this tab checks; mcpdeck lint incompatible checks them all');
  });
});
