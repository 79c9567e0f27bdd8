import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyTransaction, classifyTransactions } from './classify.ts';
import { aTransaction, anAccount } from '../../../test/helpers/analytics-builders.ts';
import type { EngineTransaction } from '../types.ts';

function classify(overrides: Partial<EngineTransaction>, accountType: 'Personal' | 'Business' = 'Personal') {
  return classifyTransaction(aTransaction(overrides), accountType);
}

describe('classify › realistic UK statement texts (personal)', () => {
  // [description, amount, expected category, expected source]
  const cases: [string, number, string, string][] = [
    ['CARD PAYMENT TO TESCO STORES 3217 ON 12 JAN', -23.5, 'groceries', 'merchant'],
    ["SAINSBURY'S S/MKT  LONDON GB", -41.2, 'groceries', 'merchant'],
    ['BGC ACME LTD SALARY', 2100, 'salary', 'keyword'],
    ['INITECH WAGES', 1500, 'salary', 'keyword'],
    ['DD BRITISH GAS', -80, 'energy', 'merchant'],
    ['OCTOPUS ENERGY', -95, 'energy', 'merchant'],
    ['THAMES WATER', -38, 'water', 'merchant'],
    ['VODAFONE LTD', -30, 'telecoms', 'merchant'],
    ['TV LICENCE MBP', -13.25, 'telecoms', 'merchant'],
    ['DWP UC', 650, 'universal_credit', 'merchant'],
    ['DWP PIP', 400, 'disability_benefits', 'merchant'],
    ['DWP JSA', 300, 'out_of_work_benefits', 'merchant'],
    ['CHB', 96.6, 'child_benefit', 'merchant'],
    ['HMRC TC', 120, 'tax_credits', 'merchant'],
    ['DWP STATE PENSION', 700, 'pension', 'merchant'],
    ['TEACHERS PENSIONS', 1200, 'pension', 'merchant'],
    ['SKY BET', -10, 'gambling', 'merchant'],
    ['BET365', -25, 'gambling', 'merchant'],
    ['BET365', 80, 'gambling_winnings', 'merchant'],
    ['PADDY POWER', -5, 'gambling', 'merchant'],
    ['WILLIAM HILL', -20, 'gambling', 'merchant'],
    ['NATIONAL LOTTERY', -2, 'gambling', 'merchant'],
    ['MECCA BINGO', -15, 'gambling', 'merchant'],
    ['LENDING STREAM', 300, 'payday_loan_income', 'merchant'],
    ['LENDING STREAM', -120, 'payday_loan_repayments', 'merchant'],
    ['MR LENDER', 250, 'payday_loan_income', 'merchant'],
    ['ZOPA BANK', 5000, 'loan_income', 'merchant'],
    ['KLARNA*ASOS', -25, 'bnpl', 'merchant'],
    ['CLEARPAY UK', -30, 'bnpl', 'merchant'],
    ['PAYPAL PAY IN 3', -40, 'bnpl', 'merchant'],
    ['LOWELL PORTFOLIO', -30, 'debt_collection', 'merchant'],
    ['CABOT FINANCIAL', -25, 'debt_collection', 'merchant'],
    ['STEPCHANGE', -150, 'debt_management', 'merchant'],
    ['COUNCIL TAX - LEEDS CITY COUNCIL', -140, 'council_tax', 'merchant'],
    ['LB CAMDEN CTAX', -150, 'council_tax', 'merchant'],
    ['NATIONWIDE MORTGAGE', -900, 'mortgage', 'merchant'],
    ['SO LANDLORD RENT', -750, 'rent', 'keyword'],
    ['ADMIRAL INSURANCE', -45, 'insurance', 'merchant'],
    ['BARCLAYCARD', -200, 'credit_card_repayments', 'merchant'],
    ['BLACK HORSE', -250, 'car_finance', 'merchant'],
    ['MONEYBOX', -50, 'savings_investments', 'merchant'],
    ['UNPAID DIRECT DEBIT', -80, 'returned_direct_debit', 'keyword'],
    ['UNPAID DIRECT DEBIT BRITISH GAS', 80, 'returned_direct_debit', 'keyword'],
    ['UNPAID ITEM FEE', -6, 'bank_charges', 'keyword'],
    ['UNARRANGED OVERDRAFT FEE', -5, 'bank_charges', 'keyword'],
    ['OVERDRAFT INTEREST', -3.2, 'bank_charges', 'keyword'],
    ['CASH WITHDRAWAL', -50, 'cash_withdrawal', 'keyword'],
    ['CPT TESCO EXTRA', -20, 'cash_withdrawal', 'keyword'],
    ['CASH DEPOSIT', 200, 'cash_deposit', 'keyword'],
    ['PAYPAL *NETFLIX', -10.99, 'subscriptions', 'merchant'],
    ['TFL TRAVEL CH', -2.8, 'transport', 'merchant'],
    ['UBER EATS', -20, 'eating_out', 'merchant'],
    ['GREGGS', -3.5, 'eating_out', 'merchant'],
    ['SHELL', -60, 'fuel', 'merchant'],
    ['BP', -55, 'fuel', 'merchant'],
    ['AMZNMKTPLACE', -15, 'shopping', 'merchant'],
    ['PETS AT HOME', -30, 'pets', 'merchant'],
    ['CMS COLLECT AND PAY', 200, 'maintenance_received', 'merchant'],
    ['HMRC', 310, 'tax_refund', 'merchant'],
    ['INTEREST', 1.2, 'investment_income', 'keyword'],
    ['TOTALLY UNKNOWN PAYEE', -3, 'other_expenditure', 'fallback'],
    ['TOTALLY UNKNOWN PAYER', 3, 'other_income', 'fallback'],
  ];
  for (const [description, amount, expected, source] of cases) {
    test(`${JSON.stringify(description)} ${amount} → ${expected} (${source})`, () => {
      const result = classify({ description, amount });
      assert.equal(result.categoryId, expected);
      assert.equal(result.source, source);
    });
  }
});

