/** Builders for accounts and transactions in API tests. Deterministic: the same arguments give the same data. */
import type { TestClient, TestService } from './app.ts';

export interface TestAccount {
  id: string;
  bank_slug: string;
  number: string;
}

let accountSeq = 0;

export async function newAccount(
  svc: TestService,
  client: TestClient,
  customerId: string,
  over: Record<string, unknown> = {},
): Promise<TestAccount> {
  accountSeq += 1;
  const number = `040004${String(10_000_000 + accountSeq).slice(-8)}`;
  const res = await svc.app.inject({
    method: 'POST',
    url: `/public/v3/customers/${customerId}/account_collections`,
    headers: client.auth,
    payload: {
      accounts: [
        {
          bank_slug: 'sandbox',
          number,
          currency: 'GBP',
          type: 'Personal',
          sub_type: 'CurrentAccount',
          name: 'A Customer',
          ...over,
        },
      ],
    },
  });
  if (res.statusCode !== 200) throw new Error(`account failed: ${res.body}`);
  const a = res.json().data[0];
  return { id: a.id, bank_slug: a.bank_slug, number: a.number };
}

export interface SubmittedTxn {
  external_transaction_id: string;
  name: string;
  type?: string | null;
  amount: number | string;
  currency: string;
  status: 'Booked' | 'Pending';
  bank_slug: string;
  account_number: string;
  value_date_time: number;
  booking_date_time: number;
  [extra: string]: unknown;
}

const START = 1_700_000_000; // 2023-11-14

/** n transactions on one account; amounts in pence chosen so the exact total is known (see totalPence). */
export function makeTransactions(
  account: TestAccount,
  n: number,
  opts: { prefix?: string; start?: number } = {},
): SubmittedTxn[] {
  const out: SubmittedTxn[] = new Array(n);
  const start = opts.start ?? START;
  for (let i = 0; i < n; i++) {
    const pence = ((i * 7919) % 20_000) - 12_000; // -120.00 … +79.99
    const at = start + i * 600;
    out[i] = {
      external_transaction_id: `${opts.prefix ?? 'tx'}-${i}`,
      name:
        i % 3 === 0 ? `CARD PAYMENT TO TESCO STORES ${i % 97}` : i % 3 === 1 ? 'BGC ACME LTD SALARY' : 'DD BRITISH GAS',
      type: i % 2 === 0 ? 'CardPayment' : null,
      amount: i % 5 === 0 ? (pence / 100).toFixed(2) : pence / 100,
      currency: 'GBP',
      status: 'Booked',
      bank_slug: account.bank_slug,
      account_number: account.number,
      value_date_time: at,
      booking_date_time: at,
    };
  }
  return out;
}

/** The exact sum of the amounts, in pence (no float arithmetic). */
export function totalPence(txns: Array<{ amount: number | string }>): bigint {
  let sum = 0n;
  for (const t of txns) {
    const [int, frac = ''] = String(typeof t.amount === 'number' ? t.amount.toFixed(2) : t.amount).split('.');
    const sign = int!.startsWith('-') ? -1n : 1n;
    sum += sign * (BigInt(int!.replace('-', '')) * 100n + BigInt((frac + '00').slice(0, 2)));
  }
  return sum;
}

export async function submit(
  svc: TestService,
  client: TestClient,
  customerId: string,
  transactions: unknown[],
  headers: Record<string, string> = {},
) {
  return svc.app.inject({
    method: 'POST',
    url: `/public/v3/customers/${customerId}/transaction_collections`,
    headers: { ...client.auth, ...headers },
    payload: { transactions },
  });
}

/** Every raw transaction of the customer, walking the pages through _links.next. */
export async function readAll(
  svc: TestService,
  client: TestClient,
  customerId: string,
  query = 'max_per_page=1000',
): Promise<Array<Record<string, unknown>>> {
  const all: Array<Record<string, unknown>> = [];
  let url: string | null = `/public/v3/customers/${customerId}/raw-transactions?${query}`;
  while (url) {
    const res: {
      statusCode: number;
      body: string;
      json(): { data: Array<Record<string, unknown>>; _links: { next: { href: string } | null } };
    } = await svc.app.inject({ method: 'GET', url, headers: client.auth });
    if (res.statusCode !== 200) throw new Error(`read failed: ${res.body}`);
    const body = res.json();
    all.push(...body.data);
    url = body._links.next ? new URL(body._links.next.href).pathname + new URL(body._links.next.href).search : null;
  }
  return all;
}
