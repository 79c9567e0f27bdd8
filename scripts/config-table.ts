/**
 * npm run docs:config — writes the README's configuration table from the field table (src/config/fields.ts), the
 * one place a setting is declared. src/config/fields.test.ts fails while the two differ.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configurationTable } from '../src/config/fields.ts';
import { replaceConfigurationTable } from '../src/config/readme-table.ts';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));
const before = fs.readFileSync(readme, 'utf8');
const after = replaceConfigurationTable(before, configurationTable());
if (after !== before) fs.writeFileSync(readme, after);
console.log(
  after === before ? 'README.md: the configuration table is up to date' : 'README.md: configuration table written',
);
