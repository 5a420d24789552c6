/** `KEY=value` or `Name: value` strings into a map; a malformed one throws, saying how it should look. */
export function pairs(values: readonly string[] | undefined, separator: '=' | ':', label: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values ?? []) {
    const at = value.indexOf(separator);
    if (at <= 0) throw new Error(`${label} "${value}" must look like ${separator === '=' ? 'KEY=value' : "'Name: value'"}`);
    out[value.slice(0, at).trim()] = value.slice(at + 1).trim();
  }
  return out;
}
