import { Box, Text } from 'ink';
import type { RegistryEntry } from '../../core/mcp-registry/server-json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { truncate } from '../../util/text.js';
import { useTheme } from '../theme/ThemeContext.js';
import { clipRows, wrapRows } from '../widgets/text/wrap.js';
import { statusOf } from './entry-text.js';
import type { Read } from './useRegistryEntry.js';
import { StatusTag } from './StatusTag.js';

/** Rows of the description on the page (d shows it whole). */
const DESCRIPTION_ROWS = 4;

/** The header's lines below the title: the name under a title, the description, the links. */
export function headerLines(entry: RegistryEntry, width: number): { name?: string; description: string[]; links: string[] } {
  const { server } = entry;
  const links = [server.repository && `repository  ${server.repository.url}`, server.websiteUrl && `website     ${server.websiteUrl}`].filter((l): l is string => Boolean(l));
  return {
    ...(server.title && { name: server.name }),
    description: clipRows(wrapRows(server.description.trim() || '(no description)', width), DESCRIPTION_ROWS),
    links,
  };
}

/** `versions  1.2.0 · 1.1.0 deprecated · …`: every version published, this one marked. */
function versionsLine(versions: Read<RegistryEntry[]>, shown: string): string {
  if (!versions) return 'reading…';
  if ('error' in versions) return `not read: ${versions.error}`;
  return truncate(versions.value.map((v) => `${v.server.version === shown ? '▸' : ''}${v.server.version}${statusOf(v) ? ` ${statusOf(v)}` : ''}`).join(' · '), 400);
}

/** A registry server at the top of its page: title, version and status, description, links, versions. */
export function EntryHeader({ entry, versions, lines }: { entry: RegistryEntry; versions: Read<RegistryEntry[]>; lines: ReturnType<typeof headerLines> }) {
  const theme = useTheme();
  const { server, official } = entry;
  const status = statusOf(entry);
  const said = [official?.isLatest ? 'latest' : undefined, official?.publishedAt && `published ${official.publishedAt.slice(0, 10)}`].filter(Boolean).join(' · ');
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>{sanitizeLine(server.title ?? server.name)}</Text>
        {`  ${sanitizeLine(server.version)}`}
        {status ? <Text>{'  '}<StatusTag status={status} /></Text> : null}
        {said ? <Text dimColor>{`  ${sanitizeLine(said)}`}</Text> : null}
      </Text>
      {lines.name ? <Text dimColor wrap="truncate-end">{sanitizeLine(lines.name)}</Text> : null}
      {lines.description.map((line, i) => <Text key={i} wrap="truncate-end">{line}</Text>)}
      {lines.links.map((line, i) => <Text key={`l${i}`} dimColor wrap="truncate-end">{sanitizeLine(line)}</Text>)}
      <Text wrap="truncate-end"><Text dimColor>{'versions    '}</Text>{sanitizeLine(versionsLine(versions, server.version))}</Text>
    </Box>
  );
}
