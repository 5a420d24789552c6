/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object to fill with keys that come from outside (a tool's schema, a form, typed
 * words): with no prototype, `__proto__` is a plain key there and no lookup reaches an
 * inherited member.
 */
export const plainRecord = <T = unknown>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** A key's own value only: `constructor` on a plain object is not a schema. */
export const ownValue = (record: Record<string, unknown>, key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);
