import type { CallRun } from '../../core/calls/call-run.js';
import type { ServerState } from '../../core/servers/state.js';
import { useStore } from '../hooks/useStore.js';
import { RunningView } from './RunningView.js';
import { ResultPane } from './result/ResultPane.js';
import { UrlRequiredView } from './link/UrlRequiredView.js';

interface Props {
  run: CallRun;
  /** The server, for the equivalent command line (its source and ad hoc config). */
  state: ServerState;
  width: number;
  height: number;
  onAgain: () => void;
  /** The same call again, at once (after a page the server asked for was visited). */
  onRetry: () => void;
}

/** A call in flight, then what came of it. */
export function CallRunView({ run, state, width, height, onAgain, onRetry }: Props) {
  const snapshot = useStore(run);
  if (snapshot.phase === 'running') return <RunningView run={run} state={snapshot} width={width} />;
  const pages = snapshot.error?.elicitations;
  if (pages?.length) {
    const page = { server: run.server, tool: run.tool, message: snapshot.error!.message, pages, width, height };
    return <UrlRequiredView {...page} onRetry={onRetry} onAgain={onAgain} />;
  }
  return <ResultPane run={run} state={snapshot} server={state} width={width} height={height} onAgain={onAgain} />;
}
