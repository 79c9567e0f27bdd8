import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { generateVolume } from './volume.ts';
import { AS_OF, byAccount, pence } from '../../test/helpers/persona-support.ts';
import { DAY_SECONDS } from './calendar.ts';

describe('personas › volume customers for benchmarks', () => {
  test('exactly the number of transactions asked for', () => {
    for (const n of [1, 250, 2000])
      assert.equal(generateVolume({ asOf: AS_OF, seed: 4, transactions: n }).transactions.length, n);
  });

  test('10 000 transactions span several years of one customer, with consistent balances', () => {
    const p = generateVolume({ asOf: AS_OF, seed: 4, transactions: 10_000 });
    assert.equal(p.transactions.length, 10_000);
    assert.ok(p.asOf - p.from > 3.5 * 365 * DAY_SECONDS && p.asOf - p.from <= 5.01 * 365.25 * DAY_SECONDS);
    for (const acct of p.accounts) {
      let bal = pence(acct.opening_balance);
      for (const t of byAccount(p).get(acct.number) ?? []) {
        bal += pence(t.amount);
        assert.equal(pence(t.balance.amount), bal);
      }
    }
    assert.deepEqual(
      generateVolume({ asOf: AS_OF, seed: 4, transactions: 10_000 }).transactions.slice(-50),
      p.transactions.slice(-50),
    );
  });

  test('100 000 transactions work (timings belong in bench/)', () => {
    const p = generateVolume({ asOf: AS_OF, seed: 5, transactions: 100_000 });
    assert.equal(p.transactions.length, 100_000);
    assert.ok(p.asOf - p.from <= 5.01 * 365.25 * DAY_SECONDS);
    const ids = new Set(p.transactions.map((t) => `${t.account_number}|${t.external_transaction_id}`));
    assert.equal(ids.size, 100_000);
    assert.ok(p.statements.length > 50);
  });

  test('refuses nonsense sizes', () => {
    assert.throws(() => generateVolume({ asOf: AS_OF, transactions: 0 }), RangeError);
    assert.throws(() => generateVolume({ asOf: AS_OF, transactions: 2.5 }), RangeError);
  });
});
