/**
 * How each bank writes its statement lines. Real UK banks differ a lot: Santander spells everything out
 * ("CARD PAYMENT TO … ON 11-01-2026"), NatWest puts the card number and date first, Lloyds appends "CD 1234",
 * HSBC marks contactless with ")))", Halifax cuts at 18 characters, Nationwide and the app banks use mixed case.
 * The formats are modelled on published statement examples; they are plausible, not byte-exact copies, and
 * give the classifier the variety it meets in production.
 */
import type { CardInput, ChargeKind, IdFormat, OwnAccountRef, TextKind } from './statement-text.ts';
import { dMon, dMonYy, dSpaceMon, dmy, dmyShort, mandateNumber, money, titleCase } from './statement-text.ts';

export interface BankStyle {
  slug: string;
  /** statement text limit in characters; null when the bank does not cut */
  maxLength: number | null;
  /** first two digits of the bank's sort codes */
  sortCodePrefix: string;
  idFormat: IdFormat;
  /** transaction type per kind; a kind left out gets type null (some banks leave it empty) */
  types: Partial<Record<TextKind, string>>;
  /** the bank's own short transaction codes, sent as proprietary_bank_transaction_code */
  codes?: Partial<Record<TextKind, string>>;
  codeIssuer?: string;
  /** Monzo and Starling put their own spending category on each transaction */
  categoryNames?: 'monzo' | 'starling';
  /** the bank sends the merchant's town as address_line */
  addressLine?: boolean;
  card(c: CardInput): string;
  cardRefund(c: CardInput): string;
  directDebit(payee: string, ref: string): string;
  standingOrder(payee: string, ref: string): string;
  giroCredit(payer: string, ref: string): string;
  fasterIn(payer: string, ref: string, day: number): string;
  fasterOut(payee: string, ref: string, day: number): string;
  cash(c: CardInput): string;
  transferOut(to: OwnAccountRef, day: number): string;
  transferIn(from: OwnAccountRef, day: number): string;
  unpaidDirectDebit(payee: string): string;
  charge(kind: ChargeKind): string;
  interest(): string;
}

const ALL_TYPES: Record<TextKind, string> = {
  card: 'CardPayment',
  card_refund: 'CardPayment',
  dd: 'DirectDebit',
  so: 'StandingOrder',
  bgc: 'BankGiroCredit',
  fpi: 'FasterPayment',
  fpo: 'FasterPayment',
  cash: 'Cash',
  transfer_in: 'Transfer',
  transfer_out: 'Transfer',
  unpaid_dd: 'DirectDebit',
  charge: 'Charge',
  interest: 'Interest',
};

function typesWithout(...missing: TextKind[]): Partial<Record<TextKind, string>> {
  const t: Partial<Record<TextKind, string>> = { ...ALL_TYPES };
  for (const k of missing) delete t[k];
  return t;
}

const UPPER_CHARGES: Record<ChargeKind, string> = {
  unpaid_item_fee: 'UNPAID ITEM FEE',
  unarranged_od_fee: 'UNARRANGED OD FEE',
  overdraft_interest: 'OVERDRAFT INTEREST',
  account_fee: 'ACCOUNT FEE',
};

// Lloyds Banking Group (Lloyds, Halifax, Bank of Scotland) and TSB share these codes.
const LBG_CODES: Partial<Record<TextKind, string>> = {
  card: 'DEB',
  card_refund: 'DEB',
  dd: 'DD',
  so: 'SO',
  bgc: 'BGC',
  fpi: 'FPI',
  fpo: 'FPO',
  cash: 'CPT',
  transfer_in: 'TFR',
  transfer_out: 'TFR',
  unpaid_dd: 'DD',
  charge: 'CHG',
  interest: 'INT',
};

const barclays: BankStyle = {
  slug: 'barclays',
  maxLength: null,
  sortCodePrefix: '20',
  idFormat: 'numeric',
  types: ALL_TYPES,
  card: (c) => `${c.descriptor} ON ${dSpaceMon(c.day)} ${c.contactless ? 'CLP' : 'BCC'}`,
  cardRefund: (c) => `REFUND ${c.descriptor} ON ${dSpaceMon(c.day)} BCC`,
  directDebit: (p, r) => `${p} ${r} DDR`,
  standingOrder: (p, r) => `${p} ${r} STO`,
  giroCredit: (p, r) => `${p} ${r} BGC`,
  fasterIn: (p, r) => `${p} ${r} FT`,
  fasterOut: (p, r) => `${p} ${r} BBP`,
  cash: (c) => `CASH WDL ${c.descriptor} ON ${dSpaceMon(c.day)}`,
  transferOut: (to) => `TO A/C ${to.accountNumber} ${to.nickname.toUpperCase()}`,
  transferIn: (from) => `FROM A/C ${from.accountNumber} ${from.nickname.toUpperCase()}`,
  unpaidDirectDebit: (p) => `UNPAID DD ${p}`,
  charge: (k) => (k === 'unpaid_item_fee' ? 'UNPAID ITEM CHARGE' : UPPER_CHARGES[k]),
  interest: () => 'INTEREST PAID',
};

