/**
 * `${VAR}`, `${VAR:-default}`, `${env:VAR}` (VS Code, Cursor, Windsurf), `${input:id}`
 * (VS Code: a value a person types once) and the editors' built-ins (`${userHome}`,
 * `${workspaceFolder}`, ...). Anything else in `${...}` is left as written.
 */
const PATTERN = /\$\{(?:env:([A-Za-z_][A-Za-z0-9_]*)|input:([^}]+)|([A-Za-z_][A-Za-z0-9_]*))(?::-([^}]*))?\}/g;

export interface ExpandContext {
  env: NodeJS.ProcessEnv;
  /** The answer to `${input:id}` for the file being read, if there is one yet. */
  input?: (id: string) => string | undefined;
  /** `${userHome}`, `${workspaceFolder}` and the like: they win over an env var of the same name. */
  builtins?: Record<string, string>;
  /** Filled in: unset variables without a default, and inputs not answered yet. */
  missing: Set<string>;
  missingInputs: Set<string>;
}

export function expandValue(value: string, context: ExpandContext): string {
  const { env, builtins = {}, missing, missingInputs } = context;
  return value.replace(PATTERN, (whole, envName: string | undefined, inputId: string | undefined, plain: string | undefined, fallback: string | undefined) => {
    if (inputId !== undefined) {
      const answer = context.input?.(inputId.trim());
      if (answer === undefined) missingInputs.add(inputId.trim());
      return answer ?? whole;
    }
    if (plain !== undefined && Object.hasOwn(builtins, plain)) return builtins[plain]!;
    const name = (envName ?? plain)!;
    const found = env[name];
    if (found !== undefined && (found !== '' || fallback === undefined)) return found;
    if (fallback !== undefined) return fallback;
    missing.add(name);
    return whole;
  });
}

/** The `${input:id}` ids a value refers to. */
export function inputRefs(value: string): string[] {
  return [...value.matchAll(PATTERN)].flatMap((m) => (m[2] !== undefined ? [m[2].trim()] : []));
}
