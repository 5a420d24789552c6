import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { Box, Text } from 'ink';
import type { Prompt } from '../../src/core/mcp/types.js';
import { PromptDetail } from '../../src/ui/server/prompts/PromptDetail.js';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

/** `node` in a box of `rows` rows, then a line under it that anything overflowing would land on. */
function frameOf(node: ReactNode, rows: number): string[] {
  const app = render(
    <Box flexDirection="column">
      <Box flexDirection="column" height={rows} flexShrink={0}>{node}</Box>
      <Text>UNDER</Text>
    </Box>,
  );
  unmount = app.unmount;
  return (app.lastFrame() ?? '').split('\n');
}

describe('the Prompts tab detail', () => {
  // The tab gives it six rows: name, two of description, three of arguments.
  it('says how many arguments more on its last row, inside its height, when they do not all fit', () => {
    const prompt: Prompt = { name: 'plan', description: 'Plans a trip', arguments: ['from', 'to', 'when', 'budget', 'party'].map((name) => ({ name, required: name === 'from' })) };
    const lines = frameOf(<PromptDetail prompt={prompt} height={6} />, 6);
    expect(lines.slice(0, 6).join('\n')).toContain('… 3 more');
    expect(lines.slice(0, 6).join('\n')).toContain('to');
    expect(lines[6]).toBe('UNDER');
  });
});
