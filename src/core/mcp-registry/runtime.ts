import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where to get each runtime, for the message when it is missing. */
const WHERE: Record<string, string> = {
  npx: 'it comes with Node.js and npm (https://nodejs.org)',
  uvx: 'it comes with uv (https://docs.astral.sh/uv/getting-started/installation/)',
  docker: 'install Docker (https://docs.docker.com/get-docker/)',
  dnx: 'it comes with the .NET 10 SDK (https://dotnet.microsoft.com/download)',
};

/** Whether `program` is on PATH (with Windows' extensions there). */
function onPath(program: string, env: NodeJS.ProcessEnv): boolean {
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const ext of extensions) {
      try {
        accessSync(join(dir, program + ext), constants.X_OK);
        return true;
      } catch {
        // not here
      }
    }
  }
  return false;
}

/** Why a runtime cannot be used here, or undefined when it is on PATH. */
export function missingRuntime(program: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (!program || onPath(program, env)) return undefined;
  return `${program} is not on your PATH, and this server runs with it: ${WHERE[program] ?? `install ${program}`}`;
}
