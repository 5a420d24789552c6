import { useStdout } from 'ink';

/**
 * Copies through the terminal (OSC 52): most terminals and tmux put it on the system
 * clipboard. Written through Ink's stdout so it never tears a frame; the text goes
 * base64-encoded, so nothing in it can act as a control sequence.
 */
export function useClipboard(): (text: string) => void {
  const { write } = useStdout();
  return (text) => write(`\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`);
}
