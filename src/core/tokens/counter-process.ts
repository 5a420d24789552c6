// The token counter's own process (the deck's): reads one JSON array of texts per line on
// stdin and answers each with a JSON array of their token counts, in order; it ends when
// stdin does. Counting here, apart from the deck, lets the 56 MiB that the tokenizer's
// ranks take go back to the system when this process ends (counter.ts starts and ends it).
// Plain TypeScript that Node can run as it is (types only, no local imports): the bundle
// builds it as `token-counter.js`, and from source it runs with Node's type stripping.
import { createInterface } from 'node:readline';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

// Special-token text such as `<|endoftext|>` from a server counts as plain text instead of throwing.
const plain = { disallowedSpecial: new Set<string>() };

createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line: string) => {
  const texts = JSON.parse(line) as string[];
  process.stdout.write(`${JSON.stringify(texts.map((text) => countTokens(text, plain)))}\n`);
});
