import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Persona, Truth } from './model.ts';
import {
  DAY_SECONDS,
  civilFromDay,
  dayFromCivil,
  isWorkingDay,
  lastWorkingDayOfMonth,
  londonDay,
  monthOfDay,
  weekday,
  workingDayOnOrBefore,
} from './calendar.ts';
import {
  AS_OF,
  AS_OF_SUMMER,
  MARKER_TEXT,
  PERSONA_NAMES,
  byAccount,
  labelled,
  pence,
  persona,
} from '../../test/helpers/persona-support.ts';

type Markers = Pick<
  Truth,
  | 'gambling'
  | 'paydayLoan'
  | 'bnpl'
  | 'debtCollection'
  | 'returnedDirectDebit'
  | 'bankCharges'
  | 'overdraft'
  | 'ownTransfers'
>;
const NONE: Markers = {
  gambling: false,
  paydayLoan: false,
  bnpl: false,
  debtCollection: false,
  returnedDirectDebit: false,
  bankCharges: false,
  overdraft: false,
  ownTransfers: false,
};

/** What each persona is meant to show in a two-year history. */
const EXPECTED: Record<
  string,
  {
    markers: Partial<Markers>;
    salary: string | null;
    housing: Truth['housing'];
    councilTax: boolean;
    benefits: Truth['benefits'];
  }
> = {
  'salaried-monthly': {
    markers: { ownTransfers: true },
    salary: 'Monthly',
    housing: 'rent',
    councilTax: true,
    benefits: [],
  },
  'weekly-paid': { markers: {}, salary: 'Weekly', housing: 'rent', councilTax: true, benefits: [] },
  'fortnightly-paid': { markers: {}, salary: 'Fortnightly', housing: 'rent', councilTax: true, benefits: [] },
  'mortgage-holder': {
    markers: { ownTransfers: true },
    salary: 'Monthly',
    housing: 'mortgage',
    councilTax: true,
    benefits: [],
  },
  pensioner: { markers: { ownTransfers: true }, salary: null, housing: null, councilTax: true, benefits: [] },
  benefits: {
    markers: {},
    salary: null,
    housing: 'rent',
    councilTax: true,
    benefits: ['universal_credit', 'child_benefit'],
  },
  gambler: { markers: { gambling: true }, salary: 'Monthly', housing: 'rent', councilTax: true, benefits: [] },
  'payday-borrower': {
    markers: { paydayLoan: true },
    salary: 'Monthly',
    housing: 'rent',
    councilTax: true,
    benefits: [],
  },
  'bnpl-shopper': { markers: { bnpl: true }, salary: 'Monthly', housing: 'rent', councilTax: true, benefits: [] },
  'debt-collection': {
    markers: { debtCollection: true },
    salary: 'Weekly',
    housing: 'rent',
    councilTax: true,
    benefits: ['universal_credit'],
  },
  overdrawn: {
    markers: { returnedDirectDebit: true, bankCharges: true, overdraft: true },
    salary: 'Monthly',
    housing: 'rent',
    councilTax: true,
    benefits: [],
  },
  'business-sole-trader': {
    markers: { ownTransfers: true },
    salary: null,
    housing: null,
    councilTax: false,
    benefits: [],
  },
  'business-limited': { markers: { ownTransfers: true }, salary: null, housing: null, councilTax: false, benefits: [] },
  'thin-file': { markers: {}, salary: 'Monthly', housing: null, councilTax: false, benefits: [] },
  'new-employer': {
    markers: { ownTransfers: true },
    salary: 'Monthly',
    housing: 'rent',
    councilTax: true,
    benefits: [],
  },
  'loss-of-income': {
    markers: { ownTransfers: true },
    salary: 'Monthly',
    housing: 'rent',
    councilTax: true,
    benefits: [],
  },
};

const hasText = (p: Persona, re: RegExp): boolean => p.transactions.some((t) => re.test(t.name));
const dayOf = (ts: number): number => londonDay(ts);

/** Differences between consecutive days of a list. */
function gaps(days: readonly number[]): number[] {
  const out: number[] = [];
  let previous: number | undefined;
  for (const day of days) {
    if (previous !== undefined) out.push(day - previous);
    previous = day;
  }
  return out;
}

