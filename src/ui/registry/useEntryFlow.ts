import { useEffect, useRef, useState } from 'react';
import type { ChoiceView } from '../../core/mcp-registry/desk.js';
import type { Question } from '../../core/mcp-registry/launch.js';
import type { RegistryServer } from '../../core/mcp-registry/server-json.js';
import { useDeck } from '../DeckContext.js';
import { useNavigation } from '../navigation/NavigationContext.js';
import { installLines, type Installed } from './install-lines.js';
import { settle } from './useRegistryEntry.js';

export interface Target {
  name: string;
  label: string;
}

/** What the page shows under its header: the choices, a picker, the questions, or a wait. */
type Step =
  | { kind: 'page' }
  | { kind: 'versions' }
  | { kind: 'whole' }
  | { kind: 'targets'; view: ChoiceView; targets: Target[] }
  | { kind: 'ask'; action: 'try'; view: ChoiceView; questions: Question[] }
  | { kind: 'ask'; action: 'install'; view: ChoiceView; questions: Question[]; target: Target }
  | { kind: 'busy'; doing: string };

/** What the last try or install said, shown until the next one (esc clears it). */
interface Outcome {
  lines: string[];
  error: boolean;
  /** An install skipped for a name the file has already: again, replacing it. */
  replace?: () => void;
}

export interface EntryFlow {
  step: Step;
  outcome?: Outcome;
  set: (step: Step) => void;
  clearOutcome: () => void;
  /** Says something in the outcome's place (a URL that did not open). */
  say: (line: string, error: boolean) => void;
  /** `t`: the questions, if any, then the try. */
  tryIt: (view: ChoiceView) => void;
  /** `i`: where to, then the questions, if any, then the install. */
  install: (view: ChoiceView) => void;
  pickTarget: (target: Target) => void;
  /** The questions were answered (by key). */
  answered: (answers: Record<string, string>) => void;
}

/**
 * Trying and installing one way of running a registry server, step by step. A try
 * ends on the tried server's screen; an install says what was written where.
 */
export function useEntryFlow(server: RegistryServer | undefined): EntryFlow {
  const deck = useDeck();
  const nav = useNavigation();
  const [step, set] = useState<Step>({ kind: 'page' });
  const [outcome, setOutcome] = useState<Outcome>();
  // Left (esc while it ran): what comes back later neither navigates nor draws.
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);
  const failed = (error: string) => {
    setOutcome({ lines: [error], error: true });
    set({ kind: 'page' });
  };
  // Read once per step: the form is built from them, and a new list would build it again.
  const asks = (view: ChoiceView) => (server ? deck.registry.questions(server, view.choice) : []);
  const runTry = (view: ChoiceView, answers: Record<string, string>) => {
    if (!server) return;
    set({ kind: 'busy', doing: view.kind === 'remote' ? `connecting to ${view.label}…` : `starting ${view.label}… (its package is fetched first: this can take a while)` });
    settle(() => deck.registry.try(server, view.choice, answers), (read) => {
      if (!live.current) return;
      if ('error' in read) return failed(read.error);
      set({ kind: 'page' });
      nav.push({ screen: 'server', server: read.value });
    });
  };
  const runInstall = (view: ChoiceView, target: Target, answers: Record<string, string>, force = false) => {
    if (!server) return;
    set({ kind: 'busy', doing: `installing into ${target.label}…` });
    settle(() => deck.registry.install(server, view.choice, answers, target.name, { force }), (read) => {
      if (!live.current) return;
      if ('error' in read) return failed(read.error);
      const done: Installed = read.value;
      const replace = done.skipped.length ? () => runInstall(view, target, answers, true) : undefined;
      const lines = [...installLines(done), ...(replace ? ['y replaces the entry there with this one'] : [])];
      setOutcome({ lines, error: !done.added.length && !done.replaced.length && !done.same.length, ...(replace && { replace }) });
      set({ kind: 'page' });
    });
  };
  return {
    step,
    outcome,
    set,
    clearOutcome: () => setOutcome(undefined),
    say: (line, error) => setOutcome({ lines: [line], error }),
    tryIt: (view) => {
      setOutcome(undefined);
      const questions = asks(view);
      if (questions.length) set({ kind: 'ask', action: 'try', view, questions });
      else runTry(view, {});
    },
    install: (view) => {
      setOutcome(undefined);
      set({ kind: 'busy', doing: 'finding the files it can go into…' });
      settle(() => deck.registry.targets(), (read) => {
        if (!live.current) return;
        if ('error' in read) return failed(read.error);
        set({ kind: 'targets', view, targets: read.value });
      });
    },
    pickTarget: (target) => {
      if (step.kind !== 'targets') return;
      const questions = asks(step.view);
      if (questions.length) set({ kind: 'ask', action: 'install', view: step.view, questions, target });
      else runInstall(step.view, target, {});
    },
    answered: (answers) => {
      if (step.kind !== 'ask') return;
      if (step.action === 'try') runTry(step.view, answers);
      else runInstall(step.view, step.target, answers);
    },
  };
}
