/**
 * Repeated ids within a submission: the exact index (the answers name both items) and the hashed one the streamed
 * reading and packRows use (transactions.ingest.ts, hashedRepeats) find the same repeats, keep accounts apart, and
 * hold as the table grows past its first size.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRowBuilder, packRows, type SubmittedTransactionInput } from './transactions.ingest.ts';

const accounts = new Map([
  ['sandbox\u000011111111', 'account-a'],
  ['sandbox\u000022222222', 'account-b'],
]);

function item(number: string, id: string): SubmittedTransactionInput {
  return {
    external_transaction_id: id,
    name: 'TESCO STORES 2041',
    amount: -12.5,
    currency: 'GBP',
    status: 'Booked',
    bank_slug: 'sandbox',
    account_number: number,
    value_date_time: 1_700_000_000,
    booking_date_time: 1_700_000_000,
  };
}

/** 10 000 items over two accounts, each id used once per account (so every id twice in all). */
function distinct(): SubmittedTransactionInput[] {
  const out: SubmittedTransactionInput[] = [];
  for (let i = 0; i < 5_000; i++) out.push(item('11111111', `tx-${i}`), item('22222222', `tx-${i}`));
  return out;
}

function build(items: SubmittedTransactionInput[], repeats: 'exact' | 'hashed') {
  const builder = createRowBuilder(accounts, repeats);
  items.forEach((t, i) => builder.add(t, i));
  return builder.result();
}

describe('repeated ids within a submission', () => {
  for (const repeats of ['exact', 'hashed'] as const) {
    test(`${repeats}: the same id in two accounts is no repeat, past the table's first size`, () => {
      const result = build(distinct(), repeats);
      assert.equal(result.errorCount, 0);
      assert.equal(result.rows.length, 10_000);
    });

    test(`${repeats}: a repeat within an account names the first item that had the id`, () => {
      const items = distinct();
      items.push(item('22222222', 'tx-4321'), item('11111111', 'tx-17'));
      const result = build(items, repeats);
      assert.equal(result.errorCount, 2);
      assert.deepEqual(result.badValues, [
        {
          pointer: '/transactions/10000/external_transaction_id',
          detail: 'repeats /transactions/8643/external_transaction_id for the same account',
        },
        {
          pointer: '/transactions/10001/external_transaction_id',
          detail: 'repeats /transactions/34/external_transaction_id for the same account',
        },
      ]);
      assert.deepEqual(result.rows, []);
    });
  }

  test('packRows marks a batch with a repeat for the exact reading, and not one without', () => {
    const items = distinct();
    assert.equal(packRows(items).problems, false);
    items.push(item('11111111', 'tx-4999'));
    assert.equal(packRows(items).problems, true);
  });
});
