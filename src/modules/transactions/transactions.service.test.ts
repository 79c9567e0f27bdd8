/**
 * The categorised wire (toCategorisedWire, transactions.service.ts) is compiled from the raw wire's declaration
 * (RAW_WIRE, transactions.row.ts) and the category members' order; it was written by hand on top of toRawWire. Here
 * it must give, for a few hundred varied stored rows, the same JSON text, member order included, as that
 * hand-written form, kept below as the reference: the answers of the categorised endpoints stay byte for byte.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { findCategory, personalCategories, businessCategories } from '../../analytics/categories/taxonomy.ts';
import { createRng, type Rng } from '../../personas/prng.ts';
import type { StoredTransaction } from './transactions.repo.ts';
import { toCategorisedWire, toRawWire } from './transactions.service.ts';

/** The hand-written categorised wire as it was, member for member. */
function referenceCategorisedWire(t: StoredTransaction) {
  const correction = (() => {
    if (!t.correction_category_id || !t.correction_account_type) return null;
    const category = findCategory(t.correction_account_type, t.correction_category_id);
    return category ? { id: category.id, name: category.name } : null;
  })();
  const classified = t.classified_category_id !== undefined && t.classified_category_id !== null;
  const original = classified
    ? {
        id: t.original_category_id ?? t.classified_category_id ?? null,
        name: t.original_category_name ?? t.classified_category ?? null,
      }
    : { id: null, name: null };
  const stale = !correction && t.category_source === 'correction';
  const source: 'correction' | 'rule' | 'engine' | null = correction
    ? 'correction'
    : stale
      ? 'engine'
      : classified
        ? (t.category_source ?? 'engine')
        : null;
  return {
    ...toRawWire(t),
    category: correction?.name ?? (stale ? original.name : classified ? (t.classified_category ?? null) : t.category),
    category_id: correction?.id ?? (stale ? original.id : (t.classified_category_id ?? null)),
    merchant: classified ? (t.classified_merchant ?? null) : t.merchant_name,
    category_source: source,
    original_category_id: original.id,
    original_category: original.name,
    rule_id: source === 'rule' ? (t.rule_id ?? null) : null,
    correction:
      correction && t.corrected_at && t.correction_actor_type && t.correction_actor_id
        ? {
            category_id: correction.id,
            corrected_at: Math.floor(new Date(t.corrected_at).getTime() / 1000),
            corrected_by: { type: t.correction_actor_type, id: t.correction_actor_id },
          }
        : null,
  };
}

const maybe = <T>(rng: Rng, value: T, probability = 0.5): T | null => (rng.chance(probability) ? value : null);
/** The value mostly; else absent (as a raw read gives it) or null. */
const absentNullOr = <T>(rng: Rng, value: T): T | null | undefined =>
  rng.chance(0.8) ? value : rng.pick([undefined, null]);

/** A stored row with each member drawn independently: every combination the wire branches on turns up. */
function sampleRow(rng: Rng, i: number): StoredTransaction {
  const accountType = rng.pick(['Personal', 'Business'] as const);
  const list = accountType === 'Personal' ? personalCategories : businessCategories;
  const category = () => rng.pick(list).id;
  const classified = rng.chance(0.6);
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    account_id: `acc-${rng.int(1, 3)}`,
    external_transaction_id: `ext-${i}-${rng.alnum(6)}`,
    name: rng.pick(['TESCO STORES 2041', 'SALARY ACME LTD', 'Quote " and \\ back', 'Café ünïcode']),
    type: maybe(rng, rng.pick(['CardPayment', 'DirectDebit'])),
    amount: rng.pick(['-12.50', '1000', '-0.01', '2500.00']),
    currency: rng.pick(['GBP', 'EUR']),
    balance_amount: maybe(rng, rng.pick(['1234.56', '-20', '0'])),
    balance_currency: maybe(rng, 'GBP'),
    balance_type: maybe(rng, 'ClosingBooked'),
    status: rng.pick(['Booked', 'Pending']),
    bank_slug: 'natwest',
    account_number: '12345678',
    category: maybe(rng, rng.pick(['Groceries', 'Salary'])),
    address_line: maybe(rng, '1 High Street'),
    merchant_name: maybe(rng, 'Tesco'),
    merchant_category_code: maybe(rng, '5411'),
    bank_transaction_code: maybe(rng, 'PMT'),
    bank_transaction_issuer: maybe(rng, 'OBIE'),
    value_date_time: 1_700_000_000 + i,
    booking_date_time: 1_700_000_000 + i * 60,
    charge_amount: absentNullOr(rng, '0.50'),
    charge_currency: absentNullOr(rng, 'GBP'),
    currency_exchange: absentNullOr(rng, {
      source_currency: 'EUR',
      target_currency: maybe(rng, 'GBP'),
      unit_currency: maybe(rng, 'EUR'),
      exchange_rate: '0.8571',
      instructed_amount: maybe(rng, { amount: '10.00', currency: 'EUR' }),
    }),
    ...(rng.chance(0.9)
      ? {
          classified_category_id: classified ? category() : rng.pick([null, undefined]),
          classified_category: classified ? maybe(rng, 'Groceries', 0.9) : null,
          classified_merchant: classified ? maybe(rng, 'Tesco') : null,
          category_source: rng.pick(['correction', 'rule', null, undefined] as const),
          rule_id: absentNullOr(rng, `rule-${i}`),
          original_category_id: absentNullOr(rng, category()),
          original_category_name: absentNullOr(rng, 'Eating out'),
          correction_id: absentNullOr(rng, `corr-${i}`),
          correction_account_type: absentNullOr(rng, accountType),
          // a known category, one of the other list (not found), or withdrawn
          correction_category_id: rng.pick([category(), category(), 'no-such-category', null, undefined]),
          correction_actor_type: absentNullOr(rng, rng.pick(['api_client', 'console_user'] as const)),
          correction_actor_id: absentNullOr(rng, 'actor-1'),
          corrected_at: absentNullOr(rng, new Date(1_700_000_000_123 + i * 1000)),
        }
      : {}),
  };
}

describe('the categorised wire', () => {
  test('gives the same JSON text as the hand-written form for 600 varied rows', () => {
    const rng = createRng(20261129);
    const sources = new Set<unknown>();
    let corrected = 0;
    for (let i = 0; i < 600; i++) {
      const row = sampleRow(rng, i);
      const expected = referenceCategorisedWire(row);
      const actual = toCategorisedWire(row);
      assert.equal(JSON.stringify(actual), JSON.stringify(expected), `row ${i}`);
      assert.deepEqual(Object.keys(actual), Object.keys(expected), `row ${i}: member order`);
      sources.add(expected.category_source);
      if (expected.correction) corrected++;
    }
    // The samples reach every branch: each source, and corrections shown.
    assert.deepEqual([...sources].sort(), ['correction', 'engine', 'rule', null].sort());
    assert.ok(corrected > 10, `only ${corrected} corrections shown`);
  });
});