describe('classify › the payer decides before pay words (docs/classification.md, order of evidence)', () => {
  // [description, expected category]: pension and benefit payers, by name or by scheme, beat SALARY, WAGES, NET PAY
  const cases: [string, string][] = [
    ['NEST PENSIONS NET PAY', 'pension'],
    ['BGC CIVIL SERVICE PENSION SALARY', 'pension'],
    ['DWP UC SALARY', 'universal_credit'],
    ['DWP STATE PENSION WAGES', 'pension'],
    ['WEST YORKS PENSION FUND NET PAY', 'pension'],
    ['AVIVA ANNUITY PAYMENT SALARY', 'pension'],
    // a firm whose name merely contains "pension" pays its staff a salary
    ['PENSION PLANNING LTD SALARY', 'salary'],
    ['THE PENSIONS REGULATOR SALARY', 'salary'],
    // a council employs people: pay words on a council's credit stay salary
    ['LEEDS CITY COUNCIL SALARY', 'salary'],
    ['ACME LTD SALARY', 'salary'],
  ];
  for (const [description, expected] of cases) {
    test(`${description} → ${expected}`, () => {
      assert.equal(classify({ description, amount: 850 }).categoryId, expected);
    });
  }
});

describe('classify › trailing codes, product and property words, mirrored returns', () => {
  test('a trailing standing-order code to an estates company is rent', () => {
    assert.equal(classify({ description: 'GOWER ESTATES LTD SO', amount: -725, type: null }).categoryId, 'rent');
  });
  test('a council by its legal name alone, with a trailing DD code, is council tax', () => {
    const got = classify({ description: 'CITY AND COUNTY OF SWANSEA DD', amount: -150, type: null });
    assert.equal(got.categoryId, 'council_tax');
  });
  test('a return code before or after the payee makes money back a returned direct debit, not a refund', () => {
    for (const description of ['SKY DIGITAL RTN', 'UNP BRITISH GAS', 'BRITISH GAS RTN DD'])
      assert.equal(classify({ description, amount: 45, type: null }).categoryId, 'returned_direct_debit', description);
  });
  test('generic product words of a small provider are telecoms', () => {
    assert.equal(classify({ description: 'ACME WIRELESS DD', amount: -20, type: null }).categoryId, 'telecoms');
    assert.equal(classify({ description: 'DD WESSEX CABLE', amount: -20, type: null }).categoryId, 'telecoms');
  });
  test('a credit mirroring a direct debit of the last 10 days to the same payee is a returned direct debit', () => {
    const account = anAccount({ id: 'a' });
    const day = 86_400;
    const txs = [
      aTransaction({
        id: 'dd',
        accountId: 'a',
        description: 'CELTIC HOME INSURANCE DD',
        amount: -27.4,
        bookedAt: 100 * day,
      }),
      aTransaction({
        id: 'back',
        accountId: 'a',
        description: 'CELTIC HOME INSURANCE',
        amount: 27.4,
        bookedAt: 102 * day,
      }),
      aTransaction({
        id: 'late',
        accountId: 'a',
        description: 'CELTIC HOME INSURANCE',
        amount: 27.4,
        bookedAt: 140 * day,
      }),
    ];
    const got = classifyTransactions(txs, [account]).map((r) => r.categoryId);
    assert.equal(got[1], 'returned_direct_debit');
    assert.notEqual(got[2], 'returned_direct_debit', 'a credit weeks later mirrors nothing');
  });
});

