/**
 * One test per classification rule (docs/classification.md), each on statement text as UK banks print it.
 * Own-transfer pairing, which needs the customer's accounts, is tested in own-transfers.test.ts.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyTransaction } from './classify.ts';
import { aTransaction } from '../../../test/helpers/analytics-builders.ts';
import type { EngineTransaction } from '../types.ts';

function classify(overrides: Partial<EngineTransaction>) {
  return classifyTransaction(aTransaction(overrides), 'Personal');
}

/** [description, amount, other fields, expected category] */
type Case = [string, number, Partial<EngineTransaction>, string];

function table(cases: readonly Case[]): void {
  for (const [description, amount, fields, expected] of cases) {
    test(`${JSON.stringify(description)} ${amount}${fields.mcc ? ` MCC ${fields.mcc}` : ''}${fields.type ? ` ${fields.type}` : ''} → ${expected}`, () => {
      assert.equal(classify({ description, amount, ...fields }).categoryId, expected);
    });
  }
}

describe('classify › what happened comes before who was paid', () => {
  test('the fee row of an unpaid direct debit is a bank charge, and names no payee', () => {
    const result = classify({ description: 'UNPAID DD BRITISH GAS FEE', amount: -25 });
    assert.equal(result.categoryId, 'bank_charges');
    assert.equal(result.merchant, null);
  });
  test('the unpaid direct debit itself stays a returned direct debit, with its payee', () => {
    const result = classify({ description: 'UNPAID DD BRITISH GAS', amount: -80 });
    assert.equal(result.categoryId, 'returned_direct_debit');
    assert.equal(result.merchant, 'British Gas');
  });
  describe('fees for returned and paid items are bank charges', () => {
    table([
      ['RETURNED DD FEE', -25, {}, 'bank_charges'],
      ['UNPAID ITEM CHARGE', -6, {}, 'bank_charges'],
      ['UNPAID ITEM FEE', -6, {}, 'bank_charges'],
      ['PAID ITEM FEE', -6, {}, 'bank_charges'],
      ['UNPAID DD FEE BRITISH GAS', -25, {}, 'bank_charges'],
    ]);
  });
  test('a fee word inside a payee name does not make an unpaid direct debit a fee', () => {
    assert.equal(
      classify({ description: 'UNPAID DD CONGESTION CHARGE', amount: -15 }).categoryId,
      'returned_direct_debit',
    );
  });
  test("the bank's own type Charge is a bank charge whatever payee the text names", () => {
    assert.equal(classify({ description: 'AMAZON UK', amount: -2.5, type: 'Charge' }).categoryId, 'bank_charges');
  });
  test('an ATM merchant category code is cash, not the shop that houses the machine', () => {
    assert.equal(
      classify({ description: 'TESCO STORES 3217', amount: -20, mcc: '6011' }).categoryId,
      'cash_withdrawal',
    );
  });
});

describe('classify › a known payee beats the merchant category code', () => {
  test('Tesco under a fuel code is still Tesco', () => {
    const result = classify({ description: 'TESCO STORES 3217', amount: -30, mcc: '5541', type: 'CardPayment' });
    assert.equal(result.categoryId, 'groceries');
    assert.equal(result.source, 'merchant');
  });
  test('money back on a card from a known payee stays a refund', () => {
    assert.equal(classify({ description: 'TESCO STORES 3217', amount: 12, mcc: '5411' }).categoryId, 'refund');
  });
  test('a one-word name from the generated brand table gives way to the code (likeliest false friend)', () => {
    const result = classify({ description: 'CAR PARK ATTENDANT', amount: -4, mcc: '7523', type: 'CardPayment' });
    assert.equal(result.categoryId, 'transport');
    assert.equal(result.source, 'mcc');
  });
  test('METRO on a card payment is transport (the brand table calls it fuel; our list corrects it)', () => {
    const result = classify({ description: 'METRO', amount: -3.4, type: 'CardPayment' });
    assert.equal(result.categoryId, 'transport');
    assert.equal(result.merchant, 'Metro');
  });
  test('METRO BANK is a bank, which names no category by itself', () => {
    const result = classify({ description: 'METRO BANK', amount: -100 });
    assert.equal(result.merchant, 'Metro Bank');
    assert.equal(result.categoryId, 'other_expenditure');
  });
});

