import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith, state, waitFor } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const SUBSCRIBABLE = fileURLToPath(new URL('../fixtures/servers/subscribable.mjs', import.meta.url));

let deck: Deck | undefined;
let app: Rendered | undefined;

afterEach(async () => {
  app?.unmount();
  await deck?.close();
  deck = app = undefined;
});

/** The subscribable fixture as `subs`, on its Resources tab. */
async function openResources(env: Record<string, string> = {}, size = { columns: 100, rows: 30 }): Promise<{ deck: Deck; app: Rendered }> {
  deck = await deckWith({ subs: { command: process.execPath, args: [SUBSCRIBABLE], env } });
  app = renderApp(deck, size);
  app.resize(size.columns, size.rows);
  await deck.connectAll();
  await app.waitFor('✓ connected');
  await app.press(KEY.enter);
  await app.waitFor(/Tools.*Resources.*Prompts/);
  await app.press('2');
  await app.waitFor('sub://flaky');
  return { deck, app };
}

const touch = (d: Deck, uri: string) => d.callTool('subs', 'touch', { uri });
const rowOf = (frame: string, uri: string) => frame.split('\n').find((line) => line.includes(uri) && line.includes('text/plain')) ?? '';

describe('watching a resource in the Resources tab', () => {
  it('w watches the selected resource: the row counts its updates, and w again stops', async () => {
    const { deck, app } = await openResources();
    expect(app.frame()).toContain('w watch/unwatch');
    expect(app.frame()).not.toContain('◉');
    await app.press('w');
    let frame = await app.waitFor((f) => rowOf(f, 'sub://counter').includes('◉ 0'));
    expect(frame).toContain('◉ watched · 0 updates  sub://counter');
    expect(rowOf(frame, 'sub://notes')).not.toContain('◉');

    await touch(deck, 'sub://counter');
    frame = await app.waitFor((f) => /◉ 1 · (now|\ds)/.test(rowOf(f, 'sub://counter')));
    expect(frame).toMatch(/◉ watched · 1 update · last (just now|\ds ago)/);

    // A reconnect renews it: the next update still counts.
    const before = state(deck, 'subs').pid;
    await app.press('r');
    await waitFor(deck, () => state(deck, 'subs').status === 'connected' && state(deck, 'subs').pid !== before, 'a new process');
    await touch(deck, 'sub://counter');
    await app.waitFor((f) => /◉ 2 · /.test(rowOf(f, 'sub://counter')));

    await app.press('w');
    await app.waitFor((f) => !f.includes('◉'));
    expect(state(deck, 'subs').subscriptions).toEqual({});
  });

  it('the pager of a watched resource reads it again on each update', async () => {
    const { deck, app } = await openResources();
    await app.press(KEY.enter);
    await app.waitFor('sub://counter version 0');
    expect(app.frame()).not.toContain('◉');
    // Watching from the pager: the line over it says so.
    await app.press('w');
    await app.waitFor('◉ watched · 0 updates · re-read on each update');
    await touch(deck, 'sub://counter');
    await app.waitFor('sub://counter version 1');
    expect(app.frame()).toContain('◉ watched · 1 update');
    await touch(deck, 'sub://counter');
    await touch(deck, 'sub://counter');
    await app.waitFor('sub://counter version 3');
    await app.press(KEY.esc);
    await app.waitFor((f) => rowOf(f, 'sub://counter').includes('◉ 3'));
  });

  it('fits 80 columns with a mark in view', async () => {
    const { deck, app } = await openResources({}, { columns: 80, rows: 24 });
    await app.press('w');
    // Subscribed once the server said so: an update sent before would not be for us.
    await app.waitFor((f) => rowOf(f, 'sub://counter').includes('◉ 0'));
    await touch(deck, 'sub://counter');
    const frame = await app.waitFor((f) => /◉ 1 · /.test(rowOf(f, 'sub://counter')));
    for (const line of frame.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
  });

  it('offers no watch key on a server without resources.subscribe', async () => {
    const { deck, app } = await openResources({ SUBSCRIBABLE_NO_SUBSCRIBE: '1' });
    expect(app.frame()).not.toContain('watch/unwatch');
    await app.press('w', KEY.down);
    await app.waitFor((f) => f.includes('notes') && !f.includes('◉'));
    expect(state(deck, 'subs').subscriptions ?? {}).toEqual({});
  });
});
