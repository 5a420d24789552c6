import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const SKILLS_SERVER = fileURLToPath(new URL('../fixtures/servers/skills-server.mjs', import.meta.url));
const HEALTHY = fileURLToPath(new URL('../fixtures/servers/healthy.mjs', import.meta.url));

/** The URIs the fixture read so far (its `reads` tool). */
async function reads(deck: Deck): Promise<string[]> {
  const outcome = await deck.callTool('skills', 'reads', {});
  const first = outcome.result?.content?.[0];
  return JSON.parse(first && 'text' in first ? String(first.text) : '[]') as string[];
}

describe('the Skills tab (a 2026-07-28 server with the skills extension)', () => {
  let deck: Deck | undefined;
  let app: Rendered | undefined;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  async function open(): Promise<{ deck: Deck; app: Rendered }> {
    deck = await deckWith({ skills: { command: process.execPath, args: [SKILLS_SERVER] } });
    app = renderApp(deck, { columns: 120, rows: 32 });
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor(/Tools.*Info.*Skills/);
    await app.press('6');
    return { deck, app };
  }

  it('lists every page with sizes, dynamic and refused marks, sanitized, and reads no file', async () => {
    const { deck, app } = await open();
    const frame = await app.waitFor('evil-path');
    expect(frame).toMatch(/pdf-processing\s+3 files, 229 B/);
    expect(frame).toMatch(/daily\s+dynamic: unverifiable/);
    expect(frame).toContain('too-big');
    expect(frame).toContain('over the limit of 16777216');
    expect(frame).not.toContain('\u001b[31m');
    expect(await reads(deck)).toEqual([]);
  });

  it('enter loads a good skill verified into the pager; a wrong digest is refused with the reason', async () => {
    const { deck, app } = await open();
    await app.waitFor('evil-path');
    await app.press(KEY.enter);
    const pager = await app.waitFor('✓ verified: 3 files matched their sha256 digests and sizes');
    expect(pager).toContain('# PDF processing');
    expect(pager).toContain('binary, 6 B');
    await app.press(KEY.esc);
    await app.waitFor('evil-path');
    await app.press(KEY.down, KEY.enter);
    await app.waitFor(/refused skill:\/\/wrong-digest\/SKILL\.md: SKILL\.md does not match its digest/);
    expect(await reads(deck)).toEqual(['skill://pdf-processing/SKILL.md', 'skill://pdf-processing/references/FORMS.md', 'skill://pdf-processing/scripts/fill.bin', 'skill://wrong-digest/SKILL.md']);
  });

  it('a server without the extension has no Skills tab', async () => {
    deck = await deckWith({ plain: { command: process.execPath, args: [HEALTHY] } });
    app = renderApp(deck, { columns: 120, rows: 32 });
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    const frame = await app.waitFor(/Tools.*Info/);
    expect(frame).not.toContain('Skills');
  });
});
