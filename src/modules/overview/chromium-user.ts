/**
 * Chromium as an unprivileged user when the service runs as root (docs/decisions/0045-a-fair-printer.md): Chromium
 * will not start its sandbox as root, so rather than printing as root without it, the printer starts Chromium
 * through a small wrapper that hands the profile directory Playwright made to that user and then drops to it with
 * util-linux's `setpriv` (no groups, a clean environment). As that user Chromium can start its own sandbox where the
 * kernel allows user namespaces; where it cannot, it still runs as that user, not as root. Playwright talks to
 * Chromium over inherited pipes, which survive the change of user.
 *
 * The wrapper is written at the first launch into a directory of its own (mode 0700, owned by root), so nothing
 * another user can write is ever executed as root; the printer removes that directory when it closes. Where `setpriv` or the user is missing, there is no wrapper and
 * the printer says why.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The unprivileged account Chromium runs as when the service is root: present on every Debian-like system. */
const CHROMIUM_USER = 'nobody';

/** `remove`: deletes the wrapper's directory, once Chromium (started through it) has closed. */
export type UnprivilegedLauncher =
  { executablePath: string; user: string; remove: () => Promise<void> } | { executablePath: null; reason: string };

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A wrapper that starts `chromiumPath` as CHROMIUM_USER, or why there is none. Only meaningful for a root process:
 * anyone else cannot change user and needs no wrapper.
 */
export async function unprivilegedLauncher(chromiumPath: string): Promise<UnprivilegedLauncher> {
  let setpriv: string;
  let uid: string;
  let gid: string;
  try {
    setpriv = (await run('sh', ['-c', 'command -v setpriv'])).stdout.trim();
    uid = (await run('id', ['-u', CHROMIUM_USER])).stdout.trim();
    gid = (await run('id', ['-g', CHROMIUM_USER])).stdout.trim();
  } catch {
    return {
      executablePath: null,
      reason: `the service runs as root and cannot start Chromium as '${CHROMIUM_USER}' (setpriv or that user is missing); run the service as an unprivileged user`,
    };
  }
  if (!setpriv || !/^\d+$/.test(uid) || !/^\d+$/.test(gid) || uid === '0')
    return { executablePath: null, reason: `no unprivileged '${CHROMIUM_USER}' account to run Chromium as` };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'obi-chromium-'));
  const wrapper = path.join(dir, 'chromium');
  await writeFile(
    wrapper,
    [
      '#!/bin/sh',
      '# Written by src/modules/overview/chromium-user.ts: Chromium as an unprivileged user, never as root.',
      'set -e',
      'for a in "$@"; do',
      `  case "$a" in --user-data-dir=*) chown -R ${uid}:${gid} "\${a#--user-data-dir=}" ;; esac`,
      'done',
      `exec ${quote(setpriv)} --reuid=${uid} --regid=${gid} --clear-groups --reset-env -- ${quote(chromiumPath)} "$@"`,
      '',
    ].join('\n'),
    { mode: 0o700 },
  );
  await chmod(wrapper, 0o700);
  return {
    executablePath: wrapper,
    user: CHROMIUM_USER,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