describe('personas › truth', () => {
  test('every persona in the catalogue has expectations', () => {
    assert.deepEqual(Object.keys(EXPECTED).sort(), [...PERSONA_NAMES].sort());
  });

  for (const name of PERSONA_NAMES) {
    test(`${name} › plants what it says and nothing else`, () => {
      for (const [seed, asOf] of [
        [7, AS_OF],
        [21, AS_OF_SUMMER],
      ] as const) {
        const p = persona(name, seed, 2, asOf);
        const e = EXPECTED[name];
        assert.ok(e, `${name} has expectations`);
        const t = p.truth;
        for (const [k, v] of Object.entries({ ...NONE, ...e.markers }))
          assert.equal(t[k as keyof Markers], v, `${name} ${k}`);
        assert.equal(t.salary?.frequency ?? null, e.salary, 'salary');
        assert.equal(t.housing, e.housing, 'housing');
        assert.equal(t.councilTax !== null, e.councilTax, 'council tax');
        assert.deepEqual(t.benefits, e.benefits, 'benefits');
      }
    });

    test(`${name} › the truth agrees with the statement texts`, () => {
      const p = persona(name);
      const t = p.truth;
      for (const key of [
        'gambling',
        'paydayLoan',
        'bnpl',
        'debtCollection',
        'returnedDirectDebit',
        'bankCharges',
      ] as const) {
        assert.equal(hasText(p, MARKER_TEXT[key]), t[key], `${key} text`);
      }
      assert.equal(hasText(p, MARKER_TEXT.councilTax), t.councilTax !== null, 'council tax text');
      assert.equal(hasText(p, MARKER_TEXT.benefits), t.benefits.length > 0, 'benefit text');
      const negative = p.transactions.some((x) => x.status === 'Booked' && x.balance.amount < 0);
      assert.equal(negative, t.overdraft, 'overdraft');
      for (const [label, n] of Object.entries(t.counts)) assert.equal(labelled(p, label).length, n, label);
    });
  }
});

describe('personas › income patterns', () => {
  test('a monthly salary paid on the last working day lands on it (earlier for weekends and bank holidays)', () => {
    const p = persona('salaried-monthly', 7, 5);
    const pay = labelled(p, 'salary');
    assert.ok(pay.length >= 59);
    for (const t of pay)
      assert.equal(dayOf(t.booking_date_time), lastWorkingDayOfMonth(monthOfDay(dayOf(t.booking_date_time))));
    // Good Friday 2024 was 29 March and the 31st a Sunday: paid Thursday 28 March.
    assert.ok(
      pay.some(
        (t) =>
          civilFromDay(dayOf(t.booking_date_time)).month === 3 && civilFromDay(dayOf(t.booking_date_time)).day === 28,
      ),
    );
    assert.equal(p.truth.salary?.payDay, 'last working day');
    assert.equal(p.truth.salary?.amount, pay.at(-1)?.amount);
    assert.equal(p.truth.salary?.count, pay.length);
  });

  test('weekly pay comes every Friday, or the working day before; fortnightly every other Thursday', () => {
    const weekly = labelled(persona('weekly-paid'), 'salary');
    for (const t of weekly) {
      const d = dayOf(t.booking_date_time);
      assert.ok(
        weekday(d) === 5 || (isWorkingDay(d) && !isWorkingDay(d + (5 - weekday(d)))),
        `weekly on ${civilFromDay(d).day}`,
      );
    }
    assert.ok(new Set(weekly.map((t) => t.amount)).size > 20, 'overtime makes the amounts vary');
    const fortnightly = labelled(persona('fortnightly-paid'), 'salary').map((t) => dayOf(t.booking_date_time));
    for (const gap of gaps(fortnightly)) assert.ok(Math.abs(gap - 14) <= 3);
  });

  test('State Pension every four weeks, private pension monthly, Universal Credit monthly, Child Benefit four-weekly', () => {
    const p = persona('pensioner');
    const state = p.transactions.filter((t) => /DWP SP/.test(t.name)).map((t) => dayOf(t.booking_date_time));
    assert.ok(state.length >= 25);
    for (const gap of gaps(state)) assert.ok(Math.abs(gap - 28) <= 4);
    assert.equal(p.truth.pension?.state?.frequency, 'FourWeekly');
    assert.equal(p.truth.pension?.private?.frequency, 'Monthly');
    const b = persona('benefits');
    const uc = labelled(b, 'universal_credit').map((t) => dayOf(t.booking_date_time));
    for (const d of uc) {
      const c = civilFromDay(d);
      assert.equal(d, workingDayOnOrBefore(dayFromCivil(c.year, c.month, 17)), 'the 17th, or the working day before');
    }
    const chb = labelled(b, 'child_benefit').map((t) => dayOf(t.booking_date_time));
    for (const gap of gaps(chb)) assert.ok(Math.abs(gap - 28) <= 4, 'Easter moves a Monday payment to Thursday');
  });

  test('a new employer replaces the old one: the old stops before the new starts', () => {
    const p = persona('new-employer');
    const ne = p.truth.newEmployer;
    assert.ok(ne);
    const old = p.truth.salaries.find((s) => s.source === ne.previous);
    assert.ok(old && old.lastPaid < ne.firstPaid);
    assert.equal(p.truth.salary?.source, ne.current);
    assert.ok(p.truth.salaries.find((s) => s.source === ne.current)?.payDay.startsWith('25'));
  });

  test('loss of income: no salary in the two months before asOf, salary before that', () => {
    const p = persona('loss-of-income');
    const pay = labelled(p, 'salary');
    assert.ok(pay.length >= 20);
    assert.ok(pay.every((t) => t.booking_date_time < p.asOf - 61 * DAY_SECONDS));
    const lastPay = pay.at(-1);
    assert.ok(lastPay && lastPay.booking_date_time > p.asOf - 95 * DAY_SECONDS);
    assert.equal(p.truth.lossOfIncome?.lastPaid, p.truth.salary?.lastPaid);
  });
});

