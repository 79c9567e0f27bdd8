import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyTransactions } from './classify.ts';
import { DAY, aTransaction, anAccount } from '../../../test/helpers/analytics-builders.ts';
import type { EngineTransaction } from '../types.ts';

const current = anAccount({ id: 'current', accountNumber: '20000012345678' });
const savings = anAccount({ id: 'savings', subType: 'Savings', accountNumber: '20000087654321' });
const card = anAccount({ id: 'card', subType: 'CreditCard', accountNumber: '5555444433332222' });
const accounts = [current, savings, card];
const T0 = 1_704_067_200;

function categories(transactions: EngineTransaction[], list = accounts): string[] {
  return classifyTransactions(transactions, list).map((r) => r.categoryId);
}

describe('own transfers › recognised', () => {
  test('"TO SAVINGS" out and the same amount into savings the next day', () => {
    const results = classifyTransactions(
      [
        aTransaction({ accountId: 'current', amount: -200, description: 'TFR TO SAVINGS', bookedAt: T0 }),
        aTransaction({
          accountId: 'savings',
          amount: 200,
          description: 'TRANSFER FROM CURRENT ACCOUNT',
          bookedAt: T0 + DAY,
        }),
      ],
      accounts,
    );
    assert.deepEqual(
      results.map((r) => r.categoryId),
      ['internal_transfer_out', 'internal_transfer_in'],
    );
    assert.deepEqual(
      results.map((r) => r.source),
      ['internal_transfer', 'internal_transfer'],
    );
    assert.deepEqual(
      results.map((r) => r.categoryName),
      ['Transfer to own account', 'Transfer from own account'],
    );
  });

  test('a plain bank transfer matched by amount on another own account within 3 days', () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -150, description: 'FPO MR A CUSTOMER', bookedAt: T0 }),
        aTransaction({ accountId: 'savings', amount: 150, description: 'FPI MR A CUSTOMER', bookedAt: T0 + 2 * DAY }),
      ]),
      ['internal_transfer_out', 'internal_transfer_in'],
    );
  });

  test("a credit-card repayment paired with the card account's payment received", () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -300, description: 'BARCLAYCARD', bookedAt: T0 }),
        aTransaction({ accountId: 'card', amount: 300, description: 'PAYMENT RECEIVED - THANK YOU', bookedAt: T0 }),
      ]),
      ['internal_transfer_out', 'internal_transfer_in'],
    );
  });

  test('own-transfer wording widens the window to 7 days', () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -100, description: 'TO SAVINGS', bookedAt: T0 }),
        aTransaction({ accountId: 'savings', amount: 100, description: 'CREDIT', bookedAt: T0 + 5 * DAY }),
      ]),
      ['internal_transfer_out', 'internal_transfer_in'],
    );
  });

  test('a description naming another own account number, even without its counterpart', () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -75, description: 'TRANSFER TO 20-00-00 87654321', bookedAt: T0 }),
      ]),
      ['internal_transfer_out'],
    );
  });

  test('each credit pairs with one debit only, the nearest in time', () => {
    const results = classifyTransactions(
      [
        aTransaction({ accountId: 'current', amount: -100, description: 'FPO A CUSTOMER', bookedAt: T0 }),
        aTransaction({ accountId: 'current', amount: -100, description: 'FPO A CUSTOMER', bookedAt: T0 + 2 * DAY }),
        aTransaction({ accountId: 'savings', amount: 100, description: 'FPI A CUSTOMER', bookedAt: T0 + 2 * DAY + 60 }),
      ],
      accounts,
    );
    assert.deepEqual(
      results.map((r) => r.categoryId),
      ['transfer_out', 'internal_transfer_out', 'internal_transfer_in'],
    );
  });
});

