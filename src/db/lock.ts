/**
 * The embedded data directory may be opened by one process only: two PGlite instances writing the same
 * files silently corrupt each other. A lock file holds the owner's pid; a lock whose pid is gone (a crash,
 * a kill) is stale and is taken over, so a restart after a crash needs no manual clean-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../lib/process-alive.ts';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another process (pid ${pid}). ` +
        'Only one process may open the embedded database at a time: stop that process, ' +
        'or point this one at a PostgreSQL server with DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Takes the lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'obi.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid))
        throw new DataDirLockedError(dir, pid);
      fs.rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
