import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RegistryEntry, RegistryServer } from '../../core/mcp-registry/server-json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useTick } from '../hooks/useTick.js';
import { useTheme } from '../theme/ThemeContext.js';
import { versionLabel } from './entry-text.js';
import type { EntryFlow, Target } from './useEntryFlow.js';
import { PickOne } from './PickOne.js';
import { QuestionsForm } from './QuestionsForm.js';

const SPIN = ['◌', '◔', '◑', '◕'];

interface Props {
  flow: EntryFlow;
  server: RegistryServer;
  versions?: readonly RegistryEntry[];
  width: number;
  height: number;
  onVersion: (entry: RegistryEntry) => void;
  /** The page itself (the packages and remotes), for the step that shows it. */
  children: ReactNode;
}

/** The lower part of a server's page as the flow stands: the page, a version or file to pick, the questions, or a wait. */
export function EntrySteps({ flow, server, versions, width, height, onVersion, children }: Props) {
  const theme = useTheme();
  const { step } = flow;
  const frame = useTick(150, step.kind === 'busy');
  const back = () => flow.set({ kind: 'page' });
  switch (step.kind) {
    case 'versions':
      return (
        <PickOne<RegistryEntry>
          title="Versions, newest first" items={versions ?? []} width={width} height={height} onPick={onVersion} onClose={back}
          render={(v, selected) => <Text bold={selected} wrap="truncate-end">{sanitizeLine(`${v.server.version === server.version ? '▸ ' : '  '}${versionLabel(v)}`)}</Text>}
        />
      );
    case 'targets':
      return (
        <PickOne<Target>
          title={`Install ${sanitizeLine(step.view.label)} into which file?`} items={step.targets} width={width} height={height} onPick={flow.pickTarget} onClose={back}
          render={(t, selected) => <Text wrap="truncate-end"><Text bold={selected}>{sanitizeLine(t.name).padEnd(18)}</Text><Text dimColor>{sanitizeLine(t.label)}</Text></Text>}
        />
      );
    case 'ask': {
      const title = step.action === 'try' ? `Try ${step.view.label}` : `Install ${step.view.label} into ${step.target.label}`;
      return (
        <QuestionsForm
          title={title} questions={step.questions} submitLabel={step.action} width={width} height={height}
          onAnswer={flow.answered} onCancel={back}
        />
      );
    }
    case 'busy':
      return <Text color={theme.accent} wrap="truncate-end">{`${SPIN[frame % SPIN.length]} ${sanitizeLine(step.doing)}`}</Text>;
    default:
      return <Box flexDirection="column" height={height}>{children}</Box>;
  }
}
