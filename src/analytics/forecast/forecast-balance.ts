/**
 * The 90-day balance forecast from asOf (docs/analytics.md, "Forecast"). Starting from the total balance at the
 * end of asOf's day (balance-history.ts), each day adds the payments expected on it, on the dates their schedules
 * give (schedule.ts), and takes off the everyday spending:
 * - expected income: every salary, pension and benefit stream that is regular and has missed no payment
 *   (employment/income-streams.ts: two payments with a rhythm are enough), and every other recurring group of
 *   income (interest, rent received; loans left out), at the median of its last three payments;
 * - recurring outgoings: every recurring group of spending (find-recurring.ts) that has not missed a scheduled
 *   occurrence since its last one, at the median of its last three amounts, except in a calendar month it skipped
 *   a year earlier while already running (council tax is paid in ten instalments, April to January);
 * - everyday spending: the average per day, over the last 3 complete months, of the spending that belongs to no
 *   recurring group (groceries, fuel, eating out...), spread evenly.
 * Non-recurring income is not expected (a forecast should not count on it). The first day whose end balance is
 * below zero (asOf's own day included) is reported, or null.
 */
import { first, itemAt, last, valueAt } from '../../lib/indexing.ts';
import { personalCategories } from '../categories/taxonomy.ts';
import { isoDate, monthOfDay, monthStartDay } from '../calendar/london.ts';
import { EARNED_INCOME_CATEGORIES, EXPENDITURE_CATEGORIES } from '../income-expenditure/income-expenditure.ts';
import { isRegular } from '../employment/income-streams.ts';
import type { IncomeStream } from '../employment/income-streams.ts';
import { addAt, categoryIndex } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { markerCategories } from '../markers/financial-markers.ts';
import { lastCompleteMonths } from '../ledger/windows.ts';
import { round2 } from '../money.ts';
import { PERIOD_DAYS, TOLERANCE_DAYS } from '../recurrence/cadence.ts';
import type { Recurrence, RecurringGroup } from '../recurrence/find-recurring.ts';
import { expectedDays } from '../recurrence/schedule.ts';
import type { BalanceDay, BalanceForecast, ExpectedPayment } from '../report-types.ts';
import type { BalanceHistory } from './balance-history.ts';

export const FORECAST_DAYS = 90;
const EARNED = new Set(EARNED_INCOME_CATEGORIES);
const SPENDING = new Set(EXPENDITURE_CATEGORIES);
/** Salary, pension and benefit categories: expected from their income streams, not from recurrence groups. */
const STREAMED = new Set((['salary', 'pension', 'benefits'] as const).flatMap((m) => markerCategories(m)));

/**
 * The group's next occurrence days after asOf's day, or none when it has missed one since its last. A calendar
 * month it skipped a year before while already running (council tax: ten instalments, none in February and March)
 * is skipped again.
 */
function upcoming(group: RecurringGroup, ledger: Ledger, to: number): number[] {
  // A recurring group has three or more days.
  const after = last(group.days) + Math.floor(PERIOD_DAYS[group.cadence] / 2);
  if (expectedDays(group.schedule, after, ledger.asOfDay - TOLERANCE_DAYS[group.cadence]).length > 0) return [];
  const firstMonth = monthOfDay(first(group.days));
  const seen = new Set(group.days.map(monthOfDay));
  return expectedDays(group.schedule, Math.max(after, ledger.asOfDay), to).filter(
    (day) => monthOfDay(day) - 12 < firstMonth || seen.has(monthOfDay(day) - 12),
  );
}

function everydaySpendingPerDay(ledger: Ledger, recurrence: Recurrence): number {
  const [firstMonth] = lastCompleteMonths(ledger, 3);
  if (firstMonth === undefined) return 0;
  const from = monthStartDay(firstMonth);
  const to = monthStartDay(ledger.asOfMonth);
  let spent = 0;
  for (let r = 0; r < ledger.size; r++) {
    const day = valueAt(ledger.day, r);
    if (day < from || day >= to || valueAt(recurrence.groupOfRow, r) >= 0) continue;
    if (!SPENDING.has(valueAt(ledger.category, r))) continue;
    spent -= valueAt(ledger.amount, r);
  }
  return Math.max(0, spent) / (to - from);
}

export function forecastBalance(
  ledger: Ledger,
  history: BalanceHistory,
  recurrence: Recurrence,
  streams: readonly IncomeStream[],
): BalanceForecast {
  const end = ledger.asOfDay + FORECAST_DAYS;
  const payments: ExpectedPayment[] = [];
  const byDay = new Float64Array(FORECAST_DAYS + 1);
  const expect = (
    days: readonly number[],
    amount: number,
    description: string,
    kind: ExpectedPayment['kind'],
  ): void => {
    // expectedDays gives days after asOf's day up to the end of the forecast: inside byDay.
    for (const day of days) {
      addAt(byDay, day - ledger.asOfDay, amount);
      payments.push({ date: isoDate(day), description, amount: round2(amount), kind });
    }
  };
  for (const stream of streams) {
    if (!isRegular(stream) || stream.missed.length > 0 || stream.schedule === null) continue;
    const after = last(stream.days) + Math.floor(PERIOD_DAYS[stream.cadence] / 2); // regular: two or more days
    const name = itemAt(personalCategories, categoryIndex(stream.categoryId)).name;
    expect(
      expectedDays(stream.schedule, Math.max(after, ledger.asOfDay), end),
      stream.typicalAmount,
      `${stream.payer} (${name})`,
      'income',
    );
  }
  for (const group of recurrence.groups) {
    const isIncome = group.direction === 'in';
    if (isIncome ? !EARNED.has(group.category) || STREAMED.has(group.category) : !SPENDING.has(group.category))
      continue;
    const description = `${group.description} (${itemAt(personalCategories, group.category).name})`;
    expect(upcoming(group, ledger, end), group.typicalAmount, description, isIncome ? 'income' : 'recurring_outgoing');
  }
  payments.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : b.amount - a.amount));

  const past: BalanceDay[] = [];
  for (const [d, balance] of history.balances.entries()) {
    past.push({ date: isoDate(history.fromDay + d), balance: round2(balance) });
  }
  const current = history.balances.at(-1) ?? 0; // no history: 0
  const everyday = everydaySpendingPerDay(ledger, recurrence);

  const forecast: BalanceDay[] = [];
  let balance = current;
  let firstNegative: string | null = current < -0.005 ? isoDate(ledger.asOfDay) : null;
  let lowest = current;
  let lowestDay = ledger.asOfDay;
  for (let k = 1; k <= FORECAST_DAYS; k++) {
    balance += valueAt(byDay, k) - everyday;
    const day = ledger.asOfDay + k;
    forecast.push({ date: isoDate(day), balance: round2(balance) });
    if (firstNegative === null && balance < -0.005) firstNegative = isoDate(day);
    if (balance < lowest) {
      lowest = balance;
      lowestDay = day;
    }
  }
  return {
    currency: ledger.currency,
    current_balance: round2(current),
    history: past,
    forecast,
    expected_payments: payments,
    everyday_spending_per_day: round2(everyday),
    first_negative_date: firstNegative,
    lowest_balance: round2(lowest),
    lowest_balance_date: isoDate(lowestDay),
  };
}
