import { useState } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useTextInput } from '../text/useTextInput.js';
import { TextField } from '../text/TextField.js';
import { PagerView } from './PagerView.js';
import { usePager } from './usePager.js';
import { stackRows } from '../../layout/stack-rows.js';

interface Props {
  text: string;
  width: number;
  /** Rows for the whole pager, status and search lines included. */
  height: number;
  active?: boolean;
}

/** Long text with scrolling and `/` search, `n`/`N` between matches; esc clears a kept search first. */
export function Pager({ text, width, height, active = true }: Props) {
  const [searching, setSearching] = useState(false);
  // The search line's row is kept while not searching, so the view does not jump when it opens.
  const rows = stackRows(height, { view: { min: 1 }, status: 1, search: 1 });
  const pager = usePager(text, Math.max(10, width), rows.view);
  const input = useTextInput('');
  useKeys(['pager', 'list'], { ...pager.handlers, search: () => setSearching(true) }, { priority: PRIORITY.widget, active });
  useKeys(['filter'], {
    accept: () => {
      pager.search(input.value);
      setSearching(false);
    },
    clear: () => setSearching(false),
  }, { priority: PRIORITY.text, active: active && searching, onText: input.onText });
  // A kept search is cleared by esc before esc leaves the screen, as a kept filter is (useFilter).
  useKeys(['filter'], {
    clear: () => {
      pager.search('');
      input.set('');
    },
  }, { priority: PRIORITY.widget, active: active && !searching && pager.needle !== '' });
  return (
    <Box flexDirection="column">
      <PagerView pager={pager} />
      {searching ? (
        <Text>
          <Text bold>search: </Text>
          <TextField value={input.value} cursor={input.cursor} focused />
        </Text>
      ) : null}
    </Box>
  );
}