describe('classify › refunds', () => {
  test('money back from a shop the customer pays is a refund, not income, and keeps the merchant', () => {
    const result = classify({ description: 'TESCO STORES 3217', amount: 12.5 });
    assert.equal(result.categoryId, 'refund');
    assert.equal(result.merchant, 'Tesco');
  });
  test('refund wording on an unknown payee is a refund', () => {
    assert.equal(classify({ description: 'REFUND FROM ACME WIDGETS', amount: 9.99 }).categoryId, 'refund');
  });
  test('refund wording on money out says nothing: the next rule decides', () => {
    assert.equal(
      classify({ description: 'REFUND DEPOSIT TO J SMITH', amount: -100, type: 'FasterPayment' }).categoryId,
      'transfer_out',
    );
  });
  test('money back from a card-coded merchant is a refund', () => {
    assert.equal(classify({ description: 'SOME SHOP', amount: 20, mcc: '5411' }).categoryId, 'refund');
  });
});

describe('classify › merchant category code', () => {
  const cases: [string, string][] = [
    ['5411', 'groceries'],
    ['5812', 'eating_out'],
    ['5541', 'fuel'],
    ['7995', 'gambling'],
    ['6011', 'cash_withdrawal'],
    ['4900', 'energy'],
    ['7322', 'debt_collection'],
  ];
  for (const [mcc, expected] of cases) {
    test(`MCC ${mcc} → ${expected}`, () => {
      const result = classify({ description: 'XYZ TRADING 00123', amount: -10, mcc });
      assert.equal(result.categoryId, expected);
      assert.equal(result.source, 'mcc');
    });
  }
  test('a known payee beats the MCC (docs/classification.md, order of rules)', () => {
    const result = classify({ description: 'TESCO STORES', amount: -10, mcc: '5541' });
    assert.equal(result.categoryId, 'groceries');
    assert.equal(result.source, 'merchant');
  });
  test('an unknown MCC falls through to the next rule', () => {
    const result = classify({ description: 'TESCO STORES', amount: -10, mcc: '0001' });
    assert.equal(result.categoryId, 'groceries');
    assert.equal(result.source, 'merchant');
  });
});

