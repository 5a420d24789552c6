import { Box, Text } from 'ink';
import type { ResultLink, SavedFile } from '../../../core/calls/result-view.js';
import { formatBytes } from '../../../util/text.js';
import { sanitizeLine } from '../../../util/sanitize.js';

const MAX_FILES = 3;
const MAX_COMMAND_ROWS = 3;

const commandRows = (command: string, width: number) => Math.min(MAX_COMMAND_ROWS, Math.ceil((command.length + 2) / Math.max(1, width)));

/** How many rows the extras take, so the pager above gets the rest. */
export function extrasRows(files: number, links: number, command: string, width: number): number {
  return Math.min(files, MAX_FILES) + (files > MAX_FILES ? 1 : 0) + (links ? 1 : 0) + commandRows(command, width);
}

/** Saved files, the resource links, and the same call as a shell command (wrapped, so it can be copied). */
export function ResultExtras({ files, links, command, width }: { files: readonly SavedFile[]; links: readonly ResultLink[]; command: string; width: number }) {
  return (
    <Box flexDirection="column">
      {files.slice(0, MAX_FILES).map((f) => (
        <Text key={f.path} wrap="truncate-middle">{`saved ${f.what}${f.mimeType ? ` ${sanitizeLine(f.mimeType)}` : ''} ${formatBytes(f.bytes)}: ${f.path}`}</Text>
      ))}
      {files.length > MAX_FILES ? <Text dimColor>{`…and ${files.length - MAX_FILES} more files (listed in the result)`}</Text> : null}
      {links.length ? (
        <Text wrap="truncate-end">
          {links.length === 1 ? `link: ${sanitizeLine(links[0]!.uri)} · o reads it` : `${links.length} resource links · o picks one to read`}
        </Text>
      ) : null}
      <Box height={commandRows(command, width)} overflow="hidden">
        <Text dimColor wrap="wrap">{`$ ${sanitizeLine(command)}`}</Text>
      </Box>
    </Box>
  );
}
