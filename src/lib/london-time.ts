/** Calendar days and months are read in Europe/London (decisions.md). */
const fmt = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** 'YYYY-MM-DD' of a Unix-seconds instant in Europe/London. */
export function londonDate(unixSeconds: number): string {
  const parts = fmt.formatToParts(new Date(unixSeconds * 1000));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}
