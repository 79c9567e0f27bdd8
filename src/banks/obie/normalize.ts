/**
 * OBIE Account and Transaction API v3.1 payloads → our normalised shapes (banks/connector.ts). Pure: no I/O, no
 * clock. Reads the standard; per-bank quirks are applied from overrides/<slug>.ts. Anything unreadable throws
 * BankBadResponseError naming the resource, page and JSON path.
 */
import { createHash } from 'node:crypto';
import type {
  NormalizedAccount,
  NormalizedBalance,
  NormalizedDocument,
  NormalizedPull,
  NormalizedTransaction,
  RawPayload,
} from '../connector.ts';
import { BankBadResponseError } from '../errors.ts';
import { overrideFor, type ObieOverride } from './overrides/index.ts';
import {
  dateTime,
  obj,
  optArr,
  optDateTime,
  optObj,
  optStr,
  ShapeError,
  signedAmount,
  str,
  type Json,
} from './read.ts';
import { toSpecParty, toSpecStatement } from './documents.ts';

const SUB_TYPES = new Set([
  'ChargeCard',
  'CreditCard',
  'CurrentAccount',
  'EMoney',
  'Loan',
  'Mortgage',
  'PrePaidCard',
  'Savings',
]);

/** ISO 20022 bank transaction sub-families (BankTransactionCode.SubCode) → our transaction types. */
const TYPE_BY_SUBCODE: Record<string, string> = {
  POSD: 'CardPayment',
  CWDL: 'Cash',
  ESDD: 'DirectDebit',
  PMDD: 'DirectDebit',
  BBDD: 'DirectDebit',
  OODD: 'DirectDebit',
  STDO: 'StandingOrder',
  DMCT: 'FasterPayment',
  SALA: 'BankGiroCredit',
  BOOK: 'Transfer',
  CHRG: 'Charge',
  INTR: 'Interest',
};

export function normalizeObie(slug: string, payloads: RawPayload[]): NormalizedPull {
  const override = overrideFor(slug);
  const out: NormalizedPull = { accounts: [], balances: [], transactions: [], statements: [], parties: [] };
  const transactions = new Map<string, NormalizedTransaction>();
  const fallbackIds = new Map<string, number>();
  for (const p of payloads) {
    const where = `${p.resource}${p.bankAccountId ? ` of account ${p.bankAccountId}` : ''}, page ${p.page}`;
    try {
      const data = obj(obj(parseBody(p.body), '').Data, '/Data');
      switch (p.resource) {
        case 'accounts':
          optArr(data.Account, '/Data/Account').forEach((a, i) =>
            out.accounts.push(account(obj(a, `/Data/Account/${i}`), `/Data/Account/${i}`, override)),
          );
          break;
        case 'balances':
          optArr(data.Balance, '/Data/Balance').forEach((b, i) =>
            out.balances.push(balance(obj(b, `/Data/Balance/${i}`), `/Data/Balance/${i}`)),
          );
          break;
        case 'transactions':
          optArr(data.Transaction, '/Data/Transaction').forEach((t, i) => {
            const n = transaction(
              obj(t, `/Data/Transaction/${i}`),
              `/Data/Transaction/${i}`,
              p.bankAccountId,
              override,
              fallbackIds,
            );
            // A transaction seen twice (pages that shifted while we read them) counts once: the later copy wins.
            if (n) transactions.set(`${n.bankAccountId}\u0000${n.externalTransactionId}`, n);
          });
          break;
        case 'statements':
          optArr(data.Statement, '/Data/Statement').forEach((s, i) =>
            out.statements.push(
              document(toSpecStatement(obj(s, `/Data/Statement/${i}`), `/Data/Statement/${i}`), p.bankAccountId),
            ),
          );
          break;
        case 'parties':
          optArr(data.Party, '/Data/Party').forEach((s, i) =>
            out.parties.push(document(toSpecParty(obj(s, `/Data/Party/${i}`), `/Data/Party/${i}`), p.bankAccountId)),
          );
          break;
      }
    } catch (err) {
      if (err instanceof ShapeError)
        throw new BankBadResponseError(slug, `Unreadable ${where}: ${err.message}`, p.status);
      throw err;
    }
  }
  out.transactions = [...transactions.values()];
  return out;
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new ShapeError('', 'the body is not JSON');
  }
}