const hsbc: BankStyle = {
  slug: 'hsbc',
  maxLength: 32,
  sortCodePrefix: '40',
  idFormat: 'hex',
  types: typesWithout('interest'),
  codes: {
    card: 'VIS',
    card_refund: 'VIS',
    dd: 'DD',
    so: 'SO',
    bgc: 'CR',
    fpi: 'CR',
    fpo: 'OBP',
    cash: 'ATM',
    transfer_in: 'TFR',
    transfer_out: 'TFR',
    unpaid_dd: 'DD',
    charge: 'DR',
    interest: 'CR',
  },
  codeIssuer: 'HSBC',
  card: (c) => `${c.contactless ? ')))' : ''}${c.descriptor} ${c.location}`,
  cardRefund: (c) => `${c.descriptor} ${c.location} REFUND`,
  directDebit: (p, r) => `DD ${p} ${r}`,
  standingOrder: (p, r) => `SO ${p} ${r}`,
  giroCredit: (p, r) => `CR ${p} ${r}`,
  fasterIn: (p, r) => `CR ${p} ${r}`,
  fasterOut: (p, r) => `OBP ${p} ${r}`,
  cash: (c) => `CASH ${c.descriptor} ${dMon(c.day)}`,
  transferOut: (to) => `TFR ${to.sortCode} ${to.accountNumber}`,
  transferIn: (from) => `TFR ${from.sortCode} ${from.accountNumber}`,
  unpaidDirectDebit: (p) => `UNPAID DD ${p}`,
  charge: (k) => UPPER_CHARGES[k],
  interest: () => 'CREDIT INTEREST',
};

function lloydsGroup(slug: string, maxLength: number | null, sortCodePrefix: string, issuer: string): BankStyle {
  return {
    slug,
    maxLength,
    sortCodePrefix,
    idFormat: 'hex',
    types: typesWithout('charge'),
    codes: LBG_CODES,
    codeIssuer: issuer,
    card: (c) => `${c.descriptor} CD ${c.last4}`,
    cardRefund: (c) => `${c.descriptor} CD ${c.last4} REFUND`,
    directDebit: (p, r) => `${p} ${r}`,
    standingOrder: (p, r) => `${p} ${r}`,
    giroCredit: (p, r) => `${p} ${r}`,
    fasterIn: (p, r, d) => `${p} ${r} FP ${dmyShort(d)}`,
    fasterOut: (p, r, d) => `${p} ${r} FP ${dmyShort(d)}`,
    cash: (c) => `LNK ${c.descriptor} CD ${c.last4} ${dMonYy(c.day)}`,
    transferOut: (to) => `${to.sortCode} ${to.accountNumber} ${to.nickname.toUpperCase()}`,
    transferIn: (from) => `${from.sortCode} ${from.accountNumber} ${from.nickname.toUpperCase()}`,
    unpaidDirectDebit: (p) => `RETURNED DD ${p}`,
    charge: (k) => UPPER_CHARGES[k],
    interest: () => 'INTEREST (GROSS)',
  };
}

const natwest: BankStyle = {
  slug: 'natwest',
  maxLength: null,
  sortCodePrefix: '60',
  idFormat: 'hex',
  types: ALL_TYPES,
  codes: {
    card: 'POS',
    card_refund: 'POS',
    dd: 'D/D',
    so: 'S/O',
    bgc: 'BAC',
    fpi: 'BAC',
    fpo: 'OTR',
    cash: 'C/P',
    transfer_in: 'TFR',
    transfer_out: 'TFR',
    unpaid_dd: 'D/D',
    charge: 'CHG',
    interest: 'INT',
  },
  codeIssuer: 'NatWest',
  card: (c) =>
    `${c.last4} ${dMonYy(c.day)} ${c.contactless ? 'C' : 'D'} , ${c.descriptor} , ${c.location} ${c.country}`,
  cardRefund: (c) => `${c.last4} ${dMonYy(c.day)} , ${c.descriptor} , REFUND`,
  directDebit: (p, r) => `${p} ${r}`,
  standingOrder: (p, r) => `${p} ${r}`,
  giroCredit: (p, r) => `${p} , ${r}`,
  fasterIn: (p, r, d) => `${p} , ${r} , FP ${dmyShort(d)}`,
  fasterOut: (p, r, d) => `${p} , ${r} , VIA MOBILE - PYMT , FP ${dmyShort(d)}`,
  cash: (c) => `${c.last4} ${dMonYy(c.day)} , ${c.descriptor} , ${c.location} ${c.country}`,
  transferOut: (to) => `${to.sortCode} ${to.accountNumber} , ${to.nickname.toUpperCase()} , VIA MOBILE XFER`,
  transferIn: (from) => `FROM A/C ${from.accountNumber} , ${from.nickname.toUpperCase()}`,
  unpaidDirectDebit: (p) => `UNPAID D/D ${p}`,
  charge: (k) => (k === 'unarranged_od_fee' ? 'UNARRANGED OVERDRAFT FEE' : UPPER_CHARGES[k]),
  interest: () => 'INTEREST',
};

