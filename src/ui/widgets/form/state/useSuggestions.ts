import { useEffect, useMemo, useRef, useState } from 'react';
import { textOf } from './form-state.js';
import { SuggestionFeed, type Suggest, type SuggestQuery, type Suggestions } from './suggestions.js';
import type { FormControl } from './useFormState.js';

export interface SuggestionControl {
  /** What is shown under the focused field now. */
  shown?: Suggestions;
  /** Whether a suggestion is there to take for the field as it is now (keys come faster than renders). */
  ready: () => boolean;
  /** Takes the chosen suggestion (the first, until ↑↓ choose another) into the focused field. */
  accept: () => void;
  /** Whether there is a suggestion after (1) or before (-1) the chosen one, for the field as it is now. */
  canChoose: (step: 1 | -1) => boolean;
  /** Chooses the next (1) or previous (-1) suggestion. */
  choose: (step: 1 | -1) => void;
}

/** The focused top-level text field (as drawn), its text, and the other fields' texts as context. */
function queryOf(form: FormControl): SuggestQuery | undefined {
  const stop = form.stops[form.state.focus];
  if (!stop || stop.item !== undefined || stop.field.kind !== 'string' || stop.field.path.length !== 1) return undefined;
  const field = stop.field.path[0]!;
  const context: Record<string, string> = {};
  for (const [key, v] of Object.entries(form.result.args)) {
    if (key !== field && typeof v === 'string' && v !== '') context[key] = v;
  }
  return { field, value: textOf(stop, form.state.values) ?? '', context };
}

/** Asks for suggestions as the focused field changes (debounced), when the form has a way to ask. */
export function useSuggestions(form: FormControl, suggest: Suggest | undefined, active: boolean): SuggestionControl {
  const [shown, setShown] = useState<Suggestions>();
  // Which suggestion tab takes: read when a key arrives (keys come faster than renders), drawn from the state.
  const [chosen, setChosenState] = useState(0);
  const chosenNow = useRef(0);
  const setChosen = (index: number) => {
    chosenNow.current = index;
    setChosenState(index);
  };
  const feed = useRef<SuggestionFeed | undefined>(undefined);
  // A value just taken from a suggestion is not asked about again: tab then moves on.
  const taken = useRef<{ field: string; value: string } | undefined>(undefined);
  useEffect(() => {
    if (!suggest) return;
    // New suggestions start from the first.
    const made = new SuggestionFeed(suggest, (next) => {
      chosenNow.current = 0;
      setChosenState(0);
      setShown(next);
    });
    feed.current = made;
    return () => {
      made.dispose();
      feed.current = undefined;
    };
  }, [suggest]);
  const query = suggest && active ? queryOf(form) : undefined;
  const skip = Boolean(query && taken.current?.field === query.field && taken.current.value === query.value);
  if (query && !skip) taken.current = undefined;
  const asked = skip ? undefined : query;
  const key = asked ? JSON.stringify([asked.field, asked.value]) : '';
  useEffect(() => {
    feed.current?.ask(asked);
    // Asked again only when the field or its text changes (`key`), with the other fields as
    // they are then: `asked` is a new object every render, so it is left out on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, suggest]);
  const current = () => {
    const now = feed.current?.current();
    const stop = form.focused();
    if (!now || !stop || stop.field.path.length !== 1 || stop.field.path[0] !== now.field) return undefined;
    return form.text() === now.value ? now : undefined;
  };
  const visible = key && shown?.field === asked?.field && shown?.value === asked?.value ? shown : undefined;
  const drawn = useMemo(() => (visible ? { ...visible, chosen: Math.min(chosen, visible.values.length - 1) } : undefined), [visible, chosen]);
  const canChoose = (step: 1 | -1) => {
    const now = current();
    const next = chosenNow.current + step;
    return Boolean(now && next >= 0 && next < now.values.length);
  };
  return {
    shown: drawn,
    ready: () => Boolean(current()),
    canChoose,
    choose: (step) => {
      if (canChoose(step)) setChosen(chosenNow.current + step);
    },
    accept: () => {
      const now = current();
      if (!now) return;
      const value = now.values[Math.min(chosenNow.current, now.values.length - 1)]!;
      taken.current = { field: now.field, value };
      form.setText(value);
    },
  };
}