describe('classify › submitted category', () => {
  test('an exact id is taken as given', () => {
    const result = classify({ description: 'TESCO STORES', amount: -10, submittedCategory: 'eating_out' });
    assert.equal(result.categoryId, 'eating_out');
    assert.equal(result.source, 'submitted');
  });
  test('an exact name matches case-insensitively', () => {
    assert.equal(
      classify({ description: 'X', amount: -10, submittedCategory: 'COUNCIL TAX' }).categoryId,
      'council_tax',
    );
    assert.equal(
      classify({ description: 'X', amount: -10, submittedCategory: 'gas and electricity' }).categoryId,
      'energy',
    );
  });
  test('a common synonym maps, following the direction of the money', () => {
    assert.equal(
      classify({ description: 'X', amount: -10, submittedCategory: 'Restaurants' }).categoryId,
      'eating_out',
    );
    assert.equal(
      classify({ description: 'X', amount: -10, submittedCategory: 'Bills & Utilities' }).categoryId,
      'energy',
    );
    assert.equal(classify({ description: 'X', amount: 10, submittedCategory: 'Supermarkets' }).categoryId, 'refund');
    assert.equal(classify({ description: 'X', amount: 1000, submittedCategory: 'Salary' }).categoryId, 'salary');
  });
  test('an unknown submitted category is ignored', () => {
    const result = classify({ description: 'TESCO STORES', amount: -10, submittedCategory: 'Misc stuff' });
    assert.equal(result.categoryId, 'groceries');
    assert.equal(result.source, 'merchant');
  });
});

describe('classify › transaction type and the merchant name field', () => {
  test('a faster payment to a person is a transfer out', () => {
    const result = classify({ description: 'J SMITH REF 123456', amount: -50, type: 'FasterPayment' });
    assert.equal(result.categoryId, 'transfer_out');
    assert.equal(result.source, 'type');
  });
  test('a one-word brand that is also a surname does not catch a transfer to a person', () => {
    assert.equal(classify({ description: 'FPO M COSTA', amount: -40 }).categoryId, 'transfer_out');
    assert.equal(classify({ description: 'COSTA', amount: -4, type: 'CardPayment' }).categoryId, 'eating_out');
  });
  test('the bank type Cash means cash whatever the text names', () => {
    assert.equal(
      classify({ description: 'TESCO EXTRA LEEDS', amount: -20, type: 'Cash' }).categoryId,
      'cash_withdrawal',
    );
  });
  test('a bank charge type with no better rule is a bank charge', () => {
    assert.equal(classify({ description: 'MISC', amount: -3, type: 'Charge' }).categoryId, 'bank_charges');
  });
  test('the bank-given merchant name is used when the text does not name the payee', () => {
    const result = classify({ description: 'CARD 1234 PURCHASE', amount: -9, merchantName: 'Netflix' });
    assert.equal(result.categoryId, 'subscriptions');
    assert.equal(result.merchant, 'Netflix');
  });
});

describe('classify › business accounts', () => {
  const cases: [string, number, string][] = [
    ['HMRC VAT', -2400, 'hmrc_vat'],
    ['HMRC PAYE', -900, 'hmrc_paye'],
    ['HMRC CT', -5000, 'hmrc_corporation_tax'],
    ['SUMUP PAYOUT', 840, 'card_settlements'],
    ['WORLDPAY', 1200, 'card_settlements'],
    ['STAFF WAGES', -3000, 'payroll'],
    ['BOOKER WHOLESALE', -600, 'supplier_payments'],
    ['LEEDS CITY COUNCIL', -300, 'business_rates'],
    ['XERO UK', -30, 'telecoms_it'],
    ['FUNDING CIRCLE', 20000, 'loan_income'],
    ['UNARRANGED OVERDRAFT FEE', -10, 'bank_charges'],
    ['SOMETHING UNKNOWN', 50, 'other_income'],
  ];
  for (const [description, amount, expected] of cases) {
    test(`${JSON.stringify(description)} ${amount} → ${expected}`, () => {
      assert.equal(classify({ description, amount }, 'Business').categoryId, expected);
    });
  }
});

