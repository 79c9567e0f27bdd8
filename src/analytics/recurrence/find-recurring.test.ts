import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { first } from '../../lib/indexing.ts';
import { dayFromCivil, londonMidnight } from '../calendar/london.ts';
import {
  CURRENT,
  SAVINGS,
  aTransaction,
  at,
  everyDays,
  ledgerOf,
  monthlyDates,
  series,
} from '../../../test/helpers/analytics-support.ts';
import { findRecurring, toRecurringTransactions } from './find-recurring.ts';

const ASOF = at(2026, 1, 14);

function report(transactions: ReturnType<typeof aTransaction>[]) {
  const ledger = ledgerOf(transactions, ASOF, [CURRENT, SAVINGS]);
  const recurrence = findRecurring(ledger);
  return { recurrence, records: toRecurringTransactions(ledger, recurrence) };
}

describe('recurrence › recurring transactions', () => {
  test('a monthly direct debit of a fixed amount: all three scores 1.0 when present in each of the last 12 months', () => {
    const netflix = series(monthlyDates(2025, 1, 3, 13), { description: 'NETFLIX.COM', amount: -12.99 });
    const { records } = report(netflix);
    assert.equal(records.length, 1);
    const r = first(records);
    assert.equal(r.description, 'Netflix');
    assert.equal(r.average_amount, -12.99);
    assert.equal(r.amount_variance, 0);
    assert.equal(r.amount_stability_of_transaction, 1);
    assert.equal(r.time_stability_of_transaction, 1);
    assert.ok(r.frequency_stability_of_transaction > 0.9);
    assert.deepEqual(
      r.transaction_ids,
      netflix.map((t) => t.id),
    );
  });

  test('amounts that vary and a shorter presence lower the amount and time stability', () => {
    const energy = series(monthlyDates(2025, 7, 9, 6), { description: 'DD OCTOPUS ENERGY', amount: -80 }).map(
      (t, k) => ({ ...t, amount: -80 - 20 * (k % 2) }),
    );
    const r = first(report(energy).records);
    assert.equal(r.average_amount, -90);
    assert.equal(r.amount_variance, 100);
    assert.ok(Math.abs(r.amount_stability_of_transaction - (1 - 10 / 90)) < 1e-4);
    assert.equal(r.time_stability_of_transaction, 0.5);
  });

  test('weekly wages whose reference changes each week group together', () => {
    const wages = series(everyDays(2025, 10, 3, 7, 15), {
      description: 'KESTREL DISTRIBUTI WAGES WK10',
      type: 'BankGiroCredit',
      amount: 480,
    }).map((t, k) => ({ ...t, description: `KESTREL DISTRIBUTI WAGES WK${10 + k}` }));
    const { recurrence } = report(wages);
    assert.equal(recurrence.groups.length, 1);
    assert.equal(first(recurrence.groups).cadence, 'weekly');
    assert.equal(first(recurrence.groups).direction, 'in');
  });

  test('irregular shopping, fewer than 3 occurrences and own transfers are not recurring', () => {
    const { records } = report([
      ...series(
        [
          [2025, 12, 1],
          [2025, 12, 3],
          [2025, 12, 4],
          [2025, 12, 9],
          [2025, 12, 10],
          [2025, 12, 20],
        ],
        { description: 'TESCO STORES 3217', amount: -30 },
      ),
      ...series(
        [
          [2025, 11, 5],
          [2025, 12, 5],
        ],
        { description: 'SPOTIFY', amount: -11.99 },
      ),
      ...series(monthlyDates(2025, 1, 2, 12), { description: 'TFR TO SAVINGS', amount: -100 }),
      ...series(monthlyDates(2025, 1, 2, 12), {
        accountId: 'savings',
        description: 'FROM CURRENT ACCOUNT',
        amount: 100,
      }),
    ]);
    assert.deepEqual(records, []);
  });

  test('only the last 12 complete months and this month are looked at', () => {
    const old = series(monthlyDates(2023, 1, 3, 12), { description: 'NETFLIX.COM', amount: -9.99 });
    assert.deepEqual(report(old).records, []);
  });

  test('each record also gives the category, the frequency and the next payment expected', () => {
    const energy = series(monthlyDates(2025, 1, 9, 13), { description: 'DD OCTOPUS ENERGY', type: 'DirectDebit' }).map(
      (t, k) => ({ ...t, amount: k < 11 ? -80 : -95 }),
    );
    const r = first(report(energy).records);
    assert.equal(r.category, 'energy');
    assert.equal(r.frequency, 'monthly');
    // the 9th of February 2026 is a Monday; the last three payments: 80, 95, 95
    assert.equal(r.next_expected_date, londonMidnight(dayFromCivil(2026, 2, 9)));
    assert.equal(r.next_expected_amount, -95);
  });

  test('a direct debit due on a Sunday is next expected on the Monday; a series that stopped has no next payment', () => {
    const gym = series(monthlyDates(2025, 1, 1, 13), {
      description: 'DD PUREGYM',
      type: 'DirectDebit',
      amount: -24.99,
    });
    const stopped = series(monthlyDates(2025, 1, 20, 8), { description: 'DD SCOTTISH POWER', type: 'DirectDebit' }).map(
      (t) => ({ ...t, amount: -60 }),
    );
    const { records } = report([...gym, ...stopped]);
    const byName = new Map(records.map((r) => [r.description, r]));
    assert.equal(byName.get('Scottish Power')?.next_expected_date, undefined);
    assert.equal(byName.get('Scottish Power')?.next_expected_amount, undefined);
    // 1 February 2026 is a Sunday
    assert.equal(byName.get('PureGym')?.next_expected_date, londonMidnight(dayFromCivil(2026, 2, 2)));
  });

  test('a returned direct debit and its re-presentation do not break the series; the reversal and the fee are left out', () => {
    const dd = series(monthlyDates(2025, 1, 10, 13), {
      description: 'DD OCTOPUS ENERGY',
      type: 'DirectDebit',
      amount: -80,
    });
    const reversal = aTransaction({ description: 'UNPAID DD', amount: 80, bookedAt: at(2025, 6, 11) });
    const fee = aTransaction({ description: 'UNPAID ITEM FEE', type: 'Charge', amount: -6, bookedAt: at(2025, 6, 12) });
    const again = aTransaction({
      description: 'DD OCTOPUS ENERGY',
      type: 'DirectDebit',
      amount: -80,
      bookedAt: at(2025, 6, 17),
    });
    const { recurrence, records } = report([...dd, reversal, fee, again]);
    assert.equal(records.length, 1);
    const r = first(records);
    assert.deepEqual([...r.transaction_ids].sort(), [...dd, again].map((t) => t.id).sort());
    assert.equal(first(recurrence.groups).days.length, 13); // the re-presentation counts with the payment it collects
    assert.ok(r.frequency_stability_of_transaction > 0.9);
  });

  test('bank charges, returned direct debits and cash withdrawals are never a series', () => {
    const fees = series(monthlyDates(2025, 1, 28, 13), { description: 'UNPAID ITEM FEE', type: 'Charge', amount: -6 });
    const returns = series(monthlyDates(2025, 1, 3, 13), { description: 'UNPAID DD', amount: 45 });
    const cash = series(monthlyDates(2025, 1, 14, 13), { description: 'CASHPOINT HALIFAX', amount: -20 });
    assert.deepEqual(report([...fees, ...returns, ...cash]).records, []);
  });

  test('two regular payments to one network, a contract and a handset loan, are two records', () => {
    const contract = series(monthlyDates(2025, 1, 8, 13), {
      description: 'DD EE LIMITED',
      type: 'DirectDebit',
      amount: -25,
    });
    const handset = series(monthlyDates(2025, 1, 22, 13), {
      description: 'DD EE LIMITED',
      type: 'DirectDebit',
      amount: -30,
    });
    const { records } = report([...contract, ...handset]);
    assert.deepEqual(
      records.map((r) => [r.description, r.average_amount, r.transaction_ids.length]),
      [
        ['EE', -30, 12], // the 22nd of this month is after asOf
        ['EE', -25, 13],
      ],
    );
  });

  test('a one-off purchase from a subscription payee is left out of its series', () => {
    const netflix = series(monthlyDates(2025, 1, 3, 13), { description: 'NETFLIX.COM', amount: -9.99 });
    const oneOff = aTransaction({ description: 'NETFLIX.COM', amount: -3.49, bookedAt: at(2025, 5, 19) });
    const { records } = report([...netflix, oneOff]);
    assert.equal(records.length, 1);
    assert.equal(first(records).transaction_ids.length, 13);
    assert.equal(first(records).amount_stability_of_transaction, 1);
  });
});

