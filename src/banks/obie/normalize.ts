/**
 * OBIE Account and Transaction API v3.1 payloads → our normalised shapes (banks/connector.ts). Pure: no I/O, no
 * clock. Reads the standard; per-bank quirks are applied from overrides/<slug>.ts. An unreadable page or account
 * throws BankBadResponseError naming the resource, page and JSON path; an unreadable balance, transaction,
 * statement or party is left out and listed in `skipped` (one bad item never loses the pull). A payload the bank
 * answered 404 or 403 for (an optional resource it does not offer, obie/client.ts) is listed in `notOffered`.
 */
import { createHash } from 'node:crypto';
import type {
  NotOffered,
  NormalizedAccount,
  NormalizedBalance,
  NormalizedDocument,
  NormalizedPull,
  NormalizedTransaction,
  RawPayload,
  SkippedItem,
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
  unsignedAmount,
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

/**
 * The same sub-families by their long ISO 20022 names, as the OBIE v3.1 examples and many UK banks write them
 * ("ReceivedCreditTransfer" / "DomesticCreditTransfer"), compared without case or separators.
 */
const TYPE_BY_LONG_SUBCODE: Record<string, string> = {
  pointofsale: 'CardPayment',
  cashwithdrawal: 'Cash',
  sepacoredirectdebit: 'DirectDebit',
  directdebitpayment: 'DirectDebit',
  directdebit: 'DirectDebit',
  sepab2bdirectdebit: 'DirectDebit',
  oneoffdirectdebit: 'DirectDebit',
  standingorder: 'StandingOrder',
  domesticcredittransfer: 'FasterPayment',
  payrollsalarypayment: 'BankGiroCredit',
  salarypayment: 'BankGiroCredit',
  internalbooktransfer: 'Transfer',
  booktransfer: 'Transfer',
  charges: 'Charge',
  chargesgeneric: 'Charge',
  interest: 'Interest',
};

/** Families (BankTransactionCode.Code) that say enough on their own when the sub-family is not one we know. */
const TYPE_BY_FAMILY: Record<string, string> = {
  RCDT: 'Transfer',
  ICDT: 'Transfer',
  receivedcredittransfer: 'Transfer',
  issuedcredittransfer: 'Transfer',
  RDDT: 'DirectDebit',
  IDDT: 'DirectDebit',
  receiveddirectdebit: 'DirectDebit',
  issueddirectdebit: 'DirectDebit',
  CCRD: 'CardPayment',
  customercardtransaction: 'CardPayment',
  CNTR: 'Cash',
  countertransaction: 'Cash',
};

const squash = (s: string) => s.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

/** BankTransactionCode → our type: short or long sub-family first, then the family, else none. */
function typeOfCode(code: Json | null): string | null {
  if (!code) return null;
  const sub = typeof code.SubCode === 'string' ? code.SubCode : '';
  const family = typeof code.Code === 'string' ? code.Code : '';
  return (
    TYPE_BY_SUBCODE[sub] ??
    TYPE_BY_LONG_SUBCODE[squash(sub)] ??
    TYPE_BY_FAMILY[family] ??
    TYPE_BY_FAMILY[squash(family)] ??
    null
  );
}

export function normalizeObie(slug: string, payloads: RawPayload[]): NormalizedPull {
  const override = overrideFor(slug);
  const out: NormalizedPull = {
    accounts: [],
    balances: [],
    transactions: [],
    statements: [],
    parties: [],
    notOffered: [],
    skipped: [],
  };
  const transactions = new Map<string, NormalizedTransaction>();
  const fallbackIds = new Map<string, number>();
  for (const p of payloads) {
    const where = `${p.resource}${p.bankAccountId ? ` of account ${p.bankAccountId}` : ''}, page ${p.page}`;
    if (p.status === 404 || p.status === 403) {
      const n: NotOffered = { resource: p.resource, bankAccountId: p.bankAccountId, status: p.status };
      out.notOffered.push(n);
      continue;
    }
    /** One item: read, or left out and listed when it cannot be read. */
    const each = (items: unknown[], at: string, read: (item: Json, path: string) => void) =>
      items.forEach((x, i) => {
        const path = `${at}/${i}`;
        try {
          read(obj(x, path), path);
        } catch (err) {
          if (!(err instanceof ShapeError)) throw err;
          const skipped: SkippedItem = {
            resource: p.resource,
            bankAccountId: p.bankAccountId,
            page: p.page,
            path: err.path,
          };
          out.skipped.push(skipped);
        }
      });
    try {
      const data = obj(obj(parseBody(p.body), '').Data, '/Data');
      switch (p.resource) {
        case 'accounts':
          // Strict: an account we cannot identify would leave its balances and transactions nowhere to go.
          optArr(data.Account, '/Data/Account').forEach((a, i) =>
            out.accounts.push(account(obj(a, `/Data/Account/${i}`), `/Data/Account/${i}`, override)),
          );
          break;
        case 'balances':
          each(optArr(data.Balance, '/Data/Balance'), '/Data/Balance', (b, at) => out.balances.push(balance(b, at)));
          break;
        case 'transactions':
          each(optArr(data.Transaction, '/Data/Transaction'), '/Data/Transaction', (t, at) => {
            const n = transaction(t, at, p.bankAccountId, override, fallbackIds);
            // A transaction seen twice (pages that shifted while we read them) counts once: the later copy wins.
            if (n) transactions.set(`${n.bankAccountId}\u0000${n.externalTransactionId}`, n);
          });
          break;
        case 'statements':
          each(optArr(data.Statement, '/Data/Statement'), '/Data/Statement', (st, at) =>
            out.statements.push(document(toSpecStatement(st, at), p.bankAccountId)),
          );
          break;
        case 'parties':
          // /party answers one object, /parties a list.
          each(
            Array.isArray(data.Party)
              ? data.Party
              : data.Party === undefined || data.Party === null
                ? []
                : [data.Party],
            '/Data/Party',
            (party, at) => out.parties.push(document(toSpecParty(party, at), p.bankAccountId)),
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
  const lines = b.CreditLine === undefined ? null : optArr(b.CreditLine, `${at}/CreditLine`);
  return {
    creditLines:
      lines?.map((x, i) => {
        const line = obj(x, `${at}/CreditLine/${i}`);
        const money = optObj(line.Amount, `${at}/CreditLine/${i}/Amount`);
        if (typeof line.Included !== 'boolean')
          throw new ShapeError(`${at}/CreditLine/${i}/Included`, 'expected a boolean');
        return {
          included: line.Included,
          type: optStr(line.Type, `${at}/CreditLine/${i}/Type`),
          amount: money ? unsignedAmount(money.Amount, `${at}/CreditLine/${i}/Amount/Amount`) : null,
          currency: money ? str(money.Currency, `${at}/CreditLine/${i}/Amount/Currency`) : null,
        };
      }) ?? null,
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
  const signed = signedAmount(amount.Amount, t.CreditDebitIndicator, at);
  const counterpartyName = counterparty(t, at, signed.startsWith('-'));
  const name =
    optStr(t.TransactionInformation, `${at}/TransactionInformation`) ??
    (merchant ? optStr(merchant.MerchantName, `${at}/MerchantDetails/MerchantName`) : null) ??
    counterpartyName ??
    optStr(t.TransactionReference, `${at}/TransactionReference`) ??
    '(no description)';
  const charge = optObj(t.ChargeAmount, `${at}/ChargeAmount`);
  const fx = optObj(t.CurrencyExchange, `${at}/CurrencyExchange`);
  const normalized: NormalizedTransaction = {
    bankAccountId,
    externalTransactionId: optStr(t.TransactionId, `${at}/TransactionId`) ?? fallbackId(bankAccountId, t, fallbackIds),
    name,
    type: typeOfCode(code),
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
    counterpartyName,
    charge: charge
      ? {
          amount: unsignedAmount(charge.Amount, `${at}/ChargeAmount/Amount`),
          currency: str(charge.Currency, `${at}/ChargeAmount/Currency`),
        }
      : null,
    currencyExchange: fx ? currencyExchange(fx, `${at}/CurrencyExchange`) : null,
  };
  return override.transaction ? override.transaction(normalized, t) : normalized;
}

/** The other side's name: the creditor's for money out, the debtor's for money in (either, when only one is sent). */
function counterparty(t: Json, at: string, out: boolean): string | null {
  const name = (member: 'CreditorAccount' | 'DebtorAccount') => {
    const acc = optObj(t[member], `${at}/${member}`);
    return acc ? optStr(acc.Name, `${at}/${member}/Name`) : null;
  };
  return out ? (name('CreditorAccount') ?? name('DebtorAccount')) : (name('DebtorAccount') ?? name('CreditorAccount'));
}

function currencyExchange(fx: Json, at: string): NormalizedTransaction['currencyExchange'] {
  const instructed = optObj(fx.InstructedAmount, `${at}/InstructedAmount`);
  return {
    sourceCurrency: str(fx.SourceCurrency, `${at}/SourceCurrency`),
    targetCurrency: optStr(fx.TargetCurrency, `${at}/TargetCurrency`),
    unitCurrency: optStr(fx.UnitCurrency, `${at}/UnitCurrency`),
    exchangeRate: exchangeRate(fx.ExchangeRate, `${at}/ExchangeRate`),
    instructedAmount: instructed
      ? {
          amount: unsignedAmount(instructed.Amount, `${at}/InstructedAmount/Amount`),
          currency: str(instructed.Currency, `${at}/InstructedAmount/Currency`),
        }
      : null,
  };
}

/** The standard's ExchangeRate is a number; some banks send it as a numeric string. Kept as exact text. */
function exchangeRate(v: unknown, path: string): string {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return String(v);
  if (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) && Number(v) > 0) return v.trim();
  throw new ShapeError(path, 'expected a positive number');
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