describe('classify › batches', () => {
  test('a non-GBP transaction is classified like any other and keeps its order', () => {
    const results = classifyTransactions(
      [
        aTransaction({ description: 'NETFLIX.COM', amount: -12.99, currency: 'EUR' }),
        aTransaction({ description: 'TESCO STORES', amount: -5 }),
      ],
      [anAccount()],
    );
    assert.deepEqual(
      results.map((r) => r.categoryId),
      ['subscriptions', 'groceries'],
    );
  });
  test('each result names its transaction, category name and normalised description', () => {
    const tx = aTransaction({ description: 'CARD PAYMENT TO TESCO STORES 3217 ON 12 JAN', amount: -23.5 });
    const [result] = classifyTransactions([tx], [anAccount()]);
    assert.deepEqual(result, {
      transactionId: tx.id,
      categoryId: 'groceries',
      categoryName: 'Groceries',
      merchant: 'Tesco',
      source: 'merchant',
      normalizedDescription: 'TESCO STORES',
    });
  });
  test('a transaction of an unlisted account is classified with the Personal list', () => {
    const [result] = classifyTransactions(
      [aTransaction({ accountId: 'nope', description: 'DWP UC', amount: 500 })],
      [anAccount()],
    );
    assert.ok(result);
    assert.equal(result.categoryId, 'universal_credit');
  });
  test('business and personal accounts of one customer use their own lists', () => {
    const results = classifyTransactions(
      [
        aTransaction({ accountId: 'biz', description: 'HMRC VAT', amount: -100 }),
        aTransaction({ description: 'HMRC VAT', amount: -100 }),
      ],
      [anAccount(), anAccount({ id: 'biz', type: 'Business', accountNumber: '20000099998888' })],
    );
    assert.deepEqual(
      results.map((r) => r.categoryId),
      ['hmrc_vat', 'tax_payments'],
    );
  });
});

describe('classify › statement texts of the generated personas', () => {
  // [description, amount, fields, expected category, why]
  const cases: [string, number, Partial<EngineTransaction>, string, string][] = [
    [
      'BET365 STOKE ON TRENT GBR',
      -20,
      { mcc: '7995', submittedCategory: 'general' },
      'gambling',
      'Monzo\'s catch-all "general" says nothing',
    ],
    ['BET365 WITHDRAWAL 880450', 150, { submittedCategory: 'general' }, 'gambling_winnings', 'nor for money in'],
    ['BGC SILVERLINE RETAIL SALARY', 1500, { type: 'BankGiroCredit' }, 'salary', 'pay words beat a retail word'],
    [
      'CR WESTFIELD PRECISIO SALARY',
      2300,
      { type: 'BankGiroCredit' },
      'salary',
      'pay words beat a brand named in the payer',
    ],
    ['KLARNA*NEW LOOK CD', -30, { mcc: '5691', type: 'CardPayment' }, 'bnpl', "a BNPL provider beats the shop's MCC"],
    ['PAYPAL *PAYIN3 BOO', -30, { mcc: '5691', type: 'CardPayment' }, 'bnpl', 'PayPal Pay in 3 too'],
    ['BIRMINGHAM CITY CO', -77, { type: 'DirectDebit' }, 'council_tax', 'a council cut to 18 characters'],
    ['GLASGOW CITY COUNC', -160, { type: 'DirectDebit' }, 'council_tax', 'likewise'],
    ['A & S PROPERTIES 2', -719, { type: 'StandingOrder' }, 'rent', 'a property company'],
    ['NORTHDALE HOMES TE', -487, { type: 'DirectDebit' }, 'rent', 'a housing association'],
    ['SO R GREENWOOD 14 CARDIGAN RD', -940, { type: 'StandingOrder' }, 'rent', 'a standing order to a street address'],
    [
      'FPO R GREENWOOD 14 CARDIGAN RD',
      -40,
      { type: 'FasterPayment' },
      'transfer_out',
      'a one-off payment to the same address is not',
    ],
    [
      'NETFLIX.COM AMSTERDAM',
      -12.99,
      { mcc: '4899', type: 'CardPayment' },
      'subscriptions',
      'a known payee beats a broad MCC',
    ],
    [
      'SPOTIFY P8BT077EAE STOCKHOLM',
      -12.99,
      { mcc: '5815', type: 'CardPayment' },
      'subscriptions',
      'likewise for digital goods',
    ],
    ['SKY DIGITAL', -60, { mcc: '4899', type: 'CardPayment' }, 'telecoms', 'pay TV stays a bill'],
  ];
  for (const [description, amount, fields, expected, why] of cases) {
    test(`${JSON.stringify(description)} ${amount} → ${expected} (${why})`, () => {
      assert.equal(classify({ description, amount, ...fields }).categoryId, expected);
    });
  }
});
