import { afterEach, vi } from 'vitest';
import { render } from 'ink-testing-library';
import { PRIORITY, useKeys } from '../../../src/ui/keys/useKeys.js';
import { KeysProvider } from '../../../src/ui/keys/KeysProvider.js';
import { Dispatcher } from '../../../src/ui/keys/dispatcher.js';
import { ThemeContext } from '../../../src/ui/theme/ThemeContext.js';
import { createTheme } from '../../../src/ui/theme/theme.js';
import { SchemaForm } from '../../../src/ui/widgets/form/SchemaForm.js';
import { keyRead } from './key-read.js';

export type Args = Record<string, unknown>;

/** An app key below the form, to prove typed letters never reach it. */
function AppKeys({ onQuit, onHelp }: { onQuit: () => void; onHelp: () => void }) {
  useKeys(['global'], { quit: onQuit, help: onHelp }, { priority: PRIORITY.global });
  return null;
}

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

/** A SchemaForm alone in a fake terminal, with what it sends (and sends anyway) recorded. */
export function renderForm(props: { schema: unknown; initial?: Args; submitLabel?: string; anyway?: boolean }, { columns = 80, rows = 24 } = {}) {
  const submitted: Args[] = [];
  const sentAnyway: { args: Args; problems: string[] }[] = [];
  const changes: Args[] = [];
  const quit = vi.fn();
  const help = vi.fn();
  const dispatcher = new Dispatcher();
  const app = render(
    <ThemeContext.Provider value={createTheme({ NO_COLOR: '1' })}>
      <KeysProvider dispatcher={dispatcher}>
        <AppKeys onQuit={quit} onHelp={help} />
        <SchemaForm
          schema={props.schema}
          initial={props.initial}
          submitLabel={props.submitLabel}
          width={columns}
          height={rows}
          onSubmit={(a) => submitted.push(a)}
          onChange={(a) => changes.push(a)}
          onSendAnyway={props.anyway ? (args, problems) => sentAnyway.push({ args, problems }) : undefined}
        />
      </KeysProvider>
    </ThemeContext.Provider>,
  );
  unmount = app.unmount;
  const frame = () => app.lastFrame() ?? '';
  return {
    frame,
    unmount: app.unmount,
    submitted,
    sentAnyway,
    changes,
    quit,
    help,
    /** The commands the footer offers now. */
    hints: () => dispatcher.live().map((h) => h.command),
    press: async (...keys: string[]) => {
      for (const key of keys) {
        app.stdin.write(key);
        await keyRead(key);
      }
    },
    /** Types text one key at a time, as a person does. */
    type: async (text: string) => {
      for (const c of text) {
        app.stdin.write(c);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    waitFor: async (what: string | RegExp | ((f: string) => boolean)) => {
      const ok = typeof what === 'function' ? what : (f: string) => (typeof what === 'string' ? f.includes(what) : what.test(f));
      await vi.waitFor(() => {
        if (!ok(frame())) throw new Error(`waiting for ${String(what)}; the form shows:\n${frame()}`);
      }, { timeout: 5000, interval: 10 });
      return frame();
    },
  };
}
