/**
 * Amounts arrive as JSON numbers or numeric strings and are stored as numeric(18,4): exact, never through
 * float arithmetic. A string passes through as written; a number is accepted when it has at most four
 * decimal places and is turned into its exact decimal text.
 */
const DECIMAL = /^\s*(-?)(\d{1,14})(?:\.(\d{1,4}))?\s*$/;
const MAX_ABS = 1e14;

/** The amount as exact decimal text ("-12.5" → "-12.5"), or null when it is not a valid amount. */
export function toDecimalText(value: number | string): string | null {
  if (typeof value === 'string') {
    const m = DECIMAL.exec(value);
    if (!m) return null;
    return `${m[1]}${m[2]}${m[3] ? `.${m[3]}` : ''}`;
  }
  if (!Number.isFinite(value) || Math.abs(value) >= MAX_ABS) return null;
  const scaled = Math.round(value * 10_000);
  if (Math.abs(scaled / 10_000 - value) > 1e-9 * Math.max(1, Math.abs(value))) return null; // more than 4 decimals
  // Below 1e11 a number with at most 4 decimals has at most 15 significant digits, so its shortest
  // round-trip text is exactly that decimal (and never uses an exponent). Above, digits beyond a double's
  // precision are lost in the JSON already: send such amounts as strings.
  if (Math.abs(value) < 1e11) return String(value);
  return trimZeros(value.toFixed(4));
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