const santander: BankStyle = {
  slug: 'santander',
  maxLength: null,
  sortCodePrefix: '09',
  idFormat: 'hex',
  types: typesWithout('cash'),
  card: (c) => `CARD PAYMENT TO ${c.descriptor},${money(c.pence)} GBP, RATE 1.00/GBP ON ${dmy(c.day)}`,
  cardRefund: (c) => `PURCHASE REFUND FROM ${c.descriptor},${money(c.pence)} GBP ON ${dmy(c.day)}`,
  directDebit: (p, r) => `DIRECT DEBIT PAYMENT TO ${p} REF ${r}, MANDATE NO ${mandateNumber(p)}`,
  standingOrder: (p, r) =>
    `STANDING ORDER VIA FASTER PAYMENT TO ${p} REFERENCE ${r} , MANDATE NO ${mandateNumber(p + r)}`,
  giroCredit: (p, r) => `BANK GIRO CREDIT REF ${p}, ${r}`,
  fasterIn: (p, r) => `FASTER PAYMENTS RECEIPT REF ${r} FROM ${p}`,
  fasterOut: (p, r) => `BILL PAYMENT VIA FASTER PAYMENT TO ${p} REFERENCE ${r} , MANDATE NO ${mandateNumber(p)}`,
  cash: (c) => `CASH WITHDRAWAL AT ${c.descriptor} ${c.location},${money(c.pence)} GBP , ON ${dmy(c.day)}`,
  transferOut: (to) => `TRANSFER TO ${to.nickname.toUpperCase()} ${to.accountNumber}`,
  transferIn: (from) => `TRANSFER FROM ${from.nickname.toUpperCase()} ${from.accountNumber}`,
  unpaidDirectDebit: (p) => `UNPAID DIRECT DEBIT TO ${p}`,
  charge: (k) =>
    k === 'unarranged_od_fee'
      ? 'UNARRANGED OVERDRAFT USAGE FEE'
      : k === 'account_fee'
        ? 'MONTHLY ACCOUNT FEE'
        : UPPER_CHARGES[k],
  interest: () => 'INTEREST PAID AFTER TAX 0.00 DEDUCTED',
};

const nationwide: BankStyle = {
  slug: 'nationwide',
  maxLength: null,
  sortCodePrefix: '07',
  idFormat: 'hex',
  types: typesWithout('transfer_in', 'transfer_out', 'interest'),
  addressLine: true,
  card: (c) => `${c.descriptor.padEnd(20)} ${c.location} ${c.country}`,
  cardRefund: (c) => `${c.descriptor.padEnd(20)} ${c.location} ${c.country}`,
  directDebit: (p, r) => `Direct debit ${p} ${r}`,
  standingOrder: (p, r) => `Standing order ${p} ${r}`,
  giroCredit: (p, r) => `Bank credit ${p} ${r}`,
  fasterIn: (p, r) => `Bank credit ${p} ${r}`,
  fasterOut: (p, r) => `Payment to ${p} ${r}`,
  cash: (c) => `Cash withdrawal ${c.descriptor} ${c.location}`,
  transferOut: (to) => `Transfer to ${to.nickname}`,
  transferIn: (from) => `Transfer from ${from.nickname}`,
  unpaidDirectDebit: (p) => `Unpaid direct debit ${p}`,
  charge: (k) => titleCase(UPPER_CHARGES[k]).replace(/ Od /, ' overdraft '),
  interest: () => 'Interest',
};

const monzo: BankStyle = {
  slug: 'monzo',
  maxLength: null,
  sortCodePrefix: '04',
  idFormat: 'monzo',
  types: ALL_TYPES,
  categoryNames: 'monzo',
  card: (c) => `${c.descriptor} ${c.location} ${c.country === 'GB' ? 'GBR' : c.country}`,
  cardRefund: (c) => `${c.descriptor} ${c.location} ${c.country === 'GB' ? 'GBR' : c.country}`,
  directDebit: (p) => p,
  standingOrder: (p, r) => `${p} ${r}`,
  giroCredit: (p, r) => `${p} ${r}`,
  fasterIn: (p, r) => `${p} ${r}`,
  fasterOut: (p, r) => `${p} ${r}`,
  cash: (c) => `LNK ${c.descriptor} ${c.location} GBR`,
  transferOut: (to) => `Transfer to ${to.nickname}`,
  transferIn: (from) => `Transfer from ${from.nickname}`,
  unpaidDirectDebit: (p) => `Returned direct debit ${p}`,
  charge: (k) => titleCase(UPPER_CHARGES[k]),
  interest: () => 'Interest',
};

