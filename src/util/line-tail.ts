const MAX_LINE = 2000;

/** Keeps the last `size` lines of a text stream that arrives in arbitrary chunks. */
export class LineTail {
  private done: string[] = [];
  private partial = '';

  constructor(private readonly size: number) {}

  /** Appends a chunk and returns the lines so far (a new array each time). */
  push(chunk: string): string[] {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = (parts.pop() ?? '').slice(0, MAX_LINE);
    for (const line of parts) this.done.push(line.slice(0, MAX_LINE));
    const room = this.partial ? this.size - 1 : this.size;
    if (this.done.length > room) this.done = room > 0 ? this.done.slice(-room) : [];
    return this.lines();
  }

  lines(): string[] {
    return this.partial ? [...this.done, this.partial] : [...this.done];
  }

  clear(): void {
    this.done = [];
    this.partial = '';
  }
}
