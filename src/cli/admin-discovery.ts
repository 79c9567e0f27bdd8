/**
 * The admin discovery file (docs/decisions/0033-admin-listener.md): a running api process writes where its admin
 * listener is (and, when no OBI_ADMIN_TOKEN is configured, the operator token it made for this run) so that `obi
 * clients …` on the same machine, as the same OS user, talks to it instead of opening the database. Mode 0600, written
 * whole (a temporary file renamed over it), removed on shutdown by the process that wrote it. Node built-ins and one
 * leaf of src/lib only: the CLI's HTTP path (src/cli/cli-admin.ts) reads it without loading the service.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../lib/process-alive.ts';

export interface AdminDiscovery {
  /** the admin listener, e.g. http://127.0.0.1:43121 */
  url: string;
  /** the per-run operator token; absent when the operator configured OBI_ADMIN_TOKEN (never copied here) */
  token?: string;
  /** the service's process id: a file whose process is gone is stale */
  pid: number;
  started_at: string;
}

/** Writes the file with mode 0600 (its directory is created 0700 when missing); the previous one is replaced. */
export function writeAdminDiscovery(file: string, discovery: AdminDiscovery): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.rmSync(tmp, { force: true });
  // 'wx': never through a file (or link) someone else put there; the mode applies from creation on.
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, `${JSON.stringify(discovery, null, 2)}\n`);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/** Removes the file if this process wrote it (another service may have started since, with the same path). */
export function removeAdminDiscovery(file: string, pid = process.pid): void {
  try {
    const current = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<AdminDiscovery>;
    if (current.pid === pid) fs.unlinkSync(file);
  } catch {
    // gone already, or not ours to judge
  }
}

export class UnsafeDiscoveryFileError extends Error {}

/**
 * The discovery file, when there is one written by a process that still runs; undefined otherwise. A file another
 * OS user owns, or that others may read or write, is refused (it could send the CLI, and a configured token, to an
 * address of someone else's choosing).
 */
export function readAdminDiscovery(file: string): AdminDiscovery | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return undefined;
  }
  const uid = process.getuid?.();
  if (!stat.isFile() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o077) !== 0)
    throw new UnsafeDiscoveryFileError(
      `the admin discovery file ${file} is not a private file of this user (expected mode 0600): refused; ` +
        'remove it (a running service writes it again at its next start) or make it 0600',
    );
  let parsed: Partial<AdminDiscovery>;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<AdminDiscovery>;
  } catch {
    return undefined;
  }
  if (typeof parsed.url !== 'string' || typeof parsed.pid !== 'number' || !isProcessAlive(parsed.pid)) return undefined;
  return {
    url: parsed.url,
    token: typeof parsed.token === 'string' ? parsed.token : undefined,
    pid: parsed.pid,
    started_at: String(parsed.started_at ?? ''),
  };
}
