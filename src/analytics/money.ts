/** Rounding for figures served to clients: money to pennies, ratios and scores to 4 decimals. */

export function round2(value: number): number {
  const r = Math.round(value * 100) / 100;
  return r === 0 ? 0 : r; // no -0 in JSON
}

export function round4(value: number): number {
  const r = Math.round(value * 10_000) / 10_000;
  return r === 0 ? 0 : r;
}

/** a / b, or 0 when b is 0 (a ratio with nothing to compare against is reported as 0, see docs/analytics.md). */
export function safeDivide(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}
