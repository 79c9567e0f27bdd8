/**
 * Salaries the statement text does not name. Bacs cuts payer names to 18 characters and many employers send no
 * "SALARY" word ("QUAYSIDE HOSPITALI", "PENNINE CARE SERVI , PAY"), so the classifier leaves them in Other income
 * or Transfers in. A payer is taken to be an employer when its credits:
 * - arrive by Bacs (bank transaction type BankGiroCredit/Bacs, or a BGC/BACS code in the text),
 * - on at least 3 days with a weekly, fortnightly, four-weekly or monthly rhythm,
 * - with an amount stability of at least 0.6 and an average of at least 100 (report currency).
 * Those credits are re-labelled Salary everywhere in the report (figures and the categorised transactions).
 */
import { itemAt } from '../../lib/indexing.ts';
import { categoryIndex, transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { detectCadence } from '../recurrence/cadence.ts';
import { amountStability, moments } from '../recurrence/stability.ts';

const CANDIDATES = new Set([categoryIndex('other_income'), categoryIndex('transfer_in')]);
const SALARY = categoryIndex('salary');
const BACS_TYPES = new Set(['bankgirocredit', 'bacs', 'bacscredit', 'bgc', 'credittransfer']);
const BACS_TEXT = /(?:^|[^A-Z])(?:BGC|BACS)(?:[^A-Z]|$)/i;
const RHYTHMS = new Set(['weekly', 'fortnightly', 'four_weekly', 'monthly']);
const MIN_DAYS = 3;
const MIN_STABILITY = 0.6;
const MIN_AVERAGE = 100;

function isBacsCredit(type: string | null, description: string): boolean {
  return (type !== null && BACS_TYPES.has(type.toLowerCase().replace(/[^a-z]/g, ''))) || BACS_TEXT.test(description);
}

/** Re-labels inferred salaries in the ledger; returns the input indices of the transactions changed. */
export function inferSalaries(ledger: Ledger): number[] {
  const byPayer = new Map<number, number[]>();
  for (let r = 0; r < ledger.size; r++) {
    if (itemAt(ledger.amount, r) <= 0 || !CANDIDATES.has(itemAt(ledger.category, r))) continue;
    const tx = transactionOf(ledger, r);
    if (!isBacsCredit(tx.type, tx.description)) continue;
    const payer = itemAt(ledger.groupId, r);
    const rows = byPayer.get(payer);
    if (rows) rows.push(r);
    else byPayer.set(payer, [r]);
  }
  const changed: number[] = [];
  for (const rows of byPayer.values()) {
    const days: number[] = [];
    for (const r of rows) {
      const day = itemAt(ledger.day, r);
      if (days[days.length - 1] !== day) days.push(day);
    }
    if (days.length < MIN_DAYS || !RHYTHMS.has(detectCadence(days))) continue;
    const amounts = rows.map((r) => itemAt(ledger.amount, r));
    if (amountStability(amounts) < MIN_STABILITY || moments(amounts).mean < MIN_AVERAGE) continue;
    for (const r of rows) {
      ledger.category[r] = SALARY;
      changed.push(itemAt(ledger.input, r));
    }
  }
  return changed.sort((a, b) => a - b);
}
