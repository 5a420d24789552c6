const PATTERN = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Expands ${VAR} and ${VAR:-default}. Unset variables without a default are
 * collected in `missing` and left as written.
 */
export function expandVars(value: string, env: NodeJS.ProcessEnv, missing: Set<string>): string {
  return value.replace(PATTERN, (whole, name: string, fallback: string | undefined) => {
    const found = env[name];
    if (found !== undefined && (found !== '' || fallback === undefined)) return found;
    if (fallback !== undefined) return fallback;
    missing.add(name);
    return whole;
  });
}
