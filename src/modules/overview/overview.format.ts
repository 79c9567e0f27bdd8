/**
 * How the overview writes figures for people (the console page, the PDF, chart labels): one place, so the page,
 * the PDF and their tests agree. Money in en-GB style with the currency's symbol (£1,234.56; −£12.00).
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency = 'GBP'): string {
  // a true minus sign (U+2212), as typeset money reads: "−£500.00"
  return formatMoneyAscii(amount, currency).replace(/^-/, '\u2212');
}

function formatMoneyAscii(amount: number, currency: string): string {
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

/**
 * A percentage the API already gives as one (ratio_to_income 12.5 → "12.5%"): only rounded to one decimal, never
 * scaled (docs/decisions/0042-figures-from-the-api.md).
 */
export function formatPercent(percentage: number): string {
  return `${(Math.round(percentage * 10) / 10).toLocaleString('en-GB')}%`;
}

/** A share the API gives between 0 and 1 (negative_balance_ratio 0.125) as a percentage ("12.5%"). */
export function formatShare(share: number): string {
  return formatPercent(share * 100);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 2026" */
export function formatMonth(year: number, month: number): string {
  return `${MONTHS[month - 1] ?? String(month)} ${year}`;
}

/** A calendar day "YYYY-MM-DD" in words ("3 Mar 2026"); anything else as it is. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
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
