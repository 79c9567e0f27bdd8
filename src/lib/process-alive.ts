/**
 * Whether a process with this id is running on this machine: signal 0 checks without sending anything. EPERM means
 * it runs as another user (alive all the same). Used by the embedded database's lock (src/db/lock.ts) and the admin
 * discovery file (src/cli/admin-discovery.ts) to tell a live owner from a stale file.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