describe('personas › outgoing patterns', () => {
  test('council tax: ten instalments April to January to a real council, none in February and March', () => {
    const p = persona('salaried-monthly', 7, 3);
    const ctax = labelled(p, 'council_tax');
    assert.ok(ctax.every((t) => /LEEDS CC CTAX/.test(t.name)));
    assert.ok(ctax.every((t) => ![2, 3].includes(civilFromDay(dayOf(t.booking_date_time)).month)));
    const perTaxYear = new Map<number, number>();
    for (const t of ctax) {
      const c = civilFromDay(dayOf(t.booking_date_time));
      const ty = c.month >= 4 ? c.year : c.year - 1;
      perTaxYear.set(ty, (perTaxYear.get(ty) ?? 0) + 1);
    }
    assert.ok([...perTaxYear.values()].every((n) => n <= 10));
    assert.ok([...perTaxYear.values()].some((n) => n === 10));
    assert.equal(p.truth.councilTax?.council, 'Leeds City Council');
  });

  test('the gambler bets more in the last six months than in the first six of two years, and sometimes wins', () => {
    const p = persona('gambler');
    const stakes = labelled(p, 'gambling');
    const early = stakes.filter((t) => t.booking_date_time < p.from + 183 * DAY_SECONDS);
    const late = stakes.filter((t) => t.booking_date_time > p.asOf - 183 * DAY_SECONDS);
    assert.ok(late.length > early.length * 1.5, `${early.length} → ${late.length}`);
    assert.ok(stakes.every((t) => t.merchant_details?.merchant_category_code === '7995'));
    assert.ok(labelled(p, 'gambling_winnings').length > 5);
  });

  test('payday loans: each credit from a lender is followed by repayments to the same lender', () => {
    const p = persona('payday-borrower', 7, 3);
    const credits = labelled(p, 'payday_loan_income');
    const repayments = labelled(p, 'payday_loan_repayments');
    assert.ok(credits.length >= 5 && repayments.length >= credits.length * 3);
    for (const c of credits.slice(0, -1)) {
      const lender = ['LENDING STREAM', 'DRAFTY', 'MONEYBOAT'].find((l) => c.name.includes(l));
      assert.ok(lender);
      assert.ok(repayments.some((r) => r.name.includes(lender) && r.booking_date_time > c.booking_date_time));
    }
    const repaid = repayments.reduce((a, t) => a - t.amount, 0);
    const lent = credits.reduce((a, t) => a + t.amount, 0);
    assert.ok(repaid > lent, 'high-cost credit costs more than it lends');
  });

  test('BNPL: instalments of one purchase recur with the provider rhythm', () => {
    const p = persona('bnpl-shopper');
    const klarna = labelled(p, 'bnpl').filter((t) => t.name.startsWith('KLARNA'));
    assert.ok(klarna.length > 6);
    const byText = new Map<string, number[]>();
    for (const t of labelled(p, 'bnpl'))
      byText.set(t.name, [...(byText.get(t.name) ?? []), dayOf(t.booking_date_time)]);
    assert.ok([...byText.values()].some((days) => days.length >= 3));
  });

  test('debt collection: monthly payments to Lowell and, from mid-2022, Cabot', () => {
    const p = persona('debt-collection', 7, 5);
    const dc = labelled(p, 'debt_collection');
    assert.ok(dc.some((t) => t.name.includes('LOWELL PORTFOLIO I')));
    assert.ok(dc.some((t) => t.name.includes('CABOT FINANCIAL')));
    assert.ok(
      dc
        .filter((t) => t.name.includes('CABOT'))
        .every((t) => t.booking_date_time >= Date.UTC(2022, 5, 20) / 1000 - DAY_SECONDS),
    );
  });

  test('returned direct debits: a DD, its reversal the same day, an unpaid item fee next day', () => {
    const p = persona('overdrawn');
    const lists = byAccount(p);
    const [current] = p.accounts;
    assert.ok(current);
    const txns = lists.get(current.number) ?? [];
    const reversals = txns.filter((t) => /UNPAID DD/.test(t.name));
    assert.ok(reversals.length > 0);
    for (const r of reversals) {
      const dd = txns.find(
        (t) =>
          t.type === 'DirectDebit' &&
          t.amount === -r.amount &&
          t.booking_date_time < r.booking_date_time &&
          r.booking_date_time - t.booking_date_time <= 120,
      );
      assert.ok(dd, r.name);
      assert.ok(dd.name.startsWith(r.name.replace('UNPAID DD ', '')), `${r.name} / ${dd.name}`);
      const fee = txns.find(
        (t) =>
          /UNPAID ITEM/.test(t.name) &&
          t.booking_date_time > r.booking_date_time &&
          t.booking_date_time - r.booking_date_time < 2 * DAY_SECONDS,
      );
      if (r.booking_date_time < p.asOf - 2 * DAY_SECONDS) assert.ok(fee, 'fee follows');
    }
    assert.ok(txns.some((t) => /OVERDRAFT INTEREST/.test(t.name)));
  });

  test('own transfers: same amount out and in between the customer’s accounts within a day', () => {
    for (const name of PERSONA_NAMES) {
      const p = persona(name);
      const outs = labelled(p, 'internal_transfer_out');
      const ins = labelled(p, 'internal_transfer_in');
      assert.equal(outs.length, ins.length, name);
      for (const o of outs) {
        const match = ins.find(
          (i) =>
            i.amount === -o.amount &&
            i.account_number !== o.account_number &&
            Math.abs(i.booking_date_time - o.booking_date_time) < DAY_SECONDS,
        );
        assert.ok(match, `${name} ${o.name}`);
      }
    }
  });

  test('a business account has acquirer settlements, quarterly VAT, payroll and no personal markers', () => {
    for (const name of ['business-sole-trader', 'business-limited']) {
      const p = persona(name);
      assert.equal(p.accountType, 'Business');
      assert.ok(p.accounts.every((a) => a.type === 'Business'));
      assert.ok(p.truth.business?.vat && p.truth.business.payroll);
      const vat = labelled(p, 'hmrc_vat');
      assert.ok(vat.length >= 7 && vat.length <= 9, `${vat.length} VAT payments in two years`);
      assert.ok(vat.every((t) => t.type === 'DirectDebit' && /HMRC VAT/.test(t.name)));
      assert.ok(labelled(p, 'card_settlements').length > 300);
      assert.ok(labelled(p, 'payroll').length >= 24);
    }
    const [soleTraderPayout] = labelled(persona('business-sole-trader'), 'card_settlements');
    const [limitedPayout] = labelled(persona('business-limited'), 'card_settlements');
    assert.ok(soleTraderPayout && limitedPayout);
    assert.match(soleTraderPayout.name, /SUMUP/);
    assert.match(limitedPayout.name, /STRIPE/);
  });

  test('card payments carry merchant details with a 4-digit MCC', () => {
    const p = persona('salaried-monthly');
    const cards = p.transactions.filter((t) => t.type === 'CardPayment');
    assert.ok(cards.length > 300);
    assert.ok(
      cards.every(
        (t) => /^\d{4}$/.test(t.merchant_details?.merchant_category_code ?? '') && t.merchant_details?.merchant_name,
      ),
    );
    const mccs = new Set(cards.map((t) => t.merchant_details?.merchant_category_code));
    for (const mcc of ['5411', '5814', '5541']) assert.ok(mccs.has(mcc), mcc);
    assert.ok(pence(labelled(p, 'groceries').reduce((a, t) => a + t.amount, 0)) < 0);
  });
});
