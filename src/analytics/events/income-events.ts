/**
 * Income events: missing salary, pension or benefit payments, new income sources and income drops
 * (event-types.ts has the list; docs/analytics.md the rules).
 */
import { first, itemAt, last, valueAt } from '../../lib/indexing.ts';
import { isoDate, monthOfDay } from '../calendar/london.ts';
import { isRegular } from '../employment/income-streams.ts';
import type { IncomeStream } from '../employment/income-streams.ts';
import { EARNED_INCOME_CATEGORIES, monthTotal } from '../income-expenditure/income-expenditure.ts';
import { personalCategories } from '../categories/taxonomy.ts';
import { categoryIndex } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { MonthMatrix } from '../ledger/month-matrix.ts';
import { round2 } from '../money.ts';
import { TOLERANCE_DAYS } from '../recurrence/cadence.ts';
import { expectedDays } from '../recurrence/schedule.ts';
import type { EventDraft } from './event-draft.ts';
import type { EventTypeName } from './event-types.ts';

const MISSING: Readonly<Record<IncomeStream['kind'], EventTypeName>> = {
  salary: 'SALARY_MISSING',
  pension: 'PENSION_MISSING',
  benefit: 'BENEFIT_MISSING',
};
const KIND_WORD: Readonly<Record<IncomeStream['kind'], string>> = {
  salary: 'Salary',
  pension: 'Pension',
  benefit: 'Benefit',
};
/** After this many misses in a row a stream has ended: it is not reported missing again. */
const MAX_MISSES_IN_A_ROW = 3;
const NEW_SOURCE_AFTER_DAYS = 35;
const DROP_SHARE = 0.7;
const DROP_MIN_AVERAGE = 100;

/** The first of ascending days after `day`, or Infinity. */
function firstAfter(days: readonly number[], day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (itemAt(days, mid) > day) hi = mid;
    else lo = mid + 1;
  }
  return lo < days.length ? itemAt(days, lo) : Infinity;
}

/**
 * Each scheduled day of a regular stream with three or more payments (from its first payment to asOf less the
 * tolerance) with no payment within the tolerance either side is missing, unless a new stream of the same kind
 * has replaced it (began after its last payment), or it has already missed three in a row (it has ended).
 */
export function missingIncome(ledger: Ledger, streams: readonly IncomeStream[]): EventDraft[] {
  const drafts: EventDraft[] = [];
  // The first payment days of each kind's streams, ascending: the first after a stream's last payment replaces it.
  const starts = new Map<IncomeStream['kind'], number[]>();
  for (const o of streams) {
    const days = starts.get(o.kind);
    if (days) days.push(first(o.days));
    else starts.set(o.kind, [first(o.days)]);
  }
  for (const days of starts.values()) days.sort((a, b) => a - b);
  for (const s of streams) {
    if (!isRegular(s) || s.days.length < 3 || s.schedule === null) continue;
    const tolerance = TOLERANCE_DAYS[s.cadence];
    const lastDay = last(s.days);
    const replacedFrom = firstAfter(starts.get(s.kind) ?? [], lastDay) - tolerance;
    let p = 0;
    let inARow = 0;
    for (const expected of expectedDays(s.schedule, first(s.days), ledger.asOfDay - tolerance)) {
      while (p < s.days.length && itemAt(s.days, p) < expected - tolerance) p++;
      if (p < s.days.length && itemAt(s.days, p) <= expected + tolerance) {
        inARow = 0;
        continue;
      }
      if (expected >= replacedFrom || ++inARow > MAX_MISSES_IN_A_ROW) break;
      drafts.push({
        type: MISSING[s.kind],
        subject: s.key,
        day: expected,
        month: monthOfDay(expected),
        amount: round2(s.typicalAmount),
        description: `${KIND_WORD[s.kind]} from ${s.payer} expected on ${isoDate(expected)} was not received`,
        row: s.rows.findLast((r) => valueAt(ledger.day, r) < expected),
      });
    }
  }
  return drafts;
}

/** The first payment of a regular stream that began more than 35 days after the data begins. */
export function newIncomeSources(ledger: Ledger, streams: readonly IncomeStream[]): EventDraft[] {
  const drafts: EventDraft[] = [];
  for (const s of streams) {
    // A regular stream has two or more payments.
    if (!isRegular(s) || first(s.days) <= ledger.firstDay + NEW_SOURCE_AFTER_DAYS) continue;
    const day = first(s.days);
    const category = itemAt(personalCategories, categoryIndex(s.categoryId));
    drafts.push({
      type: 'NEW_INCOME_SOURCE',
      subject: s.key,
      day,
      month: monthOfDay(day),
      amount: round2(first(s.amounts)),
      description: `New ${category.name.toLowerCase()} from ${s.payer}, first paid ${isoDate(day)}`,
      row: first(s.rows),
    });
  }
  return drafts;
}

/**
 * Average monthly income without loans over 3 complete months (a month and the two before it) below 70 % of the
 * average over the (up to) 6 covered months before those, with at least 3 of them. Quarters against half-years,
 * because payments move across month ends (an annuity due on the 1st paid on the 30th, a four-weekly pension
 * paid 4 times in some quarters and 3 in others): cash received by month swings even when income has not changed.
 */
export function incomeDrops(ledger: Ledger, matrix: MonthMatrix): EventDraft[] {
  const income = (m: number): number => monthTotal(matrix, EARNED_INCOME_CATEGORIES, m);
  const drafts: EventDraft[] = [];
  for (let m = ledger.firstCoveredMonth + 5; m < ledger.asOfMonth; m++) {
    const recent = (income(m) + income(m - 1) + income(m - 2)) / 3;
    let sum = 0;
    let months = 0;
    for (let b = m - 3; b >= m - 8 && b >= ledger.firstCoveredMonth; b--, months++) sum += income(b);
    const before = sum / months;
    const threshold = DROP_SHARE * before;
    if (before < DROP_MIN_AVERAGE || recent >= threshold) continue;
    drafts.push({
      type: 'INCOME_DROP',
      subject: 'income',
      day: null,
      month: m,
      amount: round2(recent),
      threshold: round2(threshold),
      higherThanThreshold: false,
      description: `Average monthly income of ${round2(recent)} over the 3 months to this one was ${Math.round(100 * (1 - recent / before))} % below the ${round2(before)} of the ${months} months before`,
    });
  }
  return drafts;
}
