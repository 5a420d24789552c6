import { Box, Text } from 'ink';
import type { ResultLink, SavedFile } from '../../../core/calls/result-view.js';
import { formatBytes } from '../../../util/text.js';
import { sanitizeLine } from '../../../util/sanitize.js';

const MAX_FILES = 3;

/** The rows the files and links take. */
export function listedRows(files: number, links: number): number {
  return Math.min(files, MAX_FILES) + (files > MAX_FILES ? 1 : 0) + (links ? 1 : 0);
}

/** The command's rows as shown in `max` rows: a longer one ends with a row saying how to get it whole. */
export function shownCommand(rows: readonly string[], max: number): string[] {
  if (rows.length <= max) return [...rows];
  const keep = Math.max(0, max - 1);
  return [...rows.slice(0, keep), `… ${rows.length - keep} more rows · c copies the whole command`];
}

/** Saved files, the resource links, and the same call as a shell command, in rows that still run when copied. */
export function ResultExtras({ files, links, command }: { files: readonly SavedFile[]; links: readonly ResultLink[]; command: readonly string[] }) {
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
      {command.map((row, i) => <Text key={i} dimColor wrap="truncate-end">{sanitizeLine(row)}</Text>)}
    </Box>
  );
}
