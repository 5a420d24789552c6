import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'ink-testing-library';
import type { ReactNode } from 'react';
import type { ToolInfo } from '../../src/core/servers/tools.js';
import { ParamList } from '../../src/ui/server/tools/ParamList.js';
import { KeysProvider } from '../../src/ui/keys/KeysProvider.js';
import { ConfirmCall } from '../../src/ui/call/ConfirmCall.js';
import { ThemeContext } from '../../src/ui/theme/ThemeContext.js';
import { createTheme } from '../../src/ui/theme/theme.js';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function show(node: ReactNode) {
  const app = render(
    <ThemeContext.Provider value={createTheme({ NO_COLOR: '1' })}>
      <KeysProvider>{node}</KeysProvider>
    </ThemeContext.Provider>,
  );
  unmount = app.unmount;
  return app;
}

const tool: ToolInfo = { name: 'wipe', qualifiedName: 'mcp__s__wipe', inputSchema: { type: 'object' } };

describe('deep and huge values on screen', () => {
  it('asks before a call whose pasted arguments nest thousands deep, showing their start', () => {
    let args: unknown = 'bottom';
    for (let i = 0; i < 5000; i++) args = { level: args };
    const app = show(<ConfirmCall tool={tool} args={args as Record<string, unknown>} width={80} onYes={vi.fn()} onNo={vi.fn()} />);
    const frame = app.lastFrame() ?? '';
    expect(frame).toContain('wipe may change or delete data.');
    expect(frame).toContain('arguments: {"level":{"level":{"level":');
    expect(frame).toContain('Send this call?');
  });

  it('shows the arguments of an ordinary call as before', () => {
    const app = show(<ConfirmCall tool={tool} args={{ path: '/tmp/x', force: true }} width={80} onYes={vi.fn()} onNo={vi.fn()} />);
    expect(app.lastFrame()).toContain('arguments: {"path":"/tmp/x","force":true}');
  });

  it('lists a parameter with a 1 MB description on one row, by the start of it', () => {
    const description = `Where to write.\tThe\n${'long '.repeat(200_000)}`;
    const app = show(<ParamList schema={{ type: 'object', properties: { path: { type: 'string', description } } }} max={5} />);
    const rows = (app.lastFrame() ?? '').split('\n');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^path {2}string {2}Where to write\. The long long/);
  });
});
