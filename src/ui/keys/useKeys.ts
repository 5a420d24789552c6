import { useContext, useLayoutEffect, useRef } from 'react';
import type { Key } from 'ink';
import type { Scope } from './bindings.js';
import { KeysContext } from './KeysProvider.js';
import type { Handlers } from './dispatcher.js';
import { ScreenContext } from './screen-context.js';

export const PRIORITY = { global: 0, screen: 10, widget: 20, text: 30, modal: 100 } as const;

export interface KeysOptions {
  priority?: number;
  /** A modal: keys it does not take go nowhere. */
  capture?: boolean;
  active?: boolean;
  onText?: (input: string, key: Key) => boolean;
}

/**
 * Registers a layer of bindings while the component is mounted, active and on the
 * visible screen. Handlers may change every render; the layer stays the same.
 */
export function useKeys(scopes: readonly Scope[], handlers: Handlers, options: KeysOptions = {}): void {
  const dispatcher = useContext(KeysContext);
  if (!dispatcher) throw new Error('useKeys needs a KeysProvider');
  const screenActive = useContext(ScreenContext);
  const active = (options.active ?? true) && screenActive;
  const live = useRef({ handlers, onText: options.onText });
  live.current = { handlers, onText: options.onText };
  const signature = Object.keys(handlers).filter((k) => handlers[k as keyof Handlers]).sort().join(',');
  const scopeKey = scopes.join(',');
  const { priority = PRIORITY.screen, capture = false } = options;
  const hasText = Boolean(options.onText);
  // A layout effect: the layer is live before the next key can be read, so a key
  // pressed the moment a screen appears is never lost.
  useLayoutEffect(() => {
    if (!active) return;
    return dispatcher.add({
      scopes: scopeKey.split(',') as Scope[],
      priority,
      capture,
      handlers: () => live.current.handlers,
      onText: hasText ? (input, key) => live.current.onText?.(input, key) ?? false : undefined,
    });
  }, [dispatcher, active, scopeKey, priority, capture, hasText]);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) return void (first.current = false);
    dispatcher.refresh();
  }, [dispatcher, signature]);
}
