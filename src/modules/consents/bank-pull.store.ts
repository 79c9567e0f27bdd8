/**
 * Storing one pull, inside one transaction (all or nothing): accounts, the consent's account links, balances,
 * transactions exactly as endpoint 10 stores them (storeTransactionRows: reports not_ready, recomputation
 * enqueued), pending items the bank no longer returns removed, statements and parties; accounts authorised again
 * announce ACCOUNT_AUTHORIZATION_GRANTED, accounts the customer no longer shares ACCOUNT_AUTHORIZATION_LOST.
 */
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import { BankBadResponseError, type NormalizedPull } from '../../banks/index.ts';
import type { NewAccount } from '../accounts/index.ts';
import { listCustomerAccounts, storeBankAccounts, storeBankBalances } from '../accounts/index.ts';
import { isoDate, londonDay } from '../../analytics/calendar/london.ts';
import { newId } from '../../lib/ids.ts';
import { markDataChanged } from '../reports/index.ts';
import { storeParties, storeStatements, type PartyBody, type StatementBody } from '../statements/index.ts';
import { rowsOfPull, type BankDetail } from '../transactions/index.ts';
import { feedPosition, removeVanishedPending, storeBankDetails, storeTransactionRows } from '../transactions/index.ts';
import type { ConsentDeps } from './bank-access.ts';
import { grantAccounts, loseAccounts } from './consent-lifecycle.ts';
import * as repo from './consents.repo.ts';
import type { ConsentRow } from './consents.repo.ts';

export interface PullWindow {
  /** the consent's first successful pull */
  first: boolean;
  /** Unix seconds: transactions were read from here */
  from: number;
  to: number;
}

export async function storePull(
  tx: Db,
  deps: ConsentDeps,
  consent: ConsentRow,
  data: NormalizedPull,
  window: PullWindow,
): Promise<Record<string, unknown>> {
  const now = deps.clock.now();
  const accounts = await storeAccounts(tx, deps.queue, consent, data, now);
  const { accountOf } = accounts;
  await storeBankBalances(
    tx,
    consent.customer_id,
    data.balances.map((b) => ({
      account_id: accountOf(b.bankAccountId, 'a balance').id,
      type: b.type,
      date: isoDate(londonDay(b.dateTime)),
      amount: b.amount,
      currency: b.currency,
      date_time: b.dateTime,
      credit_line: b.creditLines,
    })),
    now,
  );
  const transactions = await storeTransactions(
    tx,
    { queue: deps.queue, customerId: consent.customer_id, now },
    consent,
    data,
    window,
    accounts,
  );
  await storeDocuments(tx, consent, data, accountOf, now);

  // The first data from a bank makes reports not_ready even when it brought no transactions.
  if (window.first) await markDataChanged(tx, deps.queue, consent.customer_id, now);
  return {
    accounts: accounts.stored.length,
    balances: data.balances.length,
    statements: data.statements.length,
    parties: data.parties.length,
    transactions,
    accounts_authorised_again: accounts.granted.length,
    accounts_no_longer_shared: accounts.lost.length,
    // docs/decisions/0046-real-bank-variations.md: what the bank does not offer, and the items it sent unreadable.
    not_offered: [...new Set(data.notOffered.map((n) => n.resource))].sort(),
    skipped_items: data.skipped.length,
    skipped_by_resource: Object.fromEntries(
      [...new Set(data.skipped.map((x) => x.resource))].map((r) => [
        r,
        data.skipped.filter((x) => x.resource === r).length,
      ]),
    ),
  };
}

type StoredAccount = Awaited<ReturnType<typeof storeBankAccounts>>[number];

interface StoredAccounts {
  stored: StoredAccount[];
  granted: string[];
  lost: string[];
  /** the stored account behind a bank account id, or a bad-response error naming `what` referred to it */
  accountOf(bankAccountId: string, what: string): StoredAccount;
}

/**
 * Accounts: the bank's description wins; a new one starts authorised, an existing one keeps its flag for now.
 * Accounts shared again are granted; accounts an earlier consent at this bank covered and this one does not are lost.
 */
async function storeAccounts(
  tx: Db,
  queue: Queue,
  consent: ConsentRow,
  data: NormalizedPull,
  now: Date,
): Promise<StoredAccounts> {
  if (new Set(data.accounts.map((a) => a.number)).size !== data.accounts.length) {
    throw new BankBadResponseError(consent.bank_slug, 'the bank listed the same account number twice');
  }
  const existing = new Map(
    (await listCustomerAccounts(tx, consent.customer_id)).map((a) => [`${a.bank_slug}\u0000${a.number}`, a]),
  );
  const rows: NewAccount[] = data.accounts.map((a) => ({
    id: existing.get(`${consent.bank_slug}\u0000${a.number}`)?.id ?? newId(),
    client_id: consent.client_id,
    customer_id: consent.customer_id,
    bank_slug: consent.bank_slug,
    number: a.number,
    sort_code: a.sortCode,
    account_number: a.accountNumber,
    currency: a.currency,
    name: a.name,
    nickname: a.nickname,
    identification: a.identification,
    secondary_identification: a.secondaryIdentification,
    type: a.type,
    sub_type: a.subType,
    scheme_name: a.schemeName,
    is_authorized: null,
  }));
  const stored = await storeBankAccounts(tx, rows, now);
  const byBankId = new Map<string, StoredAccount>();
  const links: Array<{ accountId: string; bankAccountId: string }> = [];
  data.accounts.forEach((a, i) => {
    const account = stored[i];
    if (!account) throw new Error(`storeBankAccounts returned ${stored.length} accounts for ${rows.length}`);
    byBankId.set(a.bankAccountId, account);
    links.push({ accountId: account.id, bankAccountId: a.bankAccountId });
  });
  await repo.linkAccounts(tx, { customerId: consent.customer_id, id: consent.id }, links);
  const pulledIds = stored.map((a) => a.id);
  const granted = await grantAccounts(tx, queue, consent, pulledIds, now);
  const dropped = (await repo.accountsOfEarlierConsents(tx, consent.customer_id, consent.bank_slug, consent.id)).filter(
    (id) => !pulledIds.includes(id),
  );
  const lost = await loseAccounts(tx, queue, consent, dropped, now);
  const accountOf = (bankAccountId: string, what: string) => {
    const a = byBankId.get(bankAccountId);
    if (!a)
      throw new BankBadResponseError(
        consent.bank_slug,
        `${what} of an account the bank did not list (${bankAccountId})`,
      );
    return a;
  };
  return { stored, granted, lost, accountOf };
}