describe('recurrence › series that survive real life (docs/analytics.md, "Broken series")', () => {
  const months = monthlyDates(2025, 1, 3, 13);
  const gym = (dates: [number, number, number][]) =>
    series(dates, { description: 'DD HILLSIDE LEISURE CLUB', amount: -35.5, type: 'DirectDebit' });
  const notice = ([y, m, d]: [number, number, number]) =>
    aTransaction({ description: 'UNPAID DD HILLSIDE LEISURE CLUB', amount: 35.5, bookedAt: at(y, m, d + 1) });

  test('collections refused and listed only as "UNPAID" notices hold their place: one monthly series', () => {
    const refused = [2, 5, 8];
    const paid = gym(months.filter((_, i) => !refused.includes(i)));
    const { records } = report([...paid, ...refused.map((i) => notice(months[i] ?? [2025, 1, 3]))]);
    assert.equal(records.length, 1);
    assert.equal(first(records).frequency, 'monthly');
    assert.deepEqual(
      first(records).transaction_ids,
      paid.map((t) => t.id),
    );
  });

  test('notices of £0.00 (no money moved) hold their place too, at the amount of the series', () => {
    const refused = [2, 5, 8];
    const paid = gym(months.filter((_, i) => !refused.includes(i)));
    const zero = refused.map((i) => ({ ...notice(months[i] ?? [2025, 1, 3]), amount: 0 }));
    const { records } = report([...paid, ...zero]);
    assert.equal(records.length, 1);
    assert.equal(first(records).frequency, 'monthly');
    assert.equal(first(records).average_amount, -35.5, 'the notices add no amount');
    assert.deepEqual(
      first(records).transaction_ids,
      paid.map((t) => t.id),
    );
    const trailing = refused.map((i) => {
      const [y, m, d] = months[i] ?? [2025, 1, 3];
      return aTransaction({ description: 'HILLSIDE LEISURE CLUB UNP', amount: 0, bookedAt: at(y, m, d) });
    });
    assert.equal(first(report([...paid, ...trailing]).records).transaction_ids.length, paid.length, 'code trailing');
  });

  test('without the notices the same payments are no monthly series', () => {
    const { records } = report(gym(months.filter((_, i) => ![2, 5, 8].includes(i))));
    assert.ok(records.every((r) => r.frequency !== 'monthly' || r.transaction_ids.length < 10));
  });

  test('collections ten days late are taken in their month, not skipped', () => {
    const late = months.map(([y, m, d], i): [number, number, number] => [y, m, [2, 6, 9].includes(i) ? d + 10 : d]);
    const { records } = report(gym(late));
    assert.equal(records.length, 1);
    assert.equal(first(records).transaction_ids.length, 13);
  });

  test('a series that failed too often keeps its longest unbroken run', () => {
    const paid = gym(months.filter((_, i) => ![2, 4, 6].includes(i)));
    const { records } = report(paid);
    assert.equal(records.length, 1);
    assert.deepEqual(
      first(records).transaction_ids,
      paid.slice(-6).map((t) => t.id),
    );
  });

  test('a pension paid under two texts that alternate is one series', () => {
    const texts = ['NORTHERN COUNTIES PENSION PAYROLL', 'NORTHERN COUNTIES PENSION FUND'];
    const pension = monthlyDates(2025, 1, 16, 12).map(([y, m, d], k) =>
      aTransaction({ description: texts[k % 2] ?? '', amount: 304.12, bookedAt: at(y, m, d) }),
    );
    const { records } = report(pension);
    assert.equal(records.length, 1);
    assert.equal(first(records).transaction_ids.length, 12);
  });
});
