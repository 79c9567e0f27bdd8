import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dayFromCivil, isoDate } from '../calendar/london.ts';
import { workingDayOnOrAfter } from '../calendar/working-days.ts';
import { splitSeries } from './split-series.ts';
import type { Occurrence } from './split-series.ts';

let row = 0;
const at = (y: number, m: number, d: number, amount: number): Occurrence => ({
  day: dayFromCivil(y, m, d),
  amount,
  rows: [row++],
});
/** A direct debit due on `day` of each month from (y, m), collected on the working day on or after. */
const debits = (y: number, m: number, day: number, count: number, amount: (k: number) => number): Occurrence[] =>
  Array.from({ length: count }, (_, k) => {
    const month = m - 1 + k;
    const due = dayFromCivil(y + Math.floor(month / 12), (month % 12) + 1, day);
    return { day: workingDayOnOrAfter(due), amount: amount(k), rows: [row++] };
  });
const byDay = (list: Occurrence[]): Occurrence[] => [...list].sort((a, b) => a.day - b.day);
const dates = (o: readonly Occurrence[]): string[] => o.map((x) => isoDate(x.day));

/** Deterministic "random" numbers in [0, 1) for shopping that has no rhythm. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('recurrence › series by amount and cadence', () => {
  test('a monthly direct debit with a skipped month is one series of 12, the skip tolerated', () => {
    const all = debits(2025, 1, 5, 13, () => -45);
    const skipped = all.filter((_, k) => k !== 6);
    const [series, ...rest] = splitSeries(skipped);
    assert.equal(rest.length, 0);
    assert.equal(series?.frequency, 'monthly');
    assert.equal(series?.occurrences.length, 12);
  });

  test('a payment made late (5 days) stays in the series', () => {
    const all = debits(2025, 1, 5, 13, () => -45);
    const late = all.map((o, k) => (k === 4 ? { ...o, day: o.day + 5 } : o));
    const [series] = splitSeries(late);
    assert.equal(series?.occurrences.length, 13);
  });

  test('a one-off to the same payee, of another amount or on another day, is left out without breaking the series', () => {
    const regular = debits(2025, 1, 3, 13, () => -9.99);
    const oneOffs = [at(2025, 3, 20, -3.49), at(2025, 7, 4, -3.49), at(2025, 9, 15, -9.99)];
    const found = splitSeries(byDay([...regular, ...oneOffs]));
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]?.occurrences, regular);
  });

  test('a phone contract and a handset loan to one network on different days are two series', () => {
    const contract = debits(2025, 1, 8, 13, () => -25);
    const handset = debits(2025, 1, 22, 13, () => -30.5);
    const found = splitSeries(byDay([...contract, ...handset]));
    assert.equal(found.length, 2);
    const amounts = found.map((s) => [...new Set(s.occurrences.map((o) => o.amount))]).sort();
    assert.deepEqual(amounts, [[-25], [-30.5]]);
  });

  test('the same, when the contract follows usage (25–32) and the handset loan is fixed', () => {
    const usage = [25, 27.4, 31.9, 26, 25, 29.5, 32, 25, 28.1, 25, 26.6, 30, 25];
    const contract = debits(2025, 1, 8, 13, (k) => -(usage[k] ?? 25));
    const handset = debits(2025, 1, 22, 13, () => -30);
    const found = splitSeries(byDay([...contract, ...handset]));
    assert.equal(found.length, 2);
    assert.ok(found.every((s) => s.occurrences.length === 13));
  });

  test('a price rise that persists (10.99 → 12.99) is one series', () => {
    const streaming = debits(2025, 1, 12, 13, (k) => (k < 6 ? -10.99 : -12.99));
    const found = splitSeries(streaming);
    assert.equal(found.length, 1);
    assert.equal(found[0]?.occurrences.length, 13);
  });

  test('a one-month spike in the amount is left out (a skip is cheaper than two price changes)', () => {
    const bills = debits(2025, 1, 12, 13, (k) => (k === 5 ? -16 : -10));
    const [series] = splitSeries(bills);
    assert.equal(series?.occurrences.length, 12);
    assert.ok(series?.occurrences.every((o) => o.amount === -10));
  });

  test('a card subscription renewing on varying days (±3) is found', () => {
    const offsets = [0, 2, -1, 3, 0, -3, 1, 0, 2, -2, 0, 3, 1];
    const card = offsets.map((d, k) => ({ ...at(2025, 1 + k, 15, -7.99), day: dayFromCivil(2025, 1 + k, 15) + d }));
    assert.equal(splitSeries(card)[0]?.occurrences.length, 13);
  });

  test('council tax in ten instalments (none in February and March) is one series', () => {
    const tax = debits(2025, 1, 1, 13, () => -152).filter((_, k) => k !== 1 && k !== 2);
    const [series] = splitSeries(tax);
    assert.equal(series?.occurrences.length, 11);
    assert.equal(series?.frequency, 'monthly');
  });

  test('four-weekly and quarterly rhythms', () => {
    const fourWeekly = Array.from({ length: 14 }, (_, k) => at(2025, 1, 7 + 28 * k, 344.2));
    assert.equal(splitSeries(fourWeekly)[0]?.frequency, 'four_weekly');
    const quarterly = [at(2025, 1, 15, -90), at(2025, 4, 15, -90), at(2025, 7, 15, -90), at(2025, 10, 15, -90)];
    assert.equal(splitSeries(quarterly)[0]?.frequency, 'quarterly');
  });

  test('a credit card paid in full each month (amounts follow the balance) is one series of any amounts', () => {
    const balances = [236.8, 178.7, 272.9, 344.9, 152, 260.7, 215.7, 191.8, 185.6, 217, 412.9, 254.2, 198.6];
    const [series] = splitSeries(debits(2025, 1, 5, 13, (k) => -(balances[k] ?? 0)));
    assert.equal(series?.occurrences.length, 13);
  });

  test('a supermarket visited several times a month is not a series, whatever chains its days allow', () => {
    const next = random(7);
    const shopping: Occurrence[] = [];
    for (let d = 0; d < 390; d += 1 + Math.floor(next() * 6))
      shopping.push({
        day: dayFromCivil(2025, 1, 1) + d,
        amount: -Math.round(500 + next() * 9000) / 100,
        rows: [row++],
      });
    assert.deepEqual(splitSeries(shopping), []);
  });

  test('three purchases a month apart at a payee shopped at in between are not a series unless amounts are identical', () => {
    const three = [at(2025, 3, 9, -21.4), at(2025, 4, 8, -23.1), at(2025, 5, 10, -22.05)];
    const between = [at(2025, 3, 20, -8.5), at(2025, 4, 22, -41), at(2025, 2, 11, -15)];
    assert.deepEqual(splitSeries(byDay([...three, ...between])), []);
    const subscription = [at(2025, 3, 9, -7.99), at(2025, 4, 9, -7.99), at(2025, 5, 9, -7.99)];
    assert.equal(splitSeries(byDay([...subscription, ...between]))[0]?.occurrences.length, 3);
  });

  test('a fixed-price subscription billed by a busy supermarket is found among the shopping', () => {
    const next = random(11);
    const shopping: Occurrence[] = [];
    for (let d = 0; d < 390; d += 1 + Math.floor(next() * 3))
      shopping.push({
        day: dayFromCivil(2025, 1, 1) + d,
        amount: -Math.round(300 + next() * 9000) / 100,
        rows: [row++],
      });
    const clubcard = debits(2025, 1, 17, 13, () => -7.99);
    const found = splitSeries(byDay([...shopping, ...clubcard]));
    assert.equal(found.length, 1);
    assert.deepEqual(dates(found[0]?.occurrences ?? []), dates(clubcard));
  });

  test('a price bought more often than any rhythm (a meal deal most days) is not a subscription', () => {
    const next = random(3);
    const mealDeals: Occurrence[] = [];
    for (let d = 0; d < 390; d += 1 + Math.floor(next() * 3))
      mealDeals.push({ day: dayFromCivil(2025, 1, 1) + d, amount: -3.85, rows: [row++] });
    assert.deepEqual(splitSeries(mealDeals), []);
  });

  test('fewer than three occurrences, or two a month apart, are no series', () => {
    assert.deepEqual(splitSeries([at(2025, 11, 5, -11.99), at(2025, 12, 5, -11.99)]), []);
  });

  test('a series paused and resumed on the same day of the month is one series (a second loan from the lender)', () => {
    const first = debits(2025, 1, 28, 3, () => -128.4);
    const again = debits(2025, 8, 28, 4, () => -128.4);
    const found = splitSeries([...first, ...again]);
    assert.equal(found.length, 1);
    assert.equal(found[0]?.occurrences.length, 7);
  });

  test('weekly pay that follows the hours worked, with a summer break, is one series of any amounts', () => {
    const next = random(5);
    const pay: Occurrence[] = [];
    for (let week = 0; week < 56; week++) {
      if (week >= 30 && week < 38) continue; // July and August off
      pay.push({
        day: dayFromCivil(2025, 1, 1) + 7 * week,
        amount: Math.round(7200 + next() * 9200) / 100,
        rows: [row++],
      });
    }
    const found = splitSeries(pay);
    assert.equal(found.length, 1);
    assert.equal(found[0]?.frequency, 'weekly');
    assert.equal(found[0]?.occurrences.length, 48);
  });
});
