/** The clock is injected so tests can move time (token expiry, retries, readiness). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function fakeClock(
  start = new Date('2026-06-01T09:00:00Z'),
): Clock & { advance(seconds: number): void; set(d: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(seconds: number) {
      t += seconds * 1000;
    },
    set(d: Date) {
      t = d.getTime();
    },
  };
}

export function unixSeconds(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}
