/**
 * Direct debits returned unpaid, and their re-presentation. When the payer's bank returns a direct debit the
 * statement shows the payment on its due day, a credit of the same amount a day or a few later (the reversal:
 * "UNPAID DD", category returned_direct_debit), often a fee, and then, about a week later, the originator
 * collecting again (the re-presentation: the same payee and amount). For recurrence the payment and its
 * re-presentation are one occurrence on the due day: the series keeps its rhythm, and both rows belong to it.
 */
import { valueAt } from '../../lib/indexing.ts';
import type { Ledger } from '../ledger/ledger.ts';

/** The reversal is booked within this many days after the payment (Bacs returns on day 2 to 5; slack for holidays). */
const RETURN_WITHIN_DAYS = 10;
/** Originators collect again within two weeks of a return (Bacs rules allow re-presenting once, promptly). */
const REPRESENT_WITHIN_DAYS = 14;
const PENNY = 0.005;

export interface Returns {
  /** each re-presentation row → the row of the payment it collects again */
  represents: Map<number, number>;
  /**
   * Reversal rows with no payment shown before them: the bank listed the refused collection only as a notice
   * ("UNPAID DD …" with the amount the originator asked for, or £0.00 because no money moved). The notice is
   * evidence that the series' collection was attempted on that day (find-recurring.ts).
   */
  notices: number[];
}

/**
 * Re-presentations and notices among the rows from `fromRow`. `candidate` marks the rows recurrence looks at,
 * `isReversal` the returned-direct-debit credits and `counterparty` the key a re-presentation must share with its
 * payment.
 */
export function findReturns(
  ledger: Ledger,
  fromRow: number,
  candidate: Uint8Array,
  isReversal: (row: number) => boolean,
  counterparty: (row: number) => number,
): Returns {
  const represents = new Map<number, number>();
  const returned: number[] = [];
  const notices: number[] = [];
  const taken = new Set<number>();
  for (let r = fromRow; r < ledger.size; r++) {
    if (!isReversal(r) || valueAt(ledger.amount, r) < 0) continue;
    // A £0.00 notice: the bank refused the collection before any money moved, so there is no payment to match.
    if (valueAt(ledger.amount, r) === 0) {
      notices.push(r);
      continue;
    }
    const payment = returnedPayment(ledger, r, candidate, taken);
    if (payment >= 0) {
      taken.add(payment);
      returned.push(payment);
    } else notices.push(r);
  }
  returned.sort((a, b) => a - b);
  for (const p of returned) {
    const key = counterparty(p);
    const amount = valueAt(ledger.amount, p);
    const until = valueAt(ledger.day, p) + REPRESENT_WITHIN_DAYS;
    for (let q = p + 1; q < ledger.size && valueAt(ledger.day, q) <= until; q++) {
      if (!candidate[q] || represents.has(q) || valueAt(ledger.day, q) === valueAt(ledger.day, p)) continue;
      if (Math.abs(valueAt(ledger.amount, q) - amount) > PENNY || counterparty(q) !== key) continue;
      represents.set(q, p);
      break;
    }
  }
  return { represents, notices };
}

/**
 * The payment a reversal returns: money out of the same amount on or before the reversal's day, within
 * RETURN_WITHIN_DAYS; the payee the reversal names when it names one (its recognised merchant), else the latest.
 */
function returnedPayment(ledger: Ledger, reversal: number, candidate: Uint8Array, taken: Set<number>): number {
  const amount = valueAt(ledger.amount, reversal);
  const from = valueAt(ledger.day, reversal) - RETURN_WITHIN_DAYS;
  const merchant = valueAt(ledger.merchantId, reversal);
  let latest = -1;
  for (let p = reversal - 1; p >= 0 && valueAt(ledger.day, p) >= from; p--) {
    if (!candidate[p] || taken.has(p) || Math.abs(valueAt(ledger.amount, p) + amount) > PENNY) continue;
    if (merchant < 0 || valueAt(ledger.merchantId, p) === merchant) return p;
    if (latest < 0) latest = p;
  }
  return latest;
}
