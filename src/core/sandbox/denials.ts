import { isAbsolute, join, normalize, sep } from 'node:path';
import type { SandboxSettings } from './settings.js';

/** What a sandboxed server tried and was refused: a host it connected to, a path it read or wrote. */
export interface Denial {
  kind: 'network' | 'read' | 'write';
  /** `host:port`, or an absolute path. */
  target: string;
  /** When it was seen (ms since the epoch). */
  at: number;
  /** The tool call that was running, when one was. */
  tool?: string;
  /** How mcpdeck learnt of it: the sandbox's proxy, the system's sandbox log (macOS), or the server's own words (stderr, an error result). */
  seen: 'proxy' | 'system' | 'stderr' | 'result';
  /** What allowing it would add to the entry's `sandbox`; absent for a secret place, never allowed. */
  allow?: { field: 'network' | 'read' | 'write'; value: string };
}

/** A path and the folders it may be under, compared segment by segment. */
export const isUnder = (path: string, folder: string): boolean => {
  const p = normalize(path);
  const f = normalize(folder);
  return p === f || p.startsWith(f.endsWith(sep) ? f : f + sep);
};

/**
 * What a line of the runtime's violation store says was refused: the proxy's
 * `deny network-outbound example.org:443 (…)`, or macOS's sandbox log,
 * `node(4242) deny(1) file-read-data /Users/me/.ssh/id_rsa`.
 */
export function violationOf(line: string): Pick<Denial, 'kind' | 'target'> | undefined {
  const host = /^deny network-outbound (\S+)/.exec(line)?.[1];
  if (host) return { kind: 'network', target: host };
  const file = /\bdeny\(\d+\) file-(read|write)[\w-]* (\/.+)$/.exec(line.trim());
  return file ? { kind: file[1] === 'read' ? 'read' : 'write', target: file[2]! } : undefined;
}

const FAILED = /\b(EACCES|EPERM|EROFS|ENOENT|ENOTDIR)\b|permission denied|not permitted|read-only file system|no such file/i;
const WRITE = /\bEROFS\b|read-only file system/i;
const PATHS = /(?:^|[\s'"`(=:])(~\/[^\s'"`,;)]+|\/[^\s'"`,;)]+)/g;

/**
 * What a line of the server's own words (stderr, an error it returned) names under a
 * path the sandbox hides: a sandbox on Linux says nothing itself, so this is how a denied
 * file shows. Only lines that say something failed count, and only paths the sandbox
 * denies: one of the secret places, mcpdeck's own files, the home folder outside what was
 * named, or (for a write) anywhere but what it may write.
 */
export function pathDenials(text: string, settings: SandboxSettings, readable: readonly string[], writable: readonly string[]): Pick<Denial, 'kind' | 'target'>[] {
  const found: Pick<Denial, 'kind' | 'target'>[] = [];
  for (const line of text.split('\n')) {
    if (!FAILED.test(line)) continue;
    for (const match of line.matchAll(PATHS)) {
      const raw = match[1]!.replace(/[.'"]+$/, '');
      const path = raw.startsWith('~/') ? join(settings.home, raw.slice(2)) : raw;
      if (!isAbsolute(path) || path.length < 2) continue;
      const kind = WRITE.test(line) ? 'write' : 'read';
      const denied = kind === 'write'
        ? !writable.some((w) => isUnder(path, w))
        : settings.deny.some((d) => isUnder(path, d)) || (isUnder(path, settings.home) && !readable.some((r) => isUnder(path, r)));
      if (denied && !found.some((f) => f.kind === kind && f.target === path)) found.push({ kind, target: path });
    }
  }
  return found;
}

/** The most denials kept per server: the oldest go first (the count goes on). */
const KEPT = 200;

/**
 * One server's denials across its sessions, listed once per target and tool call. Every
 * connection the proxy refuses counts; a path the server names counts once (its stderr
 * and its error result often name the same one).
 */
export class DenialLog {
  private list: Denial[] = [];
  private total = 0;

  /** The new list and count, or undefined when nothing changed. */
  add(denial: Denial): { denials: readonly Denial[]; blocked: number } | undefined {
    const listed = this.list.some((d) => d.kind === denial.kind && d.target === denial.target && d.tool === denial.tool);
    if (listed && denial.seen !== 'proxy' && denial.seen !== 'system') return undefined;
    this.total++;
    if (!listed) this.list = [...this.list, denial].slice(-KEPT);
    return { denials: this.list, blocked: this.total };
  }
}
