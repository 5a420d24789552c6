/**
 * JSON for a terminal: JSON.stringify escapes only U+0000-001F, so DEL, C1 controls
 * (8-bit CSI and OSC) and bidi overrides from a server would reach the terminal raw.
 * Escaping them keeps the output valid JSON with the same data.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
