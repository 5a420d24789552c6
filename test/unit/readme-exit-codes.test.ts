import { Help } from 'commander';
import { describe, it } from 'vitest';
import { COMMAND_EXIT_CODES, Exit, EXIT_MEANINGS } from '../../src/cli/exit-codes.js';
import { expectReadmeSection } from './helpers/readme-section.js';

const START = '<!-- exit codes: generated from src/cli/exit-codes.ts by test/unit/readme-exit-codes.test.ts -->';
const END = '<!-- /exit codes -->';

/** The README's exit-code table and the commands' own codes under it, from the words `--help` shows. */
function exitCodesSection(): string {
  const rows = (Object.keys(Exit) as (keyof typeof Exit)[]).map((key) => `| ${Exit[key]} | ${EXIT_MEANINGS[key]} |`);
  return [START, '| code | meaning |', '| --- | --- |', ...rows, '', new Help().boxWrap(COMMAND_EXIT_CODES, 88), END].join('\n');
}

describe('the README', () => {
  it('says what each exit code means in the words of src/cli/exit-codes.ts (UPDATE_README=1 rewrites it)', () => {
    expectReadmeSection('docs/exit-codes.md', START, END, exitCodesSection());
  });
});