/** Transactions exactly as endpoint 10 stores them; pending ones the bank no longer returns are removed. */
async function storeTransactions(
  tx: Db,
  ctx: Parameters<typeof storeTransactionRows>[1],
  consent: ConsentRow,
  data: NormalizedPull,
  window: PullWindow,
  { stored, accountOf }: StoredAccounts,
) {
  const built = rowsOfPull(
    data.transactions.map((t) => {
      const account = accountOf(t.bankAccountId, 'a transaction');
      return {
        account_id: account.id,
        external_transaction_id: t.externalTransactionId,
        name: t.name,
        type: t.type,
        amount: t.amount,
        currency: t.currency,
        balance_amount: t.balance?.amount ?? null,
        balance_currency: t.balance?.currency ?? null,
        balance_type: t.balance?.type ?? null,
        status: t.status,
        bank_slug: consent.bank_slug,
        account_number: account.number,
        category: t.category,
        address_line: t.addressLine,
        merchant_name: t.merchantName,
        merchant_category_code: t.merchantCategoryCode,
        bank_transaction_code: t.bankTransactionCode,
        // the issuer is kept only with a code (a submission's proprietary_bank_transaction_code carries both)
        bank_transaction_issuer: t.bankTransactionCode === null ? null : t.bankTransactionIssuer,
        value_date_time: t.valueDateTime,
        booking_date_time: t.bookingDateTime,
      };
    }),
  );
  if (built.errorCount > 0) {
    const first = built.errors[0];
    throw new BankBadResponseError(
      consent.bank_slug,
      `${built.errorCount} transaction(s) cannot be stored${first ? ` (first: ${first.pointer} ${first.detail})` : ''}`,
    );
  }
  // The change feed's position before the rows go in: the booked rows of this pull lie after it, and a pending row
  // that vanished is linked to the one that replaced it (removeVanishedPending).
  const bookedSince = await feedPosition(tx);
  const answer = await storeTransactionRows(tx, ctx, built.rows);
  let removed = 0;
  for (const account of stored) {
    const pulled = data.transactions.filter((t) => accountOf(t.bankAccountId, 'a transaction').id === account.id);
    const keep = pulled.map((t) => t.externalTransactionId);
    removed += await removeVanishedPending(tx, ctx, account.id, keep, window.from, bookedSince);
    await storeBankDetails(tx, ctx.customerId, account.id, keep, bankDetails(pulled), ctx.now);
  }
  return {
    received: built.rows.length,
    saved: answer.saved,
    updated: answer.updated,
    already_present: answer.already_present,
    removed_pending: removed,
  };
}

/** The charges and currency exchanges of pulled transactions, for those that carry either. */
function bankDetails(pulled: NormalizedPull['transactions']): BankDetail[] {
  return pulled
    .filter((t) => t.charge !== null || t.currencyExchange !== null)
    .map((t) => ({
      external_transaction_id: t.externalTransactionId,
      charge: t.charge,
      currency_exchange: t.currencyExchange && {
        source_currency: t.currencyExchange.sourceCurrency,
        target_currency: t.currencyExchange.targetCurrency,
        unit_currency: t.currencyExchange.unitCurrency,
        exchange_rate: t.currencyExchange.exchangeRate,
        instructed_amount: t.currencyExchange.instructedAmount,
      },
    }));
}

/** Statements and parties, per account, as the bank sent them. */
async function storeDocuments(
  tx: Db,
  consent: ConsentRow,
  data: NormalizedPull,
  accountOf: StoredAccounts['accountOf'],
  now: Date,
): Promise<void> {
  const statements = groupBy(data.statements, (s) => accountOf(s.bankAccountId, 'a statement').id);
  for (const [accountId, list] of statements)
    await storeStatements(
      tx,
      consent.customer_id,
      accountId,
      list.map((s) => s.body as StatementBody),
      now,
    );
  const parties = groupBy(data.parties, (p) => accountOf(p.bankAccountId, 'a party').id);
  for (const [accountId, list] of parties)
    await storeParties(
      tx,
      consent.customer_id,
      accountId,
      list.map((p) => p.body as PartyBody),
      now,
    );
}

function groupBy<T>(items: T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of items) {
    const k = key(x);
    const list = out.get(k);
    if (list) list.push(x);
    else out.set(k, [x]);
  }
  return out;
}