const starling: BankStyle = {
  slug: 'starling',
  maxLength: null,
  sortCodePrefix: '60',
  idFormat: 'uuid',
  types: typesWithout('bgc'),
  categoryNames: 'starling',
  card: (c) => titleCase(c.descriptor),
  cardRefund: (c) => `Refund ${titleCase(c.descriptor)}`,
  directDebit: (p) => titleCase(p),
  standingOrder: (p, r) => `${titleCase(p)} ${r}`,
  giroCredit: (p, r) => `${titleCase(p)} ${r}`,
  fasterIn: (p, r) => `${titleCase(p)} ${r}`,
  fasterOut: (p, r) => `${titleCase(p)} ${r}`,
  cash: (c) => `ATM ${titleCase(c.descriptor)} ${titleCase(c.location)}`,
  transferOut: (to) => `Transfer to ${to.nickname}`,
  transferIn: (from) => `Transfer from ${from.nickname}`,
  unpaidDirectDebit: (p) => `Returned Direct Debit ${titleCase(p)}`,
  charge: (k) => titleCase(UPPER_CHARGES[k]),
  interest: () => 'Interest Earned',
};

/** Prefix style (TSB and the sandbox): "BGC ACME LOGISTICS LTD SALARY", "FPI J SMITH REF 82736", "LINK 12JAN CASH". */
function prefixStyle(slug: string, sortCodePrefix: string, issuer: string | undefined): BankStyle {
  return {
    slug,
    maxLength: null,
    sortCodePrefix,
    idFormat: 'hex',
    types: typesWithout('interest'),
    codes: issuer ? LBG_CODES : undefined,
    codeIssuer: issuer,
    card: (c) => `${c.descriptor} ${c.location} ${c.country}`,
    cardRefund: (c) => `REFUND ${c.descriptor} ${c.location}`,
    directDebit: (p, r) => `DD ${p} ${r}`,
    standingOrder: (p, r) => `SO ${p} ${r}`,
    giroCredit: (p, r) => `BGC ${p} ${r}`,
    fasterIn: (p, r) => `FPI ${p} REF ${r}`,
    fasterOut: (p, r) => `FPO ${p} REF ${r}`,
    cash: (c) => `LINK ${dMon(c.day)} CASH`,
    transferOut: (to) => `TFR TO ${to.sortCode}${to.accountNumber}`,
    transferIn: (from) => `TFR FROM ${from.sortCode}${from.accountNumber}`,
    unpaidDirectDebit: (p) => `UNPAID DD ${p}`,
    charge: (k) => (k === 'overdraft_interest' ? 'OD INTEREST' : UPPER_CHARGES[k]),
    interest: () => 'INTEREST',
  };
}

const STYLES: ReadonlyMap<string, BankStyle> = new Map(
  [
    barclays,
    hsbc,
    natwest,
    santander,
    nationwide,
    monzo,
    starling,
    lloydsGroup('lloyds', 32, '30', 'Lloyds Bank'),
    lloydsGroup('halifax', 18, '11', 'Halifax'),
    lloydsGroup('bank-of-scotland', 18, '80', 'Bank of Scotland'),
    prefixStyle('tsb', '77', 'TSB'),
    prefixStyle('sandbox', '99', undefined),
    { ...starling, slug: 'tide' },
  ].map((s) => [s.slug, s]),
);

/** Banks that write like another one (same group or same kind of app). */
const ALIASES: Record<string, string> = {
  'first-direct': 'hsbc',
  rbs: 'natwest',
  'ulster-bank': 'natwest',
  'coop-bank': 'tsb',
  'virgin-money': 'barclays',
  'metro-bank': 'barclays',
  'chase-uk': 'monzo',
  revolut: 'monzo',
  'sandbox-business': 'sandbox',
};

/** The style of a bank slug; business variants ("natwest-business") write like their retail bank. */
export function styleFor(slug: string): BankStyle {
  const retail = slug.replace(/-business$/, '');
  const base =
    STYLES.get(slug) ?? STYLES.get(ALIASES[slug] ?? '') ?? STYLES.get(retail) ?? STYLES.get(ALIASES[retail] ?? '');
  if (!base) return prefixStyle(slug, '99', undefined);
  return base.slug === slug ? base : { ...base, slug };
}
