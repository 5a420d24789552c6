import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith, state, waitFor } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const TASKS_SERVER = fileURLToPath(new URL('../fixtures/servers/tasks-server.mjs', import.meta.url));

const lines = (frame: string) => frame.split('\n');

describe('the Tasks tab fits the screen', () => {
  let deck: Deck | undefined;
  let app: Rendered | undefined;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  for (const [columns, rows] of [[80, 24], [120, 40], [50, 20]] as const) {
    it(`at ${columns}x${rows}: the header stays, the id and the tool are apart, every row is one line`, async () => {
      deck = await deckWith({ tasks: { command: process.execPath, args: [TASKS_SERVER, 'stdio'], env: { STEP_MS: '10' } } });
      app = renderApp(deck, { columns, rows });
      await deck.connectAll();
      await app.waitFor('✓ connected');
      await app.press(KEY.enter);
      await app.waitFor(/1 Tools/);
      await deck.callTool('tasks', 'research', { topic: 'tides', steps: 1 });
      await waitFor(deck, () => state(deck!, 'tasks').tasks?.[0]?.status === 'completed', 'the task done');
      await app.press('6');
      const id = state(deck, 'tasks').tasks![0]!.taskId;
      const frame = await app.waitFor(`task: ${id}`);
      const shown = lines(frame);
      expect(shown.length, frame).toBeLessThanOrEqual(rows);
      for (const line of shown) expect([...line].length, line).toBeLessThanOrEqual(columns);
      // The server's header line, then the tabs, then the list.
      expect(shown[1], frame).toContain('✓ connected');
      // Every tab, the open one whole (on a narrow screen the others shorten).
      expect(shown[2], frame).toMatch(/^ 1 .* 6 Tasks\s*$/);
      expect(frame).toContain(`› ${id.slice(0, 12)}  research · completed`.slice(0, columns - 1));
      expect(frame).toMatch(/status: completed\s*$/m);
      // Whole, or cut with an ellipsis: never clipped mid-word by the screen's edge.
      const row = shown.find((l) => l.startsWith('› '))!;
      expect(row.trimEnd()).toMatch(/(ttl 1 min|…)$/);
    });
  }
});
