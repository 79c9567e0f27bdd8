import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHANNEL,
  CODE_FLAG,
  analyzeStatementText,
  isKeptToken,
  normalizeDescription,
} from './normalize-description.ts';
import { normalizeName } from './normalize-name.ts';

describe('normalizeDescription › the same payee groups together', () => {
  const cases: [string, string][] = [
    ['CARD PAYMENT TO TESCO STORES 3217 ON 12 JAN', 'TESCO STORES'],
    ['TESCO STORES 3217      LEEDS GB', 'TESCO STORES'],
    ['tesco stores', 'TESCO STORES'],
    ['VIS 12JAN24 TESCO STORES 3217', 'TESCO STORES'],
    ['POS TESCO STORES CD 1234', 'TESCO STORES'],
    ['TESCO STORES 3217 12/01/2024 14:32', 'TESCO STORES'],
    ["SAINSBURY'S S/MKT  LONDON GB", 'SAINSBURYS S MKT'],
    ['Sainsbury’s S/Mkt', 'SAINSBURYS S MKT'],
    ['DD BRITISH GAS', 'BRITISH GAS'],
    ['DIRECT DEBIT PAYMENT TO BRITISH GAS REF 1234567890', 'BRITISH GAS'],
    ['BRITISH GAS DD', 'BRITISH GAS'],
    ['SO LANDLORD RENT', 'LANDLORD RENT'],
    ['BGC ACME LTD SALARY', 'ACME SALARY'],
    ['ACME LIMITED SALARY CR', 'ACME SALARY'],
    ['FPI J SMITH REF 123456', 'J SMITH'],
    ['FPO J SMITH 12JAN', 'J SMITH'],
    ['PAYPAL *NETFLIX 4029357733 GB', 'PAYPAL NETFLIX'],
    ['AMAZON.CO.UK*AB12CD34E', 'AMAZON'],
    ['KLARNA*ASOS.COM', 'KLARNA ASOS'],
    ['WWW.BET365.COM', 'BET365'],
    ['XXXXXXXXXXXX1234 COSTA COFFEE', 'COSTA COFFEE'],
    ['**** **** **** 1234 COSTA COFFEE', 'COSTA COFFEE'],
    ['M&S SIMPLY FOOD', 'M AND S SIMPLY FOOD'],
    ['M & S SIMPLY FOOD', 'M AND S SIMPLY FOOD'],
    ['CAFÉ NERO', 'CAFE NERO'],
    ['CHQ 000123', 'CHQ'],
    ['TFR TO SAVINGS', 'SAVINGS'],
    ['CASH WITHDRAWAL ON 3 FEB', 'CASH WITHDRAWAL'],
    ['AMAZON 12.50 GBP', 'AMAZON'],
    ['   lots    of   space   ', 'LOTS OF SPACE'],
  ];
  for (const [raw, expected] of cases) {
    test(`${JSON.stringify(raw)} → ${JSON.stringify(expected)}`, () =>
      assert.equal(normalizeDescription(raw), expected));
  }
});

describe('normalizeDescription › names that start like a code are kept', () => {
  const cases: [string, string][] = [
    ['BP', 'BP'],
    ['BP CONNECT STOCKWELL', 'BP CONNECT STOCKWELL'],
    ['BP GAS STATION', 'BP GAS STATION'],
    ['SO ENERGY', 'SO ENERGY'],
    ['CREDIT CARD PAYMENT', 'CREDIT CARD PAYMENT'],
    ['DD', 'DD'],
  ];
  for (const [raw, expected] of cases) {
    test(`${JSON.stringify(raw)} → ${JSON.stringify(expected)}`, () =>
      assert.equal(normalizeDescription(raw), expected));
  }
});

