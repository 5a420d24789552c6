import type { SandboxEntry } from '../sandbox/settings.js';
import { PlanError, planLaunch, type RegistryChoice } from './launch.js';
import type { RegistryServer } from './server-json.js';

/** What each runtime must reach and keep to fetch a package: its registry, and its cache. */
const FETCHES: Record<string, { hosts: string[]; write: string[] }> = {
  npm: { hosts: ['registry.npmjs.org'], write: ['~/.npm'] },
  pypi: { hosts: ['pypi.org', 'files.pythonhosted.org'], write: ['~/.cache/uv', '~/.local/share/uv'] },
  nuget: { hosts: ['api.nuget.org'], write: ['~/.nuget', '~/.dotnet'] },
};

/**
 * The ad hoc entry for trying one choice: secrets as typed (it is never written), and a
 * package sandboxed: no network but its package registry, no writes but its runtime's
 * cache. `sandboxed: false` (the person's `--no-sandbox`) runs it with all of their rights.
 */
export function tryEntry(server: RegistryServer, choice: RegistryChoice, answers: Record<string, string>, sandboxed = true): Record<string, unknown> {
  const plan = planLaunch(server, choice, answers, 'value');
  if (choice.kind === 'remote' || !sandboxed) return plan.entry;
  const pkg = server.packages[choice.index]!;
  const fetches = FETCHES[pkg.registryType];
  if (!fetches) {
    throw new PlanError(`${server.name}'s ${pkg.registryType} package runs through ${plan.runtime}, which cannot work inside mcpdeck's sandbox (a container runs in Docker's own isolation); try it with --no-sandbox, knowing it then runs with your rights`);
  }
  const base = pkg.registryBaseUrl ? hostOf(pkg.registryBaseUrl) : undefined;
  const sandbox: SandboxEntry = { network: base ? [base] : fetches.hosts, write: fetches.write, required: true };
  return { ...plan.entry, sandbox };
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
};
