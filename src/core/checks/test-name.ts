/** A test's name from its call: the tool and its arguments in short (`get-sum a=2 b=3`), at most 60 characters. */
export function defaultTestName(tool: string, args: Record<string, unknown>): string {
  const pairs = Object.entries(args).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const name = [tool, ...pairs].join(' ').replace(/\s+/g, ' ');
  return name.length > 60 ? `${name.slice(0, 59)}…` : name;
}
