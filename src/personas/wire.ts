/**
 * Mappers from a persona to what other parts of the project consume: the spec's Account shape (to create the
 * accounts before posting transactions, or for the sandbox bank) and the analytics engine's input.
 */
import type { EngineAccount, EngineTransaction } from '../analytics/types.ts';
import type { Persona, PersonaAccount } from './model.ts';

/** Spec "Account" fields for one persona account (id and is_authorized are the service's to set). */
export function toAccountWire(a: PersonaAccount): {
  currency: string;
  name: string;
  nickname: string;
  identification: string;
  bank_slug: string;
  type: string;
  sub_type: string;
  number: string;
  sort_code_and_account_number: { sort_code: string; account_number: string };
  scheme_name: string;
} {
  return {
    currency: a.currency,
    name: a.name,
    nickname: a.nickname,
    identification: a.number,
    bank_slug: a.bank_slug,
    type: a.type,
    sub_type: a.sub_type,
    number: a.number,
    sort_code_and_account_number: { sort_code: a.sort_code, account_number: a.account_number },
    scheme_name: 'UK.OBIE.SortCodeAccountNumber',
  };
}

/** The engine's input records; transaction ids are "<account id>:<external id>" (unique per customer). */
export function toEngineInput(p: Persona): { accounts: EngineAccount[]; transactions: EngineTransaction[] } {
  const byNumber = new Map(p.accounts.map((a) => [a.number, a]));
  const accounts = p.accounts.map((a): EngineAccount => ({
    id: a.id,
    type: a.type,
    subType: a.sub_type,
    currency: a.currency,
    bankSlug: a.bank_slug,
    accountNumber: a.number,
  }));
  const transactions = p.transactions.map((t): EngineTransaction => {
    const acct = byNumber.get(t.account_number) as PersonaAccount;
    return {
      id: `${acct.id}:${t.external_transaction_id}`,
      accountId: acct.id,
      amount: t.amount,
      currency: t.currency,
      status: t.status,
      bookedAt: t.booking_date_time,
      description: t.name,
      type: t.type,
      mcc: t.merchant_details?.merchant_category_code ?? null,
      merchantName: t.merchant_details?.merchant_name ?? null,
      submittedCategory: t.category ?? null,
      balance: t.balance.amount,
    };
  });
  return { accounts, transactions };
}
