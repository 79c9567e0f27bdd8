/**
 * What a bank says of a transaction beyond the submission's columns: the charge it took (OBIE ChargeAmount) and the
 * currency exchange of a payment made in another currency (OBIE CurrencyExchange). Kept beside transactions by the
 * transaction's natural key (account, the bank's id): docs/decisions/0070-bank-charges-and-currency-exchange.md.
 */
import type { Db } from '../../db/db.ts';

export interface CurrencyExchangeDetail {
  source_currency: string;
  target_currency: string | null;
  unit_currency: string | null;
  /** exact decimal text, as the bank sent it */
  exchange_rate: string;
  instructed_amount: { amount: string; currency: string } | null;
}

export interface BankDetail {
  external_transaction_id: string;
  /** unsigned exact decimal text */
  charge: { amount: string; currency: string } | null;
  currency_exchange: CurrencyExchangeDetail | null;
}

/**
 * The details of one account's pulled transactions: those of `pulledExternalIds` are replaced by `details` (a
 * transaction whose charge the bank no longer reports loses it), the others are left alone.
 */
export async function replaceBankDetails(
  tx: Db,
  customerId: string,
  accountId: string,
  pulledExternalIds: string[],
  details: BankDetail[],
  now: Date,
): Promise<void> {
  await deleteBankDetails(tx, customerId, accountId, pulledExternalIds);
  if (details.length === 0) return;
  await tx.query(
    `INSERT INTO transaction_bank_details
       (customer_id, account_id, external_transaction_id, charge_amount, charge_currency, currency_exchange, updated_at)
     SELECT $1, $2, d.id, d.amount, d.currency, d.fx, $7
     FROM unnest($3::text[], $4::numeric[], $5::text[], $6::jsonb[]) AS d (id, amount, currency, fx)`,
    [
      customerId,
      accountId,
      details.map((d) => d.external_transaction_id),
      details.map((d) => d.charge?.amount ?? null),
      details.map((d) => d.charge?.currency ?? null),
      details.map((d) => (d.currency_exchange ? JSON.stringify(d.currency_exchange) : null)),
      now,
    ],
  );
}

/** Drops the details of transactions that went (a pending row the bank no longer returns). */
export async function deleteBankDetails(
  tx: Db,
  customerId: string,
  accountId: string,
  externalIds: string[],
): Promise<void> {
  if (externalIds.length === 0) return;
  await tx.query(
    `DELETE FROM transaction_bank_details
     WHERE customer_id = $1 AND account_id = $2 AND external_transaction_id = ANY($3::text[])`,
    [customerId, accountId, externalIds],
  );
}

/**
 * The join and columns a read of transactions `t` adds to carry the details: the page reads stay one statement,
 * and the join is by the table's primary key.
 */
export const BANK_DETAILS_COLUMNS =
  'd.charge_amount::text AS charge_amount, d.charge_currency, d.currency_exchange AS currency_exchange';
export const BANK_DETAILS_JOIN = `LEFT JOIN transaction_bank_details d ON d.customer_id = t.customer_id
  AND d.account_id = t.account_id AND d.external_transaction_id = t.external_transaction_id`;
