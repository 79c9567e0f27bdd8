/**
 * One payer, two streams: a couple's two State Pensions both come from "DWP" (every 4 weeks, on different
 * weekdays by National Insurance number), two benefits to two people from one office. Merged, their days have
 * no rhythm. The statement text tells them apart by a reference that repeats on every payment of one stream
 * ("BGC DWP SP NY542199C SP", "BGC STATE PENSION NY602311B").
 */
import { first, itemAt, last, valueAt } from '../../lib/indexing.ts';
import { transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { detectCadence } from '../recurrence/cadence.ts';
import { wordsOf } from './payer-evidence.ts';

/** A reference: six or more letters and digits, at least one a digit (NY542199C, 12345678A, 1094471). */
const REFERENCE = /^(?=[A-Z]*\d)[A-Z0-9]{6,}$/;
const PAY_RHYTHMS = new Set(['weekly', 'fortnightly', 'four_weekly', 'monthly']);

function distinctDays(ledger: Ledger, rows: readonly number[]): number[] {
  const days: number[] = [];
  for (const r of rows) {
    const day = valueAt(ledger.day, r);
    if (days.length === 0 || last(days) !== day) days.push(day);
  }
  return days;
}

/**
 * The payments of one payer split by reference, or null to keep them as one stream. They are split only when
 * every payment carries exactly one of two or more references that each recur (on two or more days), the
 * references' streams run side by side (a new reference taking over from an old one is the same stream), and
 * each has a weekly, fortnightly, four-weekly or monthly rhythm of its own.
 */
export function splitByReference(ledger: Ledger, rows: readonly number[]): Map<string, number[]> | null {
  const refsOfRow = rows.map(
    (r) => new Set(wordsOf(transactionOf(ledger, r).description).filter((w) => REFERENCE.test(w))),
  );
  const daysOfRef = new Map<string, Set<number>>();
  refsOfRow.forEach((refs, k) => {
    for (const ref of refs) {
      const days = daysOfRef.get(ref) ?? new Set<number>();
      days.add(valueAt(ledger.day, itemAt(rows, k)));
      daysOfRef.set(ref, days);
    }
  });
  const recurring = new Set([...daysOfRef].filter(([, days]) => days.size >= 2).map(([ref]) => ref));
  if (recurring.size < 2) return null;
  const parts = new Map<string, number[]>();
  for (const [k, refs] of refsOfRow.entries()) {
    const own = [...refs].filter((ref) => recurring.has(ref));
    const ref = own[0];
    if (own.length !== 1 || ref === undefined) return null;
    const part = parts.get(ref);
    if (part) part.push(itemAt(rows, k));
    else parts.set(ref, [itemAt(rows, k)]);
  }
  const spans = [...parts.values()].map((part) => distinctDays(ledger, part));
  if (spans.some((days) => !PAY_RHYTHMS.has(detectCadence(days)))) return null;
  const sideBySide = spans.every((days) =>
    spans.some((o) => o !== days && first(o) < last(days) && first(days) < last(o)),
  );
  return sideBySide ? parts : null;
}
