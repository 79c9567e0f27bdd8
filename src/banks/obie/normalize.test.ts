/** The OBIE normaliser (pure): the standard's payloads → our shapes, the per-bank overrides, bad answers. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeObie } from './normalize.ts';
import { BankBadResponseError } from '../errors.ts';
import type { RawPayload } from '../connector.ts';

const page = (
  resource: RawPayload['resource'],
  body: unknown,
  bankAccountId: string | null = null,
  n = 1,
): RawPayload => ({
  resource,
  bankAccountId,
  page: n,
  url: `https://api.bank.example/${resource}`,
  status: 200,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  receivedAt: 0,
});

const ACCOUNTS = page('accounts', {
  Data: {
    Account: [
      {
        AccountId: 'A1',
        Currency: 'GBP',
        AccountType: 'Personal',
        AccountSubType: 'CurrentAccount',
        Nickname: 'Bills',
        Account: [
          {
            SchemeName: 'UK.OBIE.SortCodeAccountNumber',
            Identification: '80200110203345',
            Name: 'MR J SMITH',
            SecondaryIdentification: '00021',
          },
        ],
      },
      {
        AccountId: 'A2',
        Currency: 'GBP',
        AccountType: 'Business',
        AccountSubType: 'Wallet',
        Account: [{ SchemeName: 'UK.OBIE.IBAN', Identification: 'GB29 NWBK 6016 1331 9268 19', Name: 'ACME LTD' }],
      },
    ],
  },
});

const tx = (over: Record<string, unknown>) => ({
  AccountId: 'A1',
  TransactionId: 'T1',
  CreditDebitIndicator: 'Debit',
  Status: 'Booked',
  BookingDateTime: '2026-01-15T10:00:00+00:00',
  ValueDateTime: '2026-01-15T00:00:00+00:00',
  TransactionInformation: 'TESCO STORES 3217',
  Amount: { Amount: '12.50', Currency: 'GBP' },
  ...over,
});

describe('normalizeObie', () => {
  test('accounts › sort code and account number from either UK scheme; Wallet is EMoney; owner name, nickname, roll number', () => {
    const { accounts } = normalizeObie('some-bank', [ACCOUNTS]);
    assert.deepEqual(accounts[0], {
      bankAccountId: 'A1',
      currency: 'GBP',
      type: 'Personal',
      subType: 'CurrentAccount',
      schemeName: 'UK.OBIE.SortCodeAccountNumber',
      number: '80200110203345',
      sortCode: '802001',
      accountNumber: '10203345',
      name: 'MR J SMITH',
      nickname: 'Bills',
      identification: '80200110203345',
      secondaryIdentification: '00021',
    });
    assert.equal(accounts[1]!.number, '60161331926819');
    assert.equal(accounts[1]!.sortCode, '601613');
    assert.equal(accounts[1]!.identification, 'GB29NWBK60161331926819');
    assert.equal(accounts[1]!.subType, 'EMoney');
    assert.equal(accounts[1]!.type, 'Business');
  });

  test('transactions › signed exact amounts, ISO sub-family → type, merchant, balance; Rejected entries dropped', () => {
    const { transactions } = normalizeObie('some-bank', [
      page(
        'transactions',
        {
          Data: {
            Transaction: [
              tx({
                BankTransactionCode: { Code: 'CCRD', SubCode: 'POSD' },
                MerchantDetails: { MerchantName: 'Tesco', MerchantCategoryCode: '5411' },
                Balance: {
                  CreditDebitIndicator: 'Debit',
                  Type: 'InterimBooked',
                  Amount: { Amount: '3.10', Currency: 'GBP' },
                },
              }),
              tx({
                TransactionId: 'T2',
                CreditDebitIndicator: 'Credit',
                Amount: { Amount: '2500.00000', Currency: 'GBP' },
                BankTransactionCode: { Code: 'RCDT', SubCode: 'SALA' },
                ProprietaryBankTransactionCode: { Code: 'BGC', Issuer: 'SomeBank' },
                ValueDateTime: undefined,
              }),
              tx({ TransactionId: 'T3', Status: 'Rejected' }),
              tx({ TransactionId: 'T4', Status: 'Pending', Amount: { Amount: '0.00', Currency: 'GBP' } }),
            ],
          },
        },
        'A1',
      ),
    ]);
    assert.equal(transactions.length, 3);
    const [card, salary, pending] = transactions;
    assert.equal(card!.amount, '-12.5');
    assert.equal(card!.type, 'CardPayment');
    assert.deepEqual([card!.merchantName, card!.merchantCategoryCode], ['Tesco', '5411']);
    assert.deepEqual(card!.balance, { amount: '-3.1', currency: 'GBP', type: 'InterimBooked' });
    assert.equal(card!.bookingDateTime, Date.parse('2026-01-15T10:00:00Z') / 1000);
    assert.equal(card!.valueDateTime, Date.parse('2026-01-15T00:00:00Z') / 1000);
    assert.equal(salary!.amount, '2500');
    assert.equal(salary!.type, 'BankGiroCredit');
    assert.deepEqual([salary!.bankTransactionCode, salary!.bankTransactionIssuer], ['BGC', 'SomeBank']);
    assert.equal(salary!.valueDateTime, salary!.bookingDateTime, 'no value date: the booking date');
    assert.equal(pending!.status, 'Pending');
    assert.equal(pending!.amount, '0');
  });

  test('transactions › without TransactionId a stable digest, two identical entries stay two; a repeated id counts once', () => {
    const noId = tx({ TransactionId: undefined });
    const once = normalizeObie('some-bank', [
      page(
        'transactions',
        {
          Data: {
            Transaction: [
              noId,
              noId,
              tx({ TransactionId: 'X' }),
              tx({ TransactionId: 'X', Amount: { Amount: '1', Currency: 'GBP' } }),
            ],
          },
        },
        'A1',
      ),
    ]);
    const again = normalizeObie('some-bank', [page('transactions', { Data: { Transaction: [noId, noId] } }, 'A1')]);
    const ids = once.transactions.map((t) => t.externalTransactionId);
    assert.equal(ids.length, 3);
    assert.notEqual(ids[0], ids[1]);
    assert.deepEqual(
      again.transactions.map((t) => t.externalTransactionId),
      ids.slice(0, 2),
      'the same entries get the same ids',
    );
    assert.equal(once.transactions.find((t) => t.externalTransactionId === 'X')!.amount, '-1', 'the later copy wins');
  });

  test("overrides › the sandbox's own transaction codes become the type; the business sandbox's accounts are Business", () => {
    const sandboxTx = tx({ ProprietaryBankTransactionCode: { Code: 'DD', Issuer: 'SANDBOX' } });
    const [t] = normalizeObie('sandbox', [
      page('transactions', { Data: { Transaction: [sandboxTx] } }, 'A1'),
    ]).transactions;
    assert.deepEqual([t!.type, t!.bankTransactionCode, t!.bankTransactionIssuer], ['DirectDebit', null, null]);
    const [other] = normalizeObie('barclays', [
      page('transactions', { Data: { Transaction: [sandboxTx] } }, 'A1'),
    ]).transactions;
    assert.deepEqual([other!.type, other!.bankTransactionCode], [null, 'DD'], 'another bank keeps the code as sent');
    assert.ok(normalizeObie('sandbox-business', [ACCOUNTS]).accounts.every((a) => a.type === 'Business'));
  });

  test('statements and parties › the spec shapes: plural members, flattened amounts, AccountId from the path', () => {
    const out = normalizeObie('some-bank', [
      page(
        'statements',
        {
          Data: {
            Statement: [
              {
                AccountId: 'A1',
                StatementId: 'S1',
                Type: 'RegularPeriodic',
                StartDateTime: '2026-01-01T00:00:00+00:00',
                EndDateTime: '2026-01-31T23:59:59+00:00',
                CreationDateTime: '2026-02-03T06:00:00+00:00',
                StatementDescription: ['January'],
                StatementAmount: [
                  {
                    CreditDebitIndicator: 'Credit',
                    Type: 'UK.OBIE.ClosingBalance',
                    Amount: { Amount: '100.00', Currency: 'GBP' },
                  },
                ],
                StatementFee: [
                  {
                    Description: 'Monthly fee',
                    CreditDebitIndicator: 'Debit',
                    Type: 'UK.OBIE.Other',
                    Amount: { Amount: '3.00', Currency: 'GBP' },
                  },
                ],
                StatementDateTime: [{ DateTime: '2026-02-28T23:59:59+00:00', Type: 'UK.OBIE.NextStatement' }],
                StatementValue: [{ Value: '12', Type: 'UK.OBIE.Other' }],
              },
            ],
          },
        },
        'A1',
      ),
      page(
        'parties',
        {
          Data: {
            Party: [
              {
                PartyId: 'P1',
                Name: 'Mr J Smith',
                Relationships: { Account: { Related: 'https://x/accounts/A1', Id: 'A1' } },
                Address: [{ AddressLine: ['1 High St'], Country: 'GB' }],
              },
            ],
          },
        },
        'A1',
      ),
    ]);
    assert.deepEqual(out.statements[0]!.body.StatementAmounts, [
      { CreditDebitIndicator: 'Credit', Type: 'UK.OBIE.ClosingBalance', Amount: '100.00', Currency: 'GBP' },
    ]);
    assert.deepEqual(out.statements[0]!.body.StatementFee, [
      {
        Description: ['Monthly fee'],
        CreditDebitIndicator: 'Debit',
        Type: 'UK.OBIE.Other',
        Amount: '3.00',
        Currency: 'GBP',
      },
    ]);
    assert.deepEqual(out.statements[0]!.body.StatementDateTimes, [
      { Type: 'UK.OBIE.NextStatement', DateTime: '2026-02-28T23:59:59+00:00' },
    ]);
    assert.deepEqual(out.statements[0]!.body.StatementValue, [{ Type: 'UK.OBIE.Other', Value: 12 }]);
    assert.deepEqual(out.parties[0], {
      bankAccountId: 'A1',
      body: {
        PartyId: 'P1',
        Name: 'Mr J Smith',
        AccountRole: 'Unknown',
        AccountId: 'A1',
        Relationships: { Account: { Related: 'https://x/accounts/A1', Id: 'A1' } },
        Address: [{ Country: 'GB', AddressLine: ['1 High St'] }],
      },
    });
  });

  test('an answer that is not JSON is one BankBadResponseError naming where; an unreadable item is skipped and counted', () => {
    assert.throws(
      () => normalizeObie('some-bank', [page('transactions', '{"Data": {"Transa', 'A1')]),
      (err: unknown) => err instanceof BankBadResponseError && /transactions of account A1, page 1/.test(err.message),
    );
    const out = normalizeObie('some-bank', [
      page(
        'transactions',
        { Data: { Transaction: [tx({ Amount: { Amount: '-5', Currency: 'GBP' } }), tx({ TransactionId: 'T2' })] } },
        'A1',
      ),
      page('balances', { Data: { Balance: [{ AccountId: 'A1' }] } }, 'A1'),
    ]);
    assert.deepEqual(
      out.transactions.map((t) => t.externalTransactionId),
      ['T2'],
      'the rest of the page is kept',
    );
    assert.deepEqual(out.skipped, [
      { resource: 'transactions', bankAccountId: 'A1', page: 1, path: '/Data/Transaction/0/Amount' },
      { resource: 'balances', bankAccountId: 'A1', page: 1, path: '/Data/Balance/0/Amount' },
    ]);
  });

  test('real banks: long-form codes, counterparty names, charges, currency exchange, credit lines, zone-less times', () => {
    const out = normalizeObie('some-bank', [
      page(
        'transactions',
        {
          Data: {
            Transaction: [
              tx({
                TransactionId: 'L1',
                CreditDebitIndicator: 'Credit',
                TransactionInformation: undefined,
                BankTransactionCode: { Code: 'ReceivedCreditTransfer', SubCode: 'DomesticCreditTransfer' },
                DebtorAccount: { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '11', Name: 'ACME LTD' },
              }),
              tx({
                TransactionId: 'L2',
                TransactionInformation: undefined,
                BankTransactionCode: { Code: 'IssuedDirectDebit', SubCode: 'SomethingNew' },
                CreditorAccount: { Name: 'OCTOPUS ENERGY' },
                ChargeAmount: { Amount: '0.50', Currency: 'GBP' },
                CurrencyExchange: {
                  SourceCurrency: 'EUR',
                  TargetCurrency: 'GBP',
                  ExchangeRate: 0.86,
                  InstructedAmount: { Amount: '10.00', Currency: 'EUR' },
                },
                // British Summer Time: 10:00 in London is 09:00 UTC; winter: the same as UTC.
                BookingDateTime: '2026-07-01T10:00:00',
                ValueDateTime: '2026-01-15T10:00:00',
              }),
            ],
          },
        },
        'A1',
      ),
      page(
        'balances',
        {
          Data: {
            Balance: [
              {
                AccountId: 'A1',
                CreditDebitIndicator: 'Credit',
                Type: 'InterimBooked',
                DateTime: '2026-01-15T10:00:00+00:00',
                Amount: { Amount: '10.00', Currency: 'GBP' },
                CreditLine: [{ Included: false, Type: 'Pre-Agreed', Amount: { Amount: '500.00', Currency: 'GBP' } }],
              },
            ],
          },
        },
        'A1',
      ),
    ]);
    const [l1, l2] = out.transactions;
    assert.equal(l1?.type, 'FasterPayment');
    assert.equal(l1?.name, 'ACME LTD');
    assert.equal(l2?.type, 'DirectDebit', 'the family decides when the sub-family is unknown');
    assert.equal(l2?.name, 'OCTOPUS ENERGY');
    assert.deepEqual(l2?.charge, { amount: '0.5', currency: 'GBP' });
    assert.deepEqual(l2?.currencyExchange, {
      sourceCurrency: 'EUR',
      targetCurrency: 'GBP',
      unitCurrency: null,
      exchangeRate: '0.86',
      instructedAmount: { amount: '10', currency: 'EUR' },
    });
    assert.equal(l2?.bookingDateTime, Date.UTC(2026, 6, 1, 9) / 1000);
    assert.equal(l2?.valueDateTime, Date.UTC(2026, 0, 15, 10) / 1000);
    assert.deepEqual(out.balances[0]?.creditLines, [
      { included: false, type: 'Pre-Agreed', amount: '500', currency: 'GBP' },
    ]);
  });

  test('an optional resource answered 404 or 403 is recorded as not offered', () => {
    const refused = (resource: RawPayload['resource'], status: number): RawPayload => ({
      ...page(resource, '', 'A1'),
      status,
    });
    const out = normalizeObie('some-bank', [refused('statements', 404), refused('parties', 403)]);
    assert.deepEqual(out.notOffered, [
      { resource: 'statements', bankAccountId: 'A1', status: 404 },
      { resource: 'parties', bankAccountId: 'A1', status: 403 },
    ]);
  });
});