function account(a: Json, at: string, override: ObieOverride): NormalizedAccount {
  const bankAccountId = str(a.AccountId, `${at}/AccountId`);
  const ids = optArr(a.Account, `${at}/Account`).map((x, i) => obj(x, `${at}/Account/${i}`));
  // Sort code and account number first: it is what UK customers and lenders know the account by.
  const primary =
    ids.find((x) => x.SchemeName === 'UK.OBIE.SortCodeAccountNumber') ??
    ids.find((x) => x.SchemeName === 'UK.OBIE.IBAN') ??
    ids[0] ??
    null;
  const schemeName = primary ? str(primary.SchemeName, `${at}/Account/0/SchemeName`) : 'UK.OBIE.Proprietary';
  const identification = primary
    ? str(primary.Identification, `${at}/Account/0/Identification`).replace(/\s+/g, '')
    : null;
  const pair = identification ? ukPair(schemeName, identification) : null;
  const subType = optStr(a.AccountSubType, `${at}/AccountSubType`) ?? 'CurrentAccount';
  const normalized: NormalizedAccount = {
    bankAccountId,
    currency: str(a.Currency, `${at}/Currency`),
    type: optStr(a.AccountType, `${at}/AccountType`) === 'Business' ? 'Business' : 'Personal',
    subType: subType === 'Wallet' ? 'EMoney' : SUB_TYPES.has(subType) ? subType : 'CurrentAccount',
    schemeName,
    number: pair ? `${pair.sortCode}${pair.accountNumber}` : (identification ?? bankAccountId),
    sortCode: pair?.sortCode ?? null,
    accountNumber: pair?.accountNumber ?? null,
    name: primary ? optStr(primary.Name, `${at}/Account/0/Name`) : null,
    nickname: optStr(a.Nickname, `${at}/Nickname`),
    identification,
    secondaryIdentification: primary
      ? optStr(primary.SecondaryIdentification, `${at}/Account/0/SecondaryIdentification`)
      : null,
  };
  return override.account ? override.account(normalized, a) : normalized;
}

/** Sort code and account number from the UK schemes (a GB IBAN carries both: GBkk BANK SSSSSS AAAAAAAA). */
function ukPair(scheme: string, id: string): { sortCode: string; accountNumber: string } | null {
  if (scheme === 'UK.OBIE.SortCodeAccountNumber' && /^\d{14}$/.test(id))
    return { sortCode: id.slice(0, 6), accountNumber: id.slice(6) };
  const [, sortCode, accountNumber] = /^GB\d{2}[A-Z]{4}(\d{6})(\d{8})$/.exec(id) ?? [];
  return scheme === 'UK.OBIE.IBAN' && sortCode !== undefined && accountNumber !== undefined
    ? { sortCode, accountNumber }
    : null;
}

function balance(b: Json, at: string): NormalizedBalance {
  const amount = obj(b.Amount, `${at}/Amount`);
  return {
    bankAccountId: str(b.AccountId, `${at}/AccountId`),
    type: str(b.Type, `${at}/Type`),
    amount: signedAmount(amount.Amount, b.CreditDebitIndicator, at),
    currency: str(amount.Currency, `${at}/Amount/Currency`),
    dateTime: dateTime(b.DateTime, `${at}/DateTime`),
  };
}

