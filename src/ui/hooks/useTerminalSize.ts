import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

export interface Size {
  columns: number;
  rows: number;
}

/** Ink's stdout: a terminal's (process.stdout) has a size; any other stream gets 80x24. */
type Stdout = NodeJS.WritableStream & Partial<Pick<NodeJS.WriteStream, 'columns' | 'rows'>>;

const read = (stdout: Stdout): Size => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });

/** The terminal's size, updated on resize. */
export function useTerminalSize(): Size {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    const onResize = () => setSize(read(stdout));
    stdout.on('resize', onResize);
    return () => void stdout.off('resize', onResize);
  }, [stdout]);
  return size;
}
