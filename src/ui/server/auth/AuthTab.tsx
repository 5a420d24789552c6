import { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import { diagnose, type DoctorReport } from '../../../core/auth/doctor.js';
import { hasStaticAuthorization, type RemoteConfig } from '../../../core/auth/manager.js';
import type { ServerState } from '../../../core/servers/state.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { useBodySize } from '../../hooks/useBodySize.js';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { useStartSignIn } from '../../signin/useStartSignIn.js';
import { authLines, type AuthLine } from './auth-lines.js';
import { useAuthDetails } from './useAuthDetails.js';
import { useRequest } from '../fetch/useRequest.js';
import { stackRows } from '../../layout/stack-rows.js';

/**
 * A remote server's sign-in: who is signed in, with which scopes, until when, where it
 * is kept, and the last sign-in's steps. `a` signs in, `x` signs out (asking first), `d`
 * runs the doctor.
 */
export function AuthTab({ server, config }: { server: ServerState; config: RemoteConfig }) {
  const deck = useDeck();
  const theme = useTheme();
  const size = useBodySize();
  const start = useStartSignIn();
  const { details, reload } = useAuthDetails(server.name, config.url, server.status);
  const request = useRequest();
  const [doctor, setDoctor] = useState<DoctorReport>();
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed?: boolean }>();
  const signOut = () => {
    setAsking(false);
    request.run('signing out', () => deck.signOut(server.name), (removed) => {
      setSaid({ text: removed ? 'signed out: its tokens and registered client are deleted' : 'there was no saved sign-in to delete' });
      reload();
    });
  };
  useKeys(['auth'], {
    authSignIn: () => {
      const why = start(server.name);
      setSaid(why ? { text: why, failed: true } : undefined);
    },
    authSignOut: () => (setSaid(undefined), setAsking(true)),
    authDoctor: () => request.run('running the doctor', () => diagnose(config, deck.auth.credentials, deck.auth.env), (report) => {
      setDoctor(report);
      reload();
    }),
  }, { active: !asking });
  useKeys(['confirm'], { yes: signOut, no: () => setAsking(false) }, { priority: PRIORITY.widget + 1, active: asking });
  const staticHeader = hasStaticAuthorization(config);
  const lines = useMemo(
    () => authLines({ serverUrl: config.url, staticHeader, details, doctor, now: Date.now() }, size.columns),
    [config.url, staticHeader, details, doctor, size.columns],
  );
  const top = asking ? { text: `Sign out of ${sanitizeLine(server.name)}? This deletes its tokens and registered client (y/n)`, color: theme.warning }
    : request.busy ? { text: `${request.busy}…`, color: undefined }
      : request.error ? { text: sanitizeLine(request.error), color: theme.error }
        : said ? { text: sanitizeLine(said.text), color: said.failed ? theme.error : theme.success } : undefined;
  const { lines: rows } = stackRows(size.rows, { top: Boolean(top), lines: {} });
  const color: Record<NonNullable<AuthLine['kind']>, string | undefined> = { heading: theme.accent, ok: theme.success, warning: theme.warning, error: theme.error };
  return (
    <Box flexDirection="column" height={size.rows}>
      {top ? <Text color={top.color} wrap="truncate-end">{top.text}</Text> : null}
      {lines.length > rows ? <Pager text={lines.map((l) => l.text).join('\n')} width={size.columns} height={rows} /> : lines.map((line, i) => (
        <Text key={i} wrap="truncate-end" bold={line.kind === 'heading'} color={line.kind ? color[line.kind] : undefined}>{line.text || ' '}</Text>
      ))}
    </Box>
  );
}
