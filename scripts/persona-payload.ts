/**
 * Writes a generated persona as request bodies for the API, to try the insights with curl:
 *   npx node scripts/persona-payload.ts salaried-monthly /tmp/persona
 * gives /tmp/persona/accounts.json (for .../account_collections) and /tmp/persona/transactions.json
 * (for .../transaction_collections). The history ends now; the seed is fixed, so the data is the same each day.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generatePersona, listPersonas, toAccountWire } from '../src/personas/index.ts';

const [name, dir = '.'] = process.argv.slice(2);
if (!name || !listPersonas().some((p) => p.name === name)) {
  console.error(
    `usage: persona-payload.ts <persona> [dir]\npersonas: ${listPersonas()
      .map((p) => p.name)
      .join(', ')}`,
  );
  process.exit(64);
}
const persona = generatePersona(name, { asOf: Math.floor(Date.now() / 1000), seed: 7, years: 2 });
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'accounts.json'), JSON.stringify({ accounts: persona.accounts.map(toAccountWire) }));
fs.writeFileSync(path.join(dir, 'transactions.json'), JSON.stringify({ transactions: persona.transactions }));
console.log(
  `${persona.name}: ${persona.accounts.length} account(s), ${persona.transactions.length} transactions → ${dir}`,
);