describe('normalizeDescription › a code is kept only before a whole protected name', () => {
  const cases: [string, string][] = [
    ['BP SERVICE CHARGE', 'SERVICE CHARGE'],
    ['BP GAS SUPPLY CO', 'GAS SUPPLY'],
    ['BP THAMES WATER', 'THAMES WATER'],
  ];
  for (const [raw, expected] of cases) {
    test(`${JSON.stringify(raw)} → ${JSON.stringify(expected)}`, () =>
      assert.equal(normalizeDescription(raw), expected));
  }
});

describe('analyzeStatementText › what the codes say beyond the channel', () => {
  test('TFR and "TRANSFER FROM" are own-transfer hints', () => {
    for (const raw of ['TFR TO CASH ISA', 'TFR FROM J SMITH', 'TRANSFER FROM CURRENT ACCOUNT', 'SAVINGS 12345678 TFR'])
      assert.equal(analyzeStatementText(raw).codeFlags & CODE_FLAG.ownTransfer, CODE_FLAG.ownTransfer, raw);
    assert.equal(analyzeStatementText('FPO J SMITH').codeFlags, 0);
  });
  test('a stripped leading BP is remembered (the fuel brand on a card payment)', () => {
    assert.equal(analyzeStatementText('BP  LEEDS GB').codeFlags, CODE_FLAG.billPayment);
    assert.equal(analyzeStatementText('BP CONNECT').codeFlags, 0);
  });
});

describe('analyzeStatementText › the transaction code says how money moved', () => {
  const cases: [string, number][] = [
    ['DD BRITISH GAS', CHANNEL.directDebit],
    ['SO J SMITH', CHANNEL.standingOrder],
    ['BGC ACME LTD', CHANNEL.credit],
    ['FPI J SMITH', CHANNEL.transferIn],
    ['FPO J SMITH', CHANNEL.transferOut],
    ['CARD PAYMENT TO TESCO', CHANNEL.card],
    ['CPT TESCO EXTRA', CHANNEL.cash],
    ['CHQ 000123 ACME', CHANNEL.cheque],
    ['TESCO STORES', CHANNEL.none],
  ];
  for (const [raw, channel] of cases) {
    test(JSON.stringify(raw), () => assert.equal(analyzeStatementText(raw).channel, channel));
  }

  test('the location stays in the tokens matched on, though not in the grouping key', () => {
    const text = analyzeStatementText('TESCO STORES 3217      LEEDS GB');
    assert.deepEqual(text.tokens.slice(text.from, text.to), ['TESCO', 'STORES', 'LEEDS', 'GB']);
    assert.equal(text.normalized, 'TESCO STORES');
  });

  test('a town is dropped only where a terminal puts it (after a gap, a number or before a country)', () => {
    assert.equal(normalizeDescription('UNIVERSITY OF LEEDS'), 'UNIVERSITY OF LEEDS');
    assert.equal(normalizeDescription('GREGGS 1234 LEEDS'), 'GREGGS');
  });
});

describe('isKeptToken', () => {
  test('drops numbers, references and dates but keeps short brand tokens', () => {
    for (const token of ['3217', '12', 'AB12CD34E', 'XXXX1234', '12JAN', '3FEB24', '12SEPT'])
      assert.equal(isKeptToken(token), false, token);
    for (const token of ['TESCO', 'O2', 'JET2', 'BET365', '1ST', '365', '888'])
      assert.equal(isKeptToken(token), true, token);
  });
});

describe('normalizeName', () => {
  test('agrees with statement text on apostrophes, ampersands, accents and legal forms', () => {
    assert.equal(normalizeName("Sainsbury's"), 'SAINSBURYS');
    assert.equal(normalizeName('Marks & Spencer'), 'MARKS AND SPENCER');
    assert.equal(normalizeName('Dŵr Cymru - Welsh Water'), 'DWR CYMRU WELSH WATER');
    assert.equal(normalizeName('Metro Bank (UK) PLC'), 'METRO BANK');
    assert.equal(normalizeName('Acme Limited'), normalizeDescription('ACME LTD'));
  });
});
