/**
 * A small RFC 4180 CSV reader for the reference data (quoted fields, doubled quotes, newlines inside quotes).
 * The inputs are a few hundred kilobytes, so clarity beats speed here.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
  if (!header) throw new Error('CSV has no header row');
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

/**
 * A row's value in `column` (empty when the row is short). Every row has every column of the header, so a
 * missing one means the source file changed shape: that fails here, by name, rather than as `undefined` later.
 */
export function field(row: Readonly<Record<string, string>>, column: string): string {
  const value = row[column];
  if (value === undefined) throw new Error(`CSV has no column "${column}"`);
  return value;
}
