/**
 * A deterministic batch of submitted transactions for the benchmarks (bench/ingest.bench.ts,
 * bench/event-loop.bench.ts): UK statement texts in turn, amounts in and out, a balance on every row, a merchant on
 * every third, one every 15 minutes from `start`. Imports nothing, so a benchmark's worker thread can load it cheaply.
 */
const NAMES = [
  'CARD PAYMENT TO TESCO STORES 3217 ON 12 JAN',
  'BGC ACME LOGISTICS LTD SALARY',
  'DD BRITISH GAS',
  'SO RENT FLAT 2',
  'FPI J SMITH REF 82736',
  'SKYBET*1234567',
  'LINK 12JAN CASH',
];

/** `n` transactions of the account, ids `<prefix>-<i>`, the first booked at `start` (Unix seconds). */
export function syntheticTransactions(accountNumber: string, n: number, prefix: string, start: number) {
  return Array.from({ length: n }, (_, i) => ({
    external_transaction_id: `${prefix}-${i}`,
    name: NAMES[i % NAMES.length],
    type: i % 2 ? 'CardPayment' : 'DirectDebit',
    amount: (((i * 7919) % 20_000) - 12_000) / 100,
    balance: { amount: (i % 500_000) / 100, currency: 'GBP', type: 'InterimBooked' },
    currency: 'GBP',
    status: 'Booked',
    bank_slug: 'sandbox',
    account_number: accountNumber,
    merchant_details: i % 3 === 0 ? { merchant_name: 'TESCO', merchant_category_code: '5411' } : null,
    value_date_time: start + i * 900,
    booking_date_time: start + i * 900,
  }));
}
