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

export function arr(v: unknown, path: string): unknown[] {
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

/** ISO 8601 date-time with a zone (the standard requires one in responses) → Unix seconds. */
export function dateTime(v: unknown, path: string): number {
  const s = str(v, path);
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) throw new ShapeError(path, `"${s}" is not an ISO 8601 date-time`);
  return Math.floor(ms / 1000);
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
export function trimDecimal(a: string): string {
  let [int, frac = ''] = a.split('.') as [string, string?];
  int = int.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}
