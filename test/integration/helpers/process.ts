import { readFileSync } from 'node:fs';

/** Whether a process with this pid is still alive (signal 0 only asks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // An orphan that exited but was not yet reaped (a container's init may never) is not running.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