describe('own transfers › wording and account numbers UK statements use', () => {
  const isa = anAccount({ id: 'isa', subType: 'Savings', accountNumber: '20000011114321' });
  const pot = anAccount({ id: 'pot', subType: 'Savings', accountNumber: '04000433335555' });
  const list = [current, isa, pot];

  test('"TFR TO CASH ISA" pairs with the ISA\'s credit: an own transfer, not cash', () => {
    assert.deepEqual(
      categories(
        [
          aTransaction({ accountId: 'current', amount: -200, description: 'TFR TO CASH ISA', bookedAt: T0 }),
          aTransaction({ accountId: 'isa', amount: 200, description: 'TRANSFER IN', bookedAt: T0 + DAY }),
        ],
        list,
      ),
      ['internal_transfer_out', 'internal_transfer_in'],
    );
  });

  test('"TFR TO CASH ISA" with no counterpart is still an own transfer: the words say so', () => {
    assert.deepEqual(categories([aTransaction({ amount: -200, description: 'TFR TO CASH ISA', bookedAt: T0 })], list), [
      'internal_transfer_out',
    ]);
  });

  test('money put into an ISA at an investment firm is savings held elsewhere, not an own transfer', () => {
    assert.deepEqual(
      categories([aTransaction({ amount: -200, description: 'VANGUARD INVESTOR ISA', bookedAt: T0 })], list),
      ['savings_investments'],
    );
  });

  test("a TFR code alone before a person's name is a payment to that person", () => {
    assert.deepEqual(categories([aTransaction({ amount: -40, description: 'TFR J SMITH', bookedAt: T0 })], list), [
      'transfer_out',
    ]);
  });

  test('"TO A/C" with the number of another of the customer\'s accounts is own, without its counterpart', () => {
    assert.deepEqual(categories([aTransaction({ amount: -75, description: 'TO A/C 11114321', bookedAt: T0 })], list), [
      'internal_transfer_out',
    ]);
  });

  test('"TO A/C" with a number the customer did not connect is an own transfer by its words', () => {
    assert.deepEqual(categories([aTransaction({ amount: -75, description: 'TO A/C 99990000', bookedAt: T0 })], list), [
      'internal_transfer_out',
    ]);
  });

  test('a masked number on own-transfer wording names the account by its last four digits', () => {
    assert.deepEqual(
      categories([aTransaction({ amount: -60, description: 'TFR TO A/C ENDING 4321', bookedAt: T0 })], list),
      ['internal_transfer_out'],
    );
  });

  test('a masked number on a card payment proves nothing', () => {
    assert.deepEqual(
      categories([aTransaction({ amount: -60, description: 'TESCO STORES CARD ENDING 4321', bookedAt: T0 })], list),
      ['groceries'],
    );
  });

  const hints: [string, string, number][] = [
    ['MONZO POT TRANSFER', 'POT TRANSFER', 20],
    ['SAVINGS POT', 'SAVINGS POT', 15],
    ['ROUND UP', 'ROUND UP', 0.55],
    ['TO SAVINGS', 'CREDIT', 50],
  ];
  for (const [out, into, amount] of hints) {
    test(`"${out}" is an own-transfer hint: paired with "${into}" 5 days later`, () => {
      assert.deepEqual(
        categories(
          [
            aTransaction({ accountId: 'current', amount: -amount, description: out, bookedAt: T0 }),
            aTransaction({ accountId: 'pot', amount, description: into, bookedAt: T0 + 5 * DAY }),
          ],
          list,
        ),
        ['internal_transfer_out', 'internal_transfer_in'],
      );
    });
  }

  const inbound: [string, string][] = [
    ['FROM SAVINGS', 'FPO MR A CUSTOMER'],
    ['FROM ISA', 'FPO MR A CUSTOMER'],
    ['TFR FROM 20-00-00 11114321', 'FPO MR A CUSTOMER'],
    ['TFR FROM MR A CUSTOMER', 'FPO MR A CUSTOMER'],
  ];
  for (const [into, out] of inbound) {
    test(`"${into}" is an own-transfer hint on money in: paired 5 days after "${out}"`, () => {
      assert.deepEqual(
        categories(
          [
            aTransaction({ accountId: 'isa', amount: -120, description: out, bookedAt: T0 }),
            aTransaction({ accountId: 'current', amount: 120, description: into, bookedAt: T0 + 5 * DAY }),
          ],
          list,
        ),
        ['internal_transfer_out', 'internal_transfer_in'],
      );
    });
  }
});

describe('own transfers › not recognised', () => {
  test('a plain transfer matched only 5 days later', () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -150, description: 'FPO MR A CUSTOMER', bookedAt: T0 }),
        aTransaction({ accountId: 'savings', amount: 150, description: 'FPI MR A CUSTOMER', bookedAt: T0 + 5 * DAY }),
      ]),
      ['transfer_out', 'transfer_in'],
    );
  });

  test('amounts that differ by a penny', () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -150, description: 'FPO A N OTHER', bookedAt: T0 }),
        aTransaction({ accountId: 'savings', amount: 150.01, description: 'TRANSFER IN', bookedAt: T0 }),
      ]),
      ['transfer_out', 'transfer_in'],
    );
  });

  test('a debit and credit on the same account (a returned payment is not an own transfer)', () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -60, description: 'FPO J SMITH', bookedAt: T0 }),
        aTransaction({ accountId: 'current', amount: 60, description: 'FPI J SMITH', bookedAt: T0 + DAY }),
      ]),
      ['transfer_out', 'transfer_in'],
    );
  });

  test('a card purchase that happens to equal a transfer into savings', () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -50, description: 'TESCO STORES 3217', bookedAt: T0 }),
        aTransaction({ accountId: 'savings', amount: 50, description: 'FPI A FRIEND', bookedAt: T0 }),
      ]),
      ['groceries', 'transfer_in'],
    );
  });

  test('different currencies', () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -100, description: 'FPO A CUSTOMER', bookedAt: T0 }),
        aTransaction({
          accountId: 'savings',
          amount: 100,
          currency: 'EUR',
          description: 'FPI A CUSTOMER',
          bookedAt: T0,
        }),
      ]),
      ['transfer_out', 'transfer_in'],
    );
  });

  test('with a single account, own-transfer wording is enough: the savings account is just not connected', () => {
    assert.deepEqual(
      categories(
        [
          aTransaction({ accountId: 'current', amount: -100, description: 'TFR TO SAVINGS', bookedAt: T0 }),
          aTransaction({ accountId: 'current', amount: -25, description: 'Summer Pot', bookedAt: T0 }),
          aTransaction({ accountId: 'current', amount: -100, description: 'FPO A N OTHER', bookedAt: T0 }),
        ],
        [current],
      ),
      ['internal_transfer_out', 'internal_transfer_out', 'transfer_out'],
    );
  });

  test('a bank charge never pairs', () => {
    assert.deepEqual(
      categories([
        aTransaction({ accountId: 'current', amount: -5, description: 'UNARRANGED OVERDRAFT FEE', bookedAt: T0 }),
        aTransaction({ accountId: 'savings', amount: 5, description: 'FPI A FRIEND', bookedAt: T0 }),
      ]),
      ['bank_charges', 'transfer_in'],
    );
  });
});
