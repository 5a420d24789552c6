import { Text } from 'ink';
import type { Tool } from '../../../core/mcp/types.js';
import { annotationTags, declaresWrites, taskTag } from '../../../core/servers/tools.js';
import { appResourceUri } from '../../../core/apps/ui-resource.js';
import { wordsThatFit } from '../../../util/text.js';
import { useTheme } from '../../theme/ThemeContext.js';

interface Tag {
  text: string;
  color?: string;
  dim?: boolean;
}

/**
 * `[writes]` for a tool that declares it changes something without destroying; declared
 * tags solid, the spec's implied defaults dimmed with a question mark. Given `width`, it
 * keeps to one line of that many columns: whole tags, then ` …` for the ones left out.
 */
export function AnnotationTags({ tool, wrap = 'wrap', width }: { tool: Pick<Tool, 'annotations' | 'execution' | '_meta'>; wrap?: 'wrap' | 'truncate-end'; width?: number }) {
  const theme = useTheme();
  // Not an annotation: whether it runs as a task (2025-11-25 execution.taskSupport).
  const task = taskTag(tool);
  const tags: Tag[] = [
    ...(declaresWrites(tool) ? [{ text: '[writes]', color: theme.warning }] : []),
    ...annotationTags(tool).map(({ tag, declared }) => ({ text: `[${tag}${declared ? '' : '?'}]`, color: theme.annotation[tag], dim: !declared })),
    ...(task ? [{ text: `[${task}]`, color: theme.accent }] : []),
    // An MCP App (SEP-1865): the tool has an HTML UI mcpdeck can open in the browser.
    ...(appResourceUri(tool) ? [{ text: '[app]', color: theme.accent }] : []),
  ];
  // The ` …` takes two columns; wordsThatFit keeps one for an ellipsis.
  const kept = width === undefined ? tags.length : wordsThatFit(tags.map((t) => t.text), width - 1);
  return (
    <Text wrap={width === undefined ? wrap : 'truncate-end'}>
      {tags.slice(0, kept).map((t, i) => (
        <Text key={t.text} color={t.color} dimColor={t.dim}>{`${i ? ' ' : ''}${t.text}`}</Text>
      ))}
      {kept < tags.length ? <Text dimColor>{kept ? ' …' : '…'}</Text> : null}
    </Text>
  );
}
