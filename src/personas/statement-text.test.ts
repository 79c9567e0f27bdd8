import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { CardInput } from './statement-text.ts';
import { styleFor } from './bank-styles.ts';
import { dayFromCivil } from './calendar.ts';
import { formatId, titleCase, truncate } from './statement-text.ts';

const tesco: CardInput = {
  descriptor: 'TESCO STORES 3217',
  location: 'LEEDS',
  country: 'GB',
  pence: 1250,
  day: dayFromCivil(2026, 1, 11),
  last4: '4821',
  contactless: true,
};
const own = { nickname: 'Savings', sortCode: '401234', accountNumber: '12345678' };

describe('statement texts by bank', () => {
  test('Santander spells card payments out with amount, rate and date', () => {
    assert.equal(
      styleFor('santander').card(tesco),
      'CARD PAYMENT TO TESCO STORES 3217,12.50 GBP, RATE 1.00/GBP ON 11-01-2026',
    );
  });
  test('card payments at the other banks', () => {
    assert.equal(styleFor('hsbc').card(tesco), ')))TESCO STORES 3217 LEEDS');
    assert.equal(styleFor('lloyds').card(tesco), 'TESCO STORES 3217 CD 4821');
    assert.equal(styleFor('natwest').card(tesco), '4821 11JAN26 C , TESCO STORES 3217 , LEEDS GB');
    assert.equal(styleFor('barclays').card(tesco), 'TESCO STORES 3217 ON 11 JAN CLP');
    assert.equal(styleFor('nationwide').card(tesco), 'TESCO STORES 3217    LEEDS GB');
    assert.equal(styleFor('monzo').card(tesco), 'TESCO STORES 3217 LEEDS GBR');
    assert.equal(styleFor('starling').card(tesco), 'Tesco Stores 3217');
  });
  test('the prefix style reads like a classic statement', () => {
    const s = styleFor('tsb');
    assert.equal(s.giroCredit('ACME LOGISTICS LTD', 'SALARY'), 'BGC ACME LOGISTICS LTD SALARY');
    assert.equal(s.fasterIn('J SMITH', '82736', 0), 'FPI J SMITH REF 82736');
    assert.equal(s.directDebit('BRITISH GAS', '850012345'), 'DD BRITISH GAS 850012345');
    assert.equal(s.standingOrder('M PATEL', 'RENT FLAT 2'), 'SO M PATEL RENT FLAT 2');
    assert.equal(s.cash({ ...tesco, day: dayFromCivil(2026, 1, 12) }), 'LINK 12JAN CASH');
    assert.equal(s.unpaidDirectDebit('BRITISH GAS'), 'UNPAID DD BRITISH GAS');
    assert.equal(s.charge('unarranged_od_fee'), 'UNARRANGED OD FEE');
  });
  test('own transfers name the other account', () => {
    assert.equal(styleFor('hsbc').transferOut(own, 0), 'TFR 401234 12345678');
    assert.equal(styleFor('santander').transferIn(own, 0), 'TRANSFER FROM SAVINGS 12345678');
  });
  test('business and related banks write like their retail bank; unknown slugs get the prefix style', () => {
    assert.equal(styleFor('natwest-business').slug, 'natwest-business');
    assert.equal(styleFor('natwest-business').card(tesco), styleFor('natwest').card(tesco));
    assert.equal(styleFor('first-direct').card(tesco), styleFor('hsbc').card(tesco));
    assert.equal(styleFor('some-new-bank').directDebit('EE LIMITED', '1'), 'DD EE LIMITED 1');
  });
  test('truncation and case helpers', () => {
    assert.equal(truncate('HMRC CHILD BENEFIT CHB12345678', 18), 'HMRC CHILD BENEFIT');
    assert.equal(truncate('AMAZON.CO.UK*2B4XK AMAZON.CO', 18), 'AMAZON.CO.UK*2B4XK');
    assert.equal(truncate('AB CD', 3), 'AB');
    assert.equal(titleCase('SAINSBURYS S/MKTS'), 'Sainsburys S/Mkts');
  });
  test('ids look like each bank’s and differ with the input', () => {
    assert.match(formatId('hex', 1, 2), /^[0-9A-F]{24}$/);
    assert.match(formatId('monzo', 1, 2), /^tx_0000[0-9A-Za-z]{22}$/);
    assert.match(formatId('uuid', 1, 2), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.match(formatId('numeric', 1, 2), /^\d{20}$/);
    assert.notEqual(formatId('hex', 1, 2), formatId('hex', 1, 3));
  });
});
