/** Where the README keeps its configuration table: from its header row to the first blank line after it. */
const HEADER = '| variable | default | meaning |';

/** The README's configuration table as written, or null when it has none. */
export function readmeConfigurationTable(readme: string): string | null {
  const start = readme.indexOf(HEADER);
  if (start < 0) return null;
  const end = readme.indexOf('\n\n', start);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The README with its configuration table replaced by `table`. */
export function replaceConfigurationTable(readme: string, table: string): string {
  const current = readmeConfigurationTable(readme);
  if (current === null) throw new Error(`README.md has no configuration table (${HEADER})`);
  return readme.replace(current, table);
}
