/**
 * Tests wait for conditions, never for clocks. A test that needs something to have happened asks for it again
 * every few milliseconds until it holds, under a deadline that is long (minutes): on a loaded 2-core machine
 * a step can take a hundred times longer than on an idle one, and a deadline that is only reached when something
 * is broken costs nothing when all is well. When the deadline passes the error says what was awaited and why the
 * last check said no.
 */

/** The overall deadline of a wait unless a test gives its own: 5 minutes (TEST_DEADLINE_MS overrides it). */
export const DEADLINE_MS = Number(process.env.TEST_DEADLINE_MS) > 0 ? Number(process.env.TEST_DEADLINE_MS) : 300_000;

export interface WaitOptions {
  /** what is awaited, for the error: "the service to answer /health" */
  what: string;
  deadlineMs?: number;
  /** pause between checks (default 50 ms) */
  intervalMs?: number;
  /** checked before each try: a reason to stop at once (the child process exited, say), or undefined to go on */
  giveUp?: () => string | undefined;
}

export class WaitTimeout extends Error {}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves with the condition's first truthy answer. A condition that throws counts as "not yet"; its last error
 * is in the message if the deadline passes.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, opts: WaitOptions): Promise<NonNullable<T>> {
  const deadlineMs = opts.deadlineMs ?? DEADLINE_MS;
  const started = Date.now();
  let last: string;
  for (let tries = 1; ; tries++) {
    const reason = opts.giveUp?.();
    if (reason) throw new Error(`gave up waiting for ${opts.what}: ${reason}`);
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
      last = `the condition was ${String(value)}`;
    } catch (err) {
      last = `the last check threw: ${(err as Error).message ?? String(err)}`;
    }
    const elapsed = Date.now() - started;
    if (elapsed >= deadlineMs)
      throw new WaitTimeout(`timed out after ${elapsed} ms (${tries} checks) waiting for ${opts.what}; ${last}`);
    await pause(Math.min(opts.intervalMs ?? 50, Math.max(1, deadlineMs - elapsed)));
  }
}

/**
 * Races a promise that resolves when the awaited thing happens (an event) against the deadline, so a wait that
 * an event can end never polls, and one that never ends still fails with a message naming it.
 */
export async function withDeadline<T>(
  promise: Promise<T>,
  opts: { what: string; deadlineMs?: number; detail?: () => string },
): Promise<T> {
  const deadlineMs = opts.deadlineMs ?? DEADLINE_MS;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const detail = opts.detail?.();
      reject(
        new WaitTimeout(`timed out after ${deadlineMs} ms waiting for ${opts.what}${detail ? `; ${detail}` : ''}`),
      );
    }, deadlineMs);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}
