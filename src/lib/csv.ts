/** Values for the CSV bodies of COPY ... WITH (FORMAT csv) (src/db/csv.ts re-exports it for the repositories). */

/**
 * A field: NULL as nothing, numbers as they are, every text value quoted (an empty string must differ from
 * NULL, and quotes, commas and newlines must survive).
 */
export function csvField(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  return `"${v.includes('"') ? v.replace(/"/g, '""') : v}"`;
}
