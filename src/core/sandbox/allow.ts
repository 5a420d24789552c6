import { relative } from 'node:path';
import type { Denial } from './denials.js';
import { isUnder } from './denials.js';
import { sandboxEntryOf, type SandboxEntry, type SandboxSettings } from './settings.js';

/** What allowing a denial writes: a host by name (any port), a path as `~/…` under the home folder. */
export function allowance(denial: Pick<Denial, 'kind' | 'target'>, settings: Pick<SandboxSettings, 'home' | 'deny'>): { field: 'network' | 'read' | 'write'; value: string } {
  if (denial.kind === 'network') {
    const host = denial.target.startsWith('[') ? denial.target.slice(0, denial.target.indexOf(']') + 1) : denial.target.replace(/:\d+$/, '');
    return { field: 'network', value: host };
  }
  const secret = settings.deny.find((d) => isUnder(denial.target, d));
  if (secret) throw new Error(`${denial.target} is under ${secret}, which a sandboxed server never ${denial.kind === 'read' ? 'reads' : 'writes'} (mcpdeck's own files and the usual secret places)`);
  const value = isUnder(denial.target, settings.home) ? `~/${relative(settings.home, denial.target)}` : denial.target;
  return { field: denial.kind, value };
}

/**
 * An entry's `sandbox` as written, with these denials allowed: the object form, with the
 * hosts and paths added (each once); `required` kept.
 */
export function widenedSandbox(written: unknown, denials: readonly Pick<Denial, 'kind' | 'target'>[], settings: Pick<SandboxSettings, 'home' | 'deny'>): SandboxEntry {
  const entry: SandboxEntry = { ...(sandboxEntryOf(written) ?? {}) };
  for (const denial of denials) {
    const { field, value } = allowance(denial, settings);
    const list = entry[field] ?? [];
    if (!list.includes(value)) entry[field] = [...list, value];
  }
  return entry;
}

/** The denials a server can be allowed: those of the secret places and mcpdeck's own files never are. */
export const allowable = <D extends Pick<Denial, 'kind' | 'target'>>(denials: readonly D[], settings: Pick<SandboxSettings, 'deny'>): D[] =>
  denials.filter((d) => d.kind === 'network' || !settings.deny.some((x) => isUnder(d.target, x)));

/** The newest denial that allowing would change the entry for: what `w` in the Info tab allows. */
export function nextToAllow(denials: readonly Denial[], written: unknown): Denial | undefined {
  const entry = sandboxEntryOf(written) ?? {};
  return [...denials].reverse().find((d) => d.allow && !(entry[d.allow.field] ?? []).includes(d.allow.value));
}
