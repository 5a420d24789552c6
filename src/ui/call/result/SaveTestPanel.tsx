import { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import { defaultKinds, offeredExpectations, type ExpectationKind, type OfferedExpectations } from '../../../core/checks/offer.js';
import type { SavedCall } from '../../../core/checks/saved-call.js';
import { DEFAULT_TEST_FILE, testFilePath } from '../../../core/checks/test-file.js';
import { terminalJson } from '../../../util/json.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { truncate } from '../../../util/text.js';
import { useDeck } from '../../DeckContext.js';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { TextField } from '../../widgets/text/TextField.js';
import { useTextInput } from '../../widgets/text/useTextInput.js';

/** How each expectation reads in the list, with what it would check (cut to the row). */
function label(kind: ExpectationKind, offered: OfferedExpectations): string {
  const e = offered[kind]!;
  const text = e.text as { equals?: string; contains?: string } | undefined;
  switch (kind) {
    case 'text': return `text equals ${terminalJson(text?.equals)}`;
    case 'contains': return `text contains ${terminalJson(text?.contains)}`;
    case 'structured': return `structured content equals ${terminalJson((e.structuredContent as { equals: unknown }).equals)}`;
    case 'schema': return 'structured content matches the output schema';
    case 'isError': return `isError is ${String(e.isError)}`;
    case 'duration': return `takes at most ${e.maxDurationMs} ms`;
  }
}

interface Props {
  call: SavedCall;
  width: number;
  /** Closes the panel; with what to tell the person when something was saved. */
  onClose: (said?: string) => void;
}

/**
 * Saving a call as a test: the expectations this result offers, checked by default as
 * `mcpdeck call --save-test` would pick them, and the file (typed in place, the project's
 * mcpdeck.tests.json unless changed). Enter adds the test to the file.
 */
export function SaveTestPanel({ call, width, onClose }: Props) {
  const deck = useDeck();
  const theme = useTheme();
  const offered = useMemo(() => offeredExpectations(call.outcome, call.tool), [call]);
  const kinds = Object.keys(offered) as ExpectationKind[];
  const [checked, setChecked] = useState(() => new Set(defaultKinds(offered, call.tool)));
  const [row, setRow] = useState(0);
  const [error, setError] = useState<string>();
  const file = useTextInput(DEFAULT_TEST_FILE);
  const onFile = row === kinds.length;
  const save = () => {
    const path = testFilePath(file.value.trim() || DEFAULT_TEST_FILE, deck.cwd);
    deck.saveTest(path, call, offered, [...checked]).then(
      (name) => onClose(`saved the test "${name}" to ${path} · mcpdeck test ${file.value.trim() || DEFAULT_TEST_FILE} runs it`),
      (e: Error) => setError(`could not save the test: ${e.message}`),
    );
  };
  useKeys(['saveTest'], {
    prevRow: () => setRow((r) => Math.max(0, r - 1)),
    nextRow: () => setRow((r) => Math.min(kinds.length, r + 1)),
    toggleExpectation: onFile ? undefined : () => setChecked((s) => {
      const next = new Set(s);
      const kind = kinds[row]!;
      if (!next.delete(kind)) next.add(kind);
      return next;
    }),
    saveTestCase: checked.size ? save : undefined,
    cancelSaveTest: () => onClose(),
  }, { priority: PRIORITY.modal, capture: true, onText: onFile ? file.onText : undefined });
  const shown = Math.max(10, width - 6);
  return (
    <Box flexDirection="column">
      <Text bold>{`Save ${sanitizeLine(call.tool.name)} as a test: what must it give again?`}</Text>
      {kinds.map((kind, i) => (
        <Text key={kind} wrap="truncate-end" color={i === row ? theme.selected : undefined}>
          {`${i === row ? '›' : ' '} [${checked.has(kind) ? 'x' : ' '}] ${truncate(sanitizeLine(label(kind, offered)), shown)}`}
        </Text>
      ))}
      <Text wrap="truncate-end" color={onFile ? theme.selected : undefined}>
        {`${onFile ? '›' : ' '} file: `}
        <TextField value={file.value} cursor={file.cursor} focused={onFile} placeholder={DEFAULT_TEST_FILE} />
      </Text>
      {error ? <Text color={theme.error} wrap="wrap">{sanitizeLine(error)}</Text> : null}
      {!checked.size ? <Text color={theme.warning}>check at least one expectation to save</Text> : null}
    </Box>
  );
}
