/** Accounts of a customer (docs/decisions/0006-banks-and-accounts.md: account_collections, endpoint 12) and their balances. */
import type { Db } from '../../db/db.ts';
import { AppError, notFound, type FieldError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { isoDate, londonDay } from '../../analytics/calendar/london.ts';
import { toDecimalText } from '../../lib/money.ts';
import { isKnownBankSlug } from '../../banks/registry.ts';
import { requireCustomer } from '../customers/index.ts';
import { markDataChanged } from '../reports/index.ts';
import * as repo from './accounts.repo.ts';
import type { AccountRow, BalanceRow, NewAccount } from './accounts.repo.ts';
import type { Queue } from '../../jobs/queue.ts';

export interface SubmittedAccountInput {
  bank_slug: string;
  number: string;
  sort_code_and_account_number?: { sort_code: string; account_number: string };
  currency: string;
  name?: string | null;
  nickname?: string | null;
  identification?: string | null;
  secondary_identification?: string | null;
  type: 'Personal' | 'Business';
  sub_type: string;
  scheme_name?: string;
  is_authorized?: boolean;
}

export function toAccountWire(a: AccountRow) {
  return {
    id: a.id,
    currency: a.currency,
    name: a.name,
    is_authorized: a.is_authorized,
    nickname: a.nickname,
    identification: a.identification,
    secondary_identification: a.secondary_identification,
    bank_slug: a.bank_slug,
    type: a.type,
    sub_type: a.sub_type,
    number: a.number,
    // docs/decisions/0002-wire-conventions.md: digit strings, because leading zeros matter.
    sort_code_and_account_number:
      a.sort_code !== null && a.account_number !== null
        ? { sort_code: a.sort_code, account_number: a.account_number }
        : null,
    scheme_name: a.scheme_name,
  };
}

/** UK numbers are sort code + account number; the pair is derived from a 14-digit number when not sent. */
function splitUkNumber(input: SubmittedAccountInput): { sort_code: string; account_number: string } | null {
  if (input.sort_code_and_account_number) return input.sort_code_and_account_number;
  return /^\d{14}$/.test(input.number)
    ? { sort_code: input.number.slice(0, 6), account_number: input.number.slice(6) }
    : null;
}

export async function createAccounts(
  db: Db,
  clientId: string,
  customerId: string,
  inputs: SubmittedAccountInput[],
  now: Date,
) {
  await requireCustomer(db, clientId, customerId);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  inputs.forEach((a, i) => {
    if (!isKnownBankSlug(a.bank_slug))
      errors.push({
        pointer: `/accounts/${i}/bank_slug`,
        detail: `unknown bank slug "${a.bank_slug}" (see GET /public/v3/banks)`,
      });
    const pair = a.sort_code_and_account_number;
    if (pair && a.number !== `${pair.sort_code}${pair.account_number}` && a.number !== pair.account_number) {
      errors.push({ pointer: `/accounts/${i}/number`, detail: 'does not match sort_code_and_account_number' });
    }
    const key = `${a.bank_slug}\u0000${a.number}`;
    if (seen.has(key))
      errors.push({
        pointer: `/accounts/${i}/number`,
        detail: 'the same bank_slug and number appear twice in this request',
      });
    seen.add(key);
  });
  if (errors.length)
    throw new AppError('validation_failed', 'Some accounts are invalid; none were stored.', { errors });

  const rows: NewAccount[] = inputs.map((a) => {
    const pair = splitUkNumber(a);
    return {
      id: newId(),
      client_id: clientId,
      customer_id: customerId,
      bank_slug: a.bank_slug,
      number: a.number,
      sort_code: pair?.sort_code ?? null,
      account_number: pair?.account_number ?? null,
      currency: a.currency,
      name: a.name ?? null,
      nickname: a.nickname ?? null,
      identification: a.identification ?? null,
      secondary_identification: a.secondary_identification ?? null,
      type: a.type,
      sub_type: a.sub_type,
      scheme_name: a.scheme_name ?? 'UK.OBIE.SortCodeAccountNumber',
      is_authorized: a.is_authorized ?? null,
    };
  });
  const stored = await db.transaction((tx) => repo.upsertAccounts(tx, rows, 'submitted', now));
  return { data: stored.map(toAccountWire) };
}

/** Endpoint 12: the ownership check and the read in one query; another client's customer is customer_not_found. */
export async function listAccounts(db: Db, clientId: string, customerId: string) {
  const accounts = await repo.listAccountsOfClientCustomer(db, clientId, customerId);
  if (!accounts) throw notFound('customer');
  return { data: accounts.map(toAccountWire) };
}

export function accountNotFound(): AppError {
  return new AppError('account_not_found', 'No account with that id.');
}

export interface SubmittedBalanceInput {
  bank_slug: string;
  account_number: string;
  type: string;
  amount: number | string;
  currency: string;
  date_time: number | string;
}

export async function submitBalances(
  db: Db,
  queue: Queue,
  clientId: string,
  customerId: string,
  inputs: SubmittedBalanceInput[],
  now: Date,
) {
  await requireCustomer(db, clientId, customerId);
  const accounts = new Map(
    (await repo.listAccounts(db, customerId)).map((a) => [`${a.bank_slug}\u0000${a.number}`, a]),
  );
  const errors: FieldError[] = [];
  const rows: BalanceRow[] = [];
  inputs.forEach((b, i) => {
    const account = accounts.get(`${b.bank_slug}\u0000${b.account_number}`);
    const amount = toDecimalText(b.amount);
    const dateTime = Number(b.date_time);
    if (!account)
      errors.push({
        pointer: `/balances/${i}/account_number`,
        detail: 'no account of this customer has this bank_slug and account_number',
      });
    if (amount === null)
      errors.push({ pointer: `/balances/${i}/amount`, detail: 'must be a number with at most 4 decimal places' });
    if (!Number.isSafeInteger(dateTime) || dateTime < 0)
      errors.push({ pointer: `/balances/${i}/date_time`, detail: 'must be Unix seconds' });
    if (account && amount !== null)
      rows.push({
        account_id: account.id,
        type: b.type,
        date: isoDate(londonDay(dateTime)),
        amount,
        currency: b.currency,
        date_time: dateTime,
      });
  });
  if (errors.length) {
    const code = errors.every((e) => e.pointer.endsWith('/account_number'))
      ? 'account_not_found_for_transaction'
      : 'validation_failed';
    throw new AppError(code, 'Some balances are invalid; none were stored.', { errors });
  }
  // One row per account, type and day: within a request, the latest balance of the day wins (as across requests).
  const latest = new Map<string, BalanceRow>();
  for (const r of rows) {
    const key = `${r.account_id}\u0000${r.type}\u0000${r.date}`;
    const seen = latest.get(key);
    if (!seen || seen.date_time <= r.date_time) latest.set(key, r);
  }
  await db.transaction(async (tx) => {
    await repo.upsertBalances(tx, customerId, [...latest.values()], now);
    await markDataChanged(tx, queue, customerId, now);
  });
  return { status: 'success' as const, stored: rows.length };
}

export async function listBalances(db: Db, clientId: string, customerId: string, accountId: string) {
  const found = await repo.listBalancesOfClientAccount(db, clientId, customerId, accountId);
  if (!found.customer) throw notFound('customer');
  if (!found.account) throw accountNotFound();
  return { data: found.balances.map((r) => ({ ...r, amount: Number(r.amount) })) };
}

/*
 * The bank pull's writes (modules/consents), inside its transaction: accounts as the bank describes them,
 * their balances, and whether the service may read them (ACCOUNT_AUTHORIZATION_GRANTED / _LOST follow from it).
 */

/** Creates or updates the bank's accounts (idempotent on bank_slug + number); is_authorized as in `rows`. */
export async function storeBankAccounts(tx: Db, rows: NewAccount[], now: Date): Promise<AccountRow[]> {
  return rows.length === 0 ? [] : repo.upsertAccounts(tx, rows, 'bank', now);
}

export async function storeBankBalances(tx: Db, customerId: string, rows: BalanceRow[], now: Date): Promise<void> {
  if (rows.length > 0) await repo.upsertBalances(tx, customerId, rows, now);
}

/** Sets is_authorized; answers the accounts whose value changed (one webhook each). */
export async function setAccountsAuthorization(
  tx: Db,
  customerId: string,
  accountIds: string[],
  isAuthorized: boolean,
  now: Date,
): Promise<string[]> {
  return repo.setAuthorized(tx, customerId, accountIds, isAuthorized, now);
}

/**
 * The accounts of this client's customer, checked to be the client's in the same query (a submission's customer
 * check and its account lookup in one round trip), or customer_not_found.
 */
export async function requireCustomerAccounts(db: Db, clientId: string, customerId: string): Promise<AccountRow[]> {
  const accounts = await repo.listAccountsOfClientCustomer(db, clientId, customerId);
  if (!accounts) throw notFound('customer');
  return accounts;
}

export async function listCustomerAccounts(db: Db, customerId: string): Promise<AccountRow[]> {
  return repo.listAccounts(db, customerId);
}
