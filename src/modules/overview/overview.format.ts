/**
 * How the overview writes figures for people (the console page, the PDF, chart labels): one place, so the page,
 * the PDF and their tests agree. Money in en-GB style with the currency's symbol (£1,234.56; −£12.00).
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency = 'GBP'): string {
  let f = moneyFormats.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: 2 });
    } catch {
      // not an ISO 4217 code (stored data is the bank's): the number with the code after it
      f = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return `${f.format(amount)} ${currency}`;
    }
    moneyFormats.set(currency, f);
  }
  return f.format(amount);
}

/** A ratio (0.125) as a percentage ("12.5%"). */
export function formatPercent(ratio: number): string {
  return `${(Math.round(ratio * 1000) / 10).toLocaleString('en-GB')}%`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 2026" */
export function formatMonth(year: number, month: number): string {
  return `${MONTHS[month - 1] ?? String(month)} ${year}`;
}

/** Unix seconds as an ISO 8601 UTC instant without milliseconds ("2026-06-01T09:00:00Z"). */
export function formatInstant(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The currency's symbol for axis titles ("£"), or the code. */
export function currencySymbol(currency: string): string {
  try {
    const part = new Intl.NumberFormat('en-GB', { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}