describe('classify › BP: a bill-payment code or the fuel brand', () => {
  table([
    ['BP THAMES WATER', -38, {}, 'water'],
    ['BP SERVICE CHARGE', -120, {}, 'rent'],
    ['BP J SMITH', -30, {}, 'transfer_out'],
    ['BP CONNECT STOCKWELL', -45, {}, 'fuel'],
    ['BP EXPRESS', -45, {}, 'fuel'],
    ['BP', -40, { mcc: '5542' }, 'fuel'],
  ]);
  test('"BP" before a place on a card payment is the fuel brand', () => {
    const result = classify({ description: 'BP  LEEDS GB', amount: -40, type: 'CardPayment' });
    assert.equal(result.categoryId, 'fuel');
    assert.equal(result.merchant, 'BP');
  });
});

describe('classify › keywords: the most specific word wins', () => {
  test('MORTGAGE beats LOAN', () => {
    assert.equal(classify({ description: 'DD LOAN MORTGAGE', amount: -500 }).categoryId, 'mortgage');
  });
  table([
    ['NATIONWIDE BS MTG', -650, {}, 'mortgage'],
    ['SKIPTON BS MORTGAGE', -610, {}, 'mortgage'],
    ['DD METRO BANK MORTGAGE', -700, {}, 'mortgage'],
    ['KENSINGTON MORTGAGES', -900, {}, 'mortgage'],
  ]);
  test('TFR TO CASH ISA is money moved to savings, never cash', () => {
    assert.equal(classify({ description: 'TFR TO CASH ISA', amount: -200 }).categoryId, 'savings_investments');
  });
  test('CASH on a transfer to a person is not a cash withdrawal', () => {
    assert.equal(classify({ description: 'FPO J SMITH CASH', amount: -40 }).categoryId, 'transfer_out');
  });
  test('a transfer to an account number we do not hold stays a transfer', () => {
    assert.equal(classify({ description: 'TO A/C 12345678', amount: -200 }).categoryId, 'transfer_out');
  });
});

describe('classify › housing words name a landlord only on money out', () => {
  test('money in from a care-home company is not rent received', () => {
    assert.equal(classify({ description: 'FPI TRINITY CARE HOMES', amount: 940 }).categoryId, 'transfer_in');
  });
  table([
    ['DD NORTHDALE HOMES', -487, {}, 'rent'],
    ['SO HOUSING ASSOCIATION', -420, {}, 'rent'],
    ['BGC CITY LETTINGS', 800, {}, 'rental_income'],
  ]);
});

describe('classify › words that name a business when no list knows it', () => {
  table([
    ['GIOVANNIS TRATTORIA', -32, { type: 'CardPayment' }, 'eating_out'],
    ['THE COAL KITCHEN', -28, { type: 'CardPayment' }, 'eating_out'],
    ['SOME PLACE', -20, { mcc: '5813' }, 'eating_out'],
    ['SOME PLACE', -20, { mcc: '5814' }, 'eating_out'],
    ['DD ACME POWER LTD', -60, {}, 'energy'],
    ['DD NORTHERN GAS SUPPLY LTD', -55, {}, 'energy'],
    ['DD ACME WATER PLC', -30, {}, 'water'],
    ['SOME UTILITY', -70, { mcc: '4900' }, 'energy'],
  ]);
  test('a kitchen word on a direct debit is not eating out', () => {
    assert.notEqual(classify({ description: 'DD HOMESTYLE KITCHEN', amount: -90 }).categoryId, 'eating_out');
  });
  describe('false friends', () => {
    table([
      ['KITCHEN FITTERS DIRECT', -300, { type: 'CardPayment' }, 'home_garden'],
      ['POWER TOOLS DIRECT', -60, { type: 'CardPayment' }, 'home_garden'],
      ['BATTERSEA POWER STATION', -15, { type: 'CardPayment' }, 'entertainment'],
      ['GAS SAFE ENGINEER LTD', -80, {}, 'home_garden'],
    ]);
  });
});

