import { Box, Text } from 'ink';
import type { RegistryEntry } from '../../core/mcp-registry/server-json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { truncate } from '../../util/text.js';
import { entryKinds, statusOf } from './entry-text.js';
import { StatusTag } from './StatusTag.js';

const COLUMNS = { version: 12, kinds: 16, status: 14 } as const;

/** The name's column: a third of the row, between 16 and 40 columns. */
const nameColumn = (width: number) => Math.max(16, Math.min(40, Math.floor(width / 3)));

/** One server of a search, on one row of `width`: name, version, kinds, status when not active, the start of its description. */
export function ResultRow({ entry, selected, width }: { entry: RegistryEntry; selected: boolean; width: number }) {
  const { server } = entry;
  const name = nameColumn(width);
  const status = statusOf(entry);
  const rest = Math.max(0, width - name - COLUMNS.version - COLUMNS.kinds - (status ? COLUMNS.status : 0));
  return (
    <Box>
      <Box width={name} flexShrink={0} paddingRight={1}>
        <Text bold={selected} wrap="truncate-end">{sanitizeLine(server.name)}</Text>
      </Box>
      <Box width={COLUMNS.version} flexShrink={0} paddingRight={1}>
        <Text wrap="truncate-end">{sanitizeLine(server.version)}</Text>
      </Box>
      <Box width={COLUMNS.kinds} flexShrink={0} paddingRight={1}>
        <Text dimColor wrap="truncate-end">{sanitizeLine(entryKinds(server))}</Text>
      </Box>
      {status ? (
        <Box width={COLUMNS.status} flexShrink={0} paddingRight={1}>
          <Text wrap="truncate-end"><StatusTag status={status} /></Text>
        </Box>
      ) : null}
      {rest ? (
        <Box width={rest} flexShrink={0}>
          {/* Cut before it is cleaned: a description is one row here, whatever its size. */}
          <Text dimColor wrap="truncate-end">{sanitizeLine(truncate(server.title ? `${server.title}: ${server.description}` : server.description, rest * 2 + 40))}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** The titles over the rows, in the same columns. */
export function ResultHeader({ width }: { width: number }) {
  const name = nameColumn(width);
  return (
    <Text dimColor wrap="truncate-end">
      {`  ${'NAME'.padEnd(name)}${'VERSION'.padEnd(COLUMNS.version)}${'RUNS AS'.padEnd(COLUMNS.kinds)}DESCRIPTION`}
    </Text>
  );
}
