import { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import type { CallRun, CallState } from '../../../core/calls/call-run.js';
import { callCommandLine, UNCHECKED_NOTE } from '../../../core/calls/command-line.js';
import { errorText, headline } from '../../../core/calls/headline.js';
import { resultViewOf, type ResultLink, type SavedFile } from '../../../core/calls/result-view.js';
import { createResultSaver } from '../../../core/calls/saver.js';
import type { ServerState } from '../../../core/servers/state.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useKeys } from '../../keys/useKeys.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { ResultExtras, listedRows, shownCommand } from './ResultExtras.js';
import { commandRows } from './command-rows.js';
import { useClipboard } from '../../system/useClipboard.js';
import { LinkPicker } from '../link/LinkPicker.js';
import { resultNote } from './result-note.js';
import { useLinkReader } from '../link/useLinkReader.js';
import { useWholeSave } from './useWholeSave.js';
import { useSavedFiles } from '../files/useSavedFiles.js';
import { FilePicker } from '../files/FilePicker.js';
import { ImageView } from '../files/ImageView.js';
import { SaveTestPanel } from './SaveTestPanel.js';
import { useTokens } from '../../hooks/useTokens.js';
import { resultTokensText } from '../../../core/tokens/result.js';
import { ENCODING } from '../../../core/tokens/meter.js';
import { stackRows } from '../../layout/stack-rows.js';
import { useOpenApp } from '../../apps/useOpenApp.js';

interface Props {
  run: CallRun;
  state: CallState;
  server: ServerState;
  width: number;
  height: number;
  onAgain: () => void;
}

const NONE: never[] = [];
const MAX_NOTE_ROWS = 2;

/**
 * How a call ended, its result in the pager, saved files, links, and the same call as a
 * command. A huge result shows a page of its blocks and the start of its text, with a
 * note of what is left out; `s` saves all of it to a file.
 */
export function ResultPane({ run, state, server, width, height, onAgain }: Props) {
  const theme = useTheme();
  const [saver] = useState(() => createResultSaver());
  const [picking, setPicking] = useState(false);
  // Where each page of blocks seen so far starts, so `[` goes back the way `]` came.
  const [starts, setStarts] = useState([0]);
  const from = starts.at(-1)!;
  const reader = useLinkReader(run.server, run.tool, saver);
  const whole = useWholeSave(state.outcome, run.tool, saver);
  const view = state.outcome ? resultViewOf(state.outcome, run.tool, saver, from) : undefined;
  const links: readonly ResultLink[] = view?.links ?? NONE;
  const files: readonly SavedFile[] = [...(whole.file ? [whole.file] : NONE), ...(view?.files ?? NONE), ...(reader.read?.files ?? NONE)];
  const head = headline(state);
  const meter = useTokens(Boolean(state.outcome));
  const counted = state.outcome && meter?.result(state.outcome.result);
  const size = counted ? ` · ${resultTokensText(counted)} (${ENCODING})` : '';
  const unchecked = Boolean(run.invalid?.length);
  const command = useMemo(() => callCommandLine({ server: run.server, tool: run.tool, args: run.args, source: server.source, config: server.config, unchecked }), [run, server.source, server.config, unchecked]);
  // A call sent anyway says so over the command, as a shell comment: copied along, it runs the same.
  const rows = useMemo(() => [...(unchecked ? [UNCHECKED_NOTE] : []), ...commandRows(sanitizeLine(command), width)], [command, width, unchecked]);
  const copy = useClipboard();
  // What the last key did (copied the command, opened a file, saved a test), until the next one says more.
  const [said, say] = useState<string>();
  const saved = useSavedFiles(files, say);
  const [savingTest, setSavingTest] = useState(false);
  const tool = server.tools.find((t) => t.name === run.tool);
  // A saved test names its server: an ad hoc one (--url, -- command) has no name to run it by later.
  const testable = state.outcome && tool && server.source.kind !== 'adhoc' ? { server: run.server, tool, args: run.args, outcome: state.outcome, unchecked } : undefined;
  const openApp = useOpenApp(run.server, tool, run.args, state.outcome?.result, say);
  const read = (link: ResultLink) => {
    setPicking(false);
    reader.open(link.uri);
  };
  // Over a link read, an image or a picker, these keys would act on something out of sight.
  const paging = view && !picking && !reader.read && !saved.picking && !saved.image;
  useKeys(['result', 'global'], {
    again: onAgain,
    openLink: links.length && !saved.picking ? () => (links.length === 1 ? read(links[0]!) : setPicking(true)) : undefined,
    back: picking ? () => setPicking(false) : saved.back ?? (reader.read ? reader.close : undefined),
    showImage: picking || saved.picking ? undefined : saved.showImage,
    openFile: picking || saved.picking ? undefined : saved.openFile,
    saveResult: paging ? whole.save : undefined,
    nextBlocks: paging && view.blocks.to < view.blocks.total ? () => setStarts((s) => [...s, view.blocks.to]) : undefined,
    prevBlocks: paging && starts.length > 1 ? () => setStarts((s) => s.slice(0, -1)) : undefined,
    saveTest: paging && testable ? () => setSavingTest(true) : undefined,
    openApp: paging ? openApp : undefined,
    copyCommand: () => {
      copy(unchecked ? `${command}  ${UNCHECKED_NOTE}` : command);
      say('copied the command to the clipboard (through the terminal, OSC 52)');
    },
  }, { active: !savingTest });
  const note = whole.status ?? said ?? (view && resultNote(view));
  const noteRows = note ? Math.min(MAX_NOTE_ROWS, Math.ceil(note.length / Math.max(1, width))) : 0;
  // The command takes the rows it needs, as long as the result keeps three.
  const fit = stackRows(height, { head: 1, unchecked, note: noteRows, command: { min: 1, max: rows.length }, listed: listedRows(files.length, links.length), body: { min: 3 } });
  const shown = shownCommand(rows, fit.command);
  const bodyRows = fit.body;
  const tone = head.tone === 'ok' ? theme.success : head.tone === 'error' ? theme.error : theme.muted;
  let body;
  if (savingTest && testable) {
    body = <SaveTestPanel call={testable} width={width} onClose={(what) => {
      setSavingTest(false);
      if (what) say(what);
    }} />;
  } else if (picking) body = <LinkPicker links={links} height={bodyRows} onRead={read} />;
  else if (saved.picking) body = <FilePicker files={files} height={bodyRows} onOpen={saved.open} />;
  else if (saved.image && saved.protocol) {
    body = <ImageView image={saved.image} number={saved.imageNumber} count={saved.images.length} protocol={saved.protocol} width={width} height={bodyRows} />;
  } else if (reader.read) {
    body = (
      <Box flexDirection="column">
        <Text bold wrap="truncate-end">{`${sanitizeLine(reader.read.uri)}  `}<Text dimColor>esc back to the result</Text></Text>
        <Pager key={`r:${reader.read.uri}:${reader.read.text.length}`} text={reader.read.text} width={width} height={stackRows(bodyRows, { uri: 1, pager: {} }).pager} />
      </Box>
    );
  } else body = <Pager key={`result:${from}`} text={view?.text ?? errorText(state.error!)} width={width} height={bodyRows} />;
  return (
    <Box flexDirection="column">
      <Text color={tone} bold wrap="truncate-end">{head.text}<Text bold={false} dimColor>{size}</Text></Text>
      {unchecked ? <Text color={theme.warning} wrap="truncate-end">{`⚠ sent anyway: the arguments fail the schema (${sanitizeLine(run.invalid!.join('; '))})`}</Text> : null}
      {note ? <Box height={noteRows} overflow="hidden"><Text color={theme.warning} wrap="wrap">{sanitizeLine(note)}</Text></Box> : null}
      <Box flexDirection="column" height={bodyRows}>{body}</Box>
      <ResultExtras files={files} links={links} command={shown} />
    </Box>
  );
}
