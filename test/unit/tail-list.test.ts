import { describe, expect, it } from 'vitest';
import { TAIL_START, tailMove, tailView } from '../../src/ui/widgets/tail/tail-list.js';

describe('tail list', () => {
  it('follows the newest entry while the selection is at the bottom', () => {
    expect(tailView(TAIL_START, 3, 5, 0)).toEqual({ index: 2, offset: 0 });
    expect(tailView(TAIL_START, 12, 5, 0)).toEqual({ index: 11, offset: 7 });
    const back = tailMove(tailMove(TAIL_START, 'up', 12, 5, 0), 'down', 12, 5, 0);
    expect(back.follow).toBe(true);
    expect(tailView(back, 20, 5, 0)).toEqual({ index: 19, offset: 15 });
  });

  it('stays on its entry when moved up, as new entries arrive and old ones drop off', () => {
    const up = tailMove(TAIL_START, 'up', 12, 5, 0);
    expect(up.follow).toBe(false);
    expect(tailView(up, 12, 5, 0)).toEqual({ index: 10, offset: 7 });
    // Two more arrived, and three dropped off the front (the list is bounded).
    expect(tailView(up, 11, 5, 3)).toEqual({ index: 7, offset: 4 });
    // Its entry dropped off too: the oldest left is selected.
    expect(tailView(up, 5, 5, 20)).toEqual({ index: 0, offset: 0 });
  });
});
