import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { generatePersona } from './personas.ts';
import { AS_OF, PERSONA_NAMES, persona } from '../../test/helpers/persona-support.ts';
import { DAY_SECONDS } from './calendar.ts';

describe('personas › determinism', () => {
  test('the same seed and asOf give byte-identical output for every persona', () => {
    for (const name of PERSONA_NAMES) {
      const a = JSON.stringify(generatePersona(name, { asOf: AS_OF, seed: 42, years: 1 }));
      const b = JSON.stringify(generatePersona(name, { asOf: AS_OF, seed: 42, years: 1 }));
      assert.equal(a, b, name);
    }
  });

  test('a different seed gives a different history', () => {
    for (const name of PERSONA_NAMES) {
      const a = persona(name, 1, 1);
      const b = persona(name, 2, 1);
      assert.notDeepEqual(
        a.transactions.map((t) => t.amount),
        b.transactions.map((t) => t.amount),
        name,
      );
      assert.notEqual(a.accounts[0]?.account_number, b.accounts[0]?.account_number, name);
    }
  });

  test('two personas with the same seed are different people', () => {
    const a = persona('salaried-monthly', 5, 1);
    const b = persona('overdrawn', 5, 1);
    const amounts = new Set(a.transactions.map((t) => `${t.booking_date_time}|${t.amount}`));
    const shared = b.transactions.filter((t) => amounts.has(`${t.booking_date_time}|${t.amount}`));
    assert.ok(shared.length < 3, `${shared.length} identical transactions`);
  });

  test('the default seed is 1', () => {
    assert.deepEqual(
      generatePersona('pensioner', { asOf: AS_OF, years: 1 }),
      generatePersona('pensioner', { asOf: AS_OF, seed: 1, years: 1 }),
    );
  });
});

describe('personas › stability as asOf and years change', () => {
  // Personas whose story is not told relative to asOf keep their past when asked later or for longer.
  const stable = [
    'salaried-monthly',
    'weekly-paid',
    'mortgage-holder',
    'pensioner',
    'benefits',
    'payday-borrower',
    'bnpl-shopper',
    'debt-collection',
    'overdrawn',
    'business-sole-trader',
    'business-limited',
  ];

  test('a later asOf keeps every earlier booked transaction, with its id and balance', () => {
    for (const name of stable) {
      const early = persona(name, 9, 1);
      const later = generatePersona(name, { asOf: AS_OF + 45 * DAY_SECONDS, seed: 9, years: 1 });
      const byId = new Map(later.transactions.map((t) => [`${t.account_number}|${t.external_transaction_id}`, t]));
      const overlap = early.transactions.filter((t) => t.booking_date_time >= later.from && t.status === 'Booked');
      assert.ok(overlap.length > 100, name);
      for (const t of overlap)
        assert.deepEqual(byId.get(`${t.account_number}|${t.external_transaction_id}`), t, `${name} ${t.name}`);
    }
  });

  test('a pending card payment is booked under the same id once asOf moves on', () => {
    const early = persona('salaried-monthly', 9, 1);
    const later = generatePersona('salaried-monthly', { asOf: AS_OF + 10 * DAY_SECONDS, seed: 9, years: 1 });
    const pending = early.transactions.filter((t) => t.status === 'Pending');
    assert.ok(pending.length > 0);
    const byId = new Map(later.transactions.map((t) => [t.external_transaction_id, t]));
    for (const t of pending) {
      const booked = byId.get(t.external_transaction_id);
      assert.equal(booked?.status, 'Booked');
      assert.equal(booked?.amount, t.amount);
    }
  });

  test('a one-year history is the tail of the two-year history', () => {
    for (const name of stable) {
      const one = persona(name, 3, 1);
      const two = persona(name, 3, 2);
      assert.deepEqual(
        two.transactions.slice(two.transactions.length - one.transactions.length),
        one.transactions,
        name,
      );
    }
  });
});
