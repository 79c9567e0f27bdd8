/**
 * Careful readers of a bank's JSON: each one names the path of what is missing or of the wrong type, so a bad
 * answer becomes one BankBadResponseError that says where, never a TypeError deep in the normaliser.
 */
export class ShapeError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'ShapeError';
    this.path = path;
  }
}

export type Json = Record<string, unknown>;

export function obj(v: unknown, path: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ShapeError(path, 'expected an object');
  return v as Json;
}

export function optObj(v: unknown, path: string): Json | null {
  return v === undefined || v === null ? null : obj(v, path);
}

function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw new ShapeError(path, 'expected an array');
  return v;
}

export function optArr(v: unknown, path: string): unknown[] {
  return v === undefined || v === null ? [] : arr(v, path);
}

export function str(v: unknown, path: string): string {
  if (typeof v !== 'string' || v === '') throw new ShapeError(path, 'expected a non-empty string');
  return v;
}

export function optStr(v: unknown, path: string): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw new ShapeError(path, 'expected a string');
  return v;
}

const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * ISO 8601 date-time → Unix seconds. The standard requires a zone in responses; a bank that leaves it out means
 * its own, UK time, so a zone-less value is read as Europe/London wall time (never as the server's zone, which is
 * what Date.parse would do). In the hour the clocks go back, the first (summer time) reading is taken.
 */
export function dateTime(v: unknown, path: string): number {
  const s = str(v, path);
  const m = ZONELESS.exec(s);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', sec = '0'] = m;
    const naive = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)) / 1000;
    if (Number.isNaN(naive)) throw new ShapeError(path, `"${s}" is not an ISO 8601 date-time`);
    const first = naive - londonOffset(naive - 3600);
    return naive - londonOffset(first) === first ? first : naive - londonOffset(naive);
  }
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) throw new ShapeError(path, `"${s}" is not an ISO 8601 date-time`);
  return Math.floor(ms / 1000);
}

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Seconds London's wall clock is ahead of UTC at an instant (0 or 3600). */
function londonOffset(unix: number): number {
  const p = Object.fromEntries(LONDON.formatToParts(new Date(unix * 1000)).map((x) => [x.type, Number(x.value)]));
  const n = (k: string) => p[k] ?? 0;
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) / 1000;
  return wall - Math.floor(unix);
}

export function optDateTime(v: unknown, path: string): number | null {
  return v === undefined || v === null || v === '' ? null : dateTime(v, path);
}

const AMOUNT = /^\d{1,13}(\.\d{1,5})?$/;

/** OBIE amounts are unsigned decimal strings; the sign lives in CreditDebitIndicator. Exact: no floats. */
export function signedAmount(amount: unknown, indicator: unknown, path: string): string {
  const a = str(amount, `${path}/Amount`);
  if (!AMOUNT.test(a)) throw new ShapeError(`${path}/Amount`, `"${a}" is not an amount`);
  const cdi = str(indicator, `${path}/CreditDebitIndicator`);
  if (cdi !== 'Credit' && cdi !== 'Debit')
    throw new ShapeError(`${path}/CreditDebitIndicator`, `"${cdi}" is neither Credit nor Debit`);
  const trimmed = trimDecimal(a);
  return cdi === 'Debit' && trimmed !== '0' ? `-${trimmed}` : trimmed;
}

export function unsignedAmount(amount: unknown, path: string): string {
  const a = str(amount, path);
  if (!AMOUNT.test(a)) throw new ShapeError(path, `"${a}" is not an amount`);
  return trimDecimal(a);
}

/** "0012.500" → "12.5": the form our stores compare. */
function trimDecimal(a: string): string {
  let [int, frac = ''] = a.split('.') as [string, string?];
  int = int.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}