function transaction(
  t: Json,
  at: string,
  pageAccount: string | null,
  override: ObieOverride,
  fallbackIds: Map<string, number>,
): NormalizedTransaction | null {
  const status = str(t.Status, `${at}/Status`);
  if (status === 'Rejected') return null; // never happened: not a transaction of the account
  if (status !== 'Booked' && status !== 'Pending')
    throw new ShapeError(`${at}/Status`, `"${status}" is not Booked, Pending or Rejected`);
  const bankAccountId = optStr(t.AccountId, `${at}/AccountId`) ?? pageAccount;
  if (!bankAccountId) throw new ShapeError(`${at}/AccountId`, 'missing');
  const amount = obj(t.Amount, `${at}/Amount`);
  const bookingDateTime = dateTime(t.BookingDateTime, `${at}/BookingDateTime`);
  const merchant = optObj(t.MerchantDetails, `${at}/MerchantDetails`);
  const code = optObj(t.BankTransactionCode, `${at}/BankTransactionCode`);
  const proprietary = optObj(t.ProprietaryBankTransactionCode, `${at}/ProprietaryBankTransactionCode`);
  const bal = optObj(t.Balance, `${at}/Balance`);
  const balAmount = bal ? obj(bal.Amount, `${at}/Balance/Amount`) : null;
  const name =
    optStr(t.TransactionInformation, `${at}/TransactionInformation`) ??
    (merchant ? optStr(merchant.MerchantName, `${at}/MerchantDetails/MerchantName`) : null) ??
    optStr(t.TransactionReference, `${at}/TransactionReference`) ??
    '(no description)';
  const signed = signedAmount(amount.Amount, t.CreditDebitIndicator, at);
  const normalized: NormalizedTransaction = {
    bankAccountId,
    externalTransactionId: optStr(t.TransactionId, `${at}/TransactionId`) ?? fallbackId(bankAccountId, t, fallbackIds),
    name,
    type: code ? (TYPE_BY_SUBCODE[String(code.SubCode)] ?? null) : null,
    amount: signed,
    currency: str(amount.Currency, `${at}/Amount/Currency`),
    status,
    bookingDateTime,
    valueDateTime: optDateTime(t.ValueDateTime, `${at}/ValueDateTime`) ?? bookingDateTime,
    balance:
      bal && balAmount
        ? {
            amount: signedAmount(balAmount.Amount, bal.CreditDebitIndicator, `${at}/Balance`),
            currency: str(balAmount.Currency, `${at}/Balance/Amount/Currency`),
            type: str(bal.Type, `${at}/Balance/Type`),
          }
        : null,
    category: null,
    addressLine: optStr(t.AddressLine, `${at}/AddressLine`),
    merchantName: merchant ? optStr(merchant.MerchantName, `${at}/MerchantDetails/MerchantName`) : null,
    merchantCategoryCode: merchant
      ? optStr(merchant.MerchantCategoryCode, `${at}/MerchantDetails/MerchantCategoryCode`)
      : null,
    bankTransactionCode: proprietary ? str(proprietary.Code, `${at}/ProprietaryBankTransactionCode/Code`) : null,
    bankTransactionIssuer: proprietary
      ? optStr(proprietary.Issuer, `${at}/ProprietaryBankTransactionCode/Issuer`)
      : null,
  };
  return override.transaction ? override.transaction(normalized, t) : normalized;
}

/**
 * TransactionId is optional in the standard. Without it, the id is a digest of what identifies the entry, with a
 * counter for identical entries within one fetch (two identical coffees in the same second stay two).
 */
function fallbackId(bankAccountId: string, t: Json, seen: Map<string, number>): string {
  const amount = t.Amount as Json | undefined;
  const key = [
    bankAccountId,
    t.BookingDateTime,
    amount?.Amount,
    amount?.Currency,
    t.CreditDebitIndicator,
    t.TransactionInformation,
    t.TransactionReference,
    t.Status,
  ]
    .map((v) => (v === undefined || v === null ? '' : String(v)))
    .join('\u0000');
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  return `obi-${createHash('sha256').update(`${key}\u0000${n}`).digest('hex').slice(0, 32)}`;
}

function document(body: Record<string, unknown>, pageAccount: string | null): NormalizedDocument {
  const accountId = typeof body.AccountId === 'string' && body.AccountId !== '' ? body.AccountId : pageAccount;
  if (!accountId) throw new ShapeError('/AccountId', 'missing');
  return { bankAccountId: accountId, body: { ...body, AccountId: accountId } };
}