describe('classify › names match whatever the spacing', () => {
  table([
    ['WAGEDAY ADVANCE', -100, {}, 'payday_loan_repayments'],
    ['WAGE DAY ADVANCE', -100, {}, 'payday_loan_repayments'],
    ['SAFETYNET CREDIT', -100, {}, 'payday_loan_repayments'],
    ['LENDING STREAM', -60, {}, 'payday_loan_repayments'],
    ['LENDINGSTREAM', -60, {}, 'payday_loan_repayments'],
    ['DD SKYBETTING', -10, {}, 'gambling'],
  ]);
  test('a number that statements drop is dropped from the name too ("LOANS 2 GO")', () => {
    assert.equal(classify({ description: 'LOANS 2 GO', amount: -100 }).categoryId, 'payday_loan_repayments');
  });
});

describe('classify › a product word beside a brand that sells it', () => {
  table([
    ['CO-OP INS', -20, {}, 'insurance'],
    ['CO-OP INSURANCE', -20, {}, 'insurance'],
    ['TESCO BANK SAVINGS', -50, {}, 'savings_investments'],
    ['SAINSBURYS PENSION', 400, {}, 'pension'],
    ['SHELL ENERGY', -60, {}, 'energy'],
  ]);
  describe('and the brand itself on a card', () => {
    table([
      ['CO-OP FOOD', -12, { type: 'CardPayment' }, 'groceries'],
      ['CO-OP GROUP FOOD', -12, { type: 'CardPayment' }, 'groceries'],
      ['COOP', -5, { type: 'CardPayment' }, 'groceries'],
    ]);
  });
});

describe('classify › Bacs credits from companies stay for the salary stage', () => {
  test('"BGC ACME LOGISTICS LTD" is other income here (employment infers salaries later)', () => {
    assert.equal(classify({ description: 'BGC ACME LOGISTICS LTD', amount: 1500 }).categoryId, 'other_income');
  });
});

describe('classify › payments between people', () => {
  test('a spending word in the reference of a transfer to a person is not spending', () => {
    const result = classify({
      description: 'BILL PAYMENT VIA FASTER PAYMENT TO C SUTCLIFFE REFERENCE PETROL , MANDATE NO 12',
      amount: -20,
      type: 'FasterPayment',
    });
    assert.equal(result.categoryId, 'transfer_out');
  });
  test('"VIA MOBILE" on a transfer is the app it was sent from, not a phone bill', () => {
    const result = classify({
      description: 'L HUSSAIN , BIRTHDAY , VIA MOBILE - PYMT',
      amount: -25,
      type: 'FasterPayment',
    });
    assert.equal(result.categoryId, 'transfer_out');
  });
  test('a rent word on a standing order still speaks', () => {
    const result = classify({
      description: 'STANDING ORDER VIA FASTER PAYMENT TO R & J PROPERTIES REFERENCE RENT FLAT 2',
      amount: -650,
    });
    assert.equal(result.categoryId, 'rent');
  });
});

describe('classify › money in from a shop', () => {
  test('by Bacs it is wages left for the salary stage, not a refund', () => {
    assert.equal(
      classify({ description: 'WM MORRISON SUPERMA', amount: 1450, type: 'BankGiroCredit' }).categoryId,
      'other_income',
    );
  });
  test('on a card it is a refund, also from a marketplace whose other money in is earnings', () => {
    assert.equal(classify({ description: 'EBAY O*12-34567-89012', amount: 15, mcc: '5999' }).categoryId, 'refund');
    assert.equal(
      classify({ description: 'EBAY', amount: 150, type: 'FasterPayment' }).categoryId,
      'self_employment_income',
    );
  });
});

describe('classify › councils cut short by Bacs', () => {
  test('"CITY COUNC" followed by a reference is still the council', () => {
    assert.equal(
      classify({ description: 'BRISTOL CITY COUNC HB 123456', amount: 95, type: 'BankGiroCredit' }).categoryId,
      'housing_benefit',
    );
  });
});

describe('classify › invoices on a business account', () => {
  test('paying an invoice by Faster Payment pays a supplier', () => {
    const tx = {
      description: 'TYNESIDE COFFEE RO , INV 1234 , VIA MOBILE - PYMT',
      amount: -240,
      type: 'FasterPayment',
    };
    assert.equal(classifyTransaction(aTransaction(tx), 'Business').categoryId, 'supplier_payments');
  });
});
